// RapidCheck generators of valid Messina states (docs/formats.md). They build only states the
// validator accepts: Located is computed from the units generated (the validator is the filter of
// last resort, not the generator), and shrinking keeps them valid because every field is derived
// from shrinkable counts.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace rulecheck::properties {

using json = nlohmann::json;

// One faction's pieces on one space.
struct SpacePieces {
  int civilian, infantry, bomber, fighter, mech, workers;
};

struct ConsumptionCase {
  bool ai = false;
  int disaffected = 0, spare = 0, food = 0, water = 0, energy = 0;
  std::vector<SpacePieces> spaces;  // a chain of spaces S0 - S1 - ...; the home is S0

  // Tokens backing the pieces: workers always; mechs never; the AI faction backs only civilians.
  int located() const {
    int n = 0;
    for (const auto& s : spaces) n += s.civilian + s.workers + (ai ? 0 : s.infantry + s.bomber + s.fighter);
    return n;
  }

  json state(int round) const {
    json spaces_json = json::object();
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      const auto& p = spaces[i];
      json adjacent = json::array();
      if (i > 0) adjacent.push_back("S" + std::to_string(i - 1));
      if (i + 1 < spaces.size()) adjacent.push_back("S" + std::to_string(i + 1));
      json space = {{"adjacent", adjacent},
                    {"units", {{"UE", {{"civilian", p.civilian}, {"infantry", p.infantry}, {"bomber", p.bomber},
                                       {"fighter", p.fighter}, {"mech", p.mech}}}}}};
      if (p.workers > 0) space["utilities"] = json::array({{{"owner", "UE"}, {"workers", p.workers}}});
      spaces_json["S" + std::to_string(i)] = space;
    }
    return {{"round", round},
            {"factions",
             {{"UE",
               {{"kind", ai ? "ai" : "human"},
                {"home", {"S0"}},
                {"population", {{"disaffected", disaffected}, {"spare", spare}, {"located", located()}}},
                {"resources", {{"food", food}, {"water", water}, {"energy", energy}}}}}}},
            {"spaces", spaces_json}};
  }

  // Every backed piece, one entry each, as disband choices ({"at", "unit"}).
  std::vector<json> backed_pieces() const {
    std::vector<json> out;
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      const auto& p = spaces[i];
      const std::string at = "S" + std::to_string(i);
      auto add = [&](const char* unit, int n) {
        for (int k = 0; k < n; ++k) out.push_back({{"at", at}, {"unit", unit}});
      };
      add("civilian", p.civilian);
      add("worker", p.workers);
      if (!ai) {
        add("infantry", p.infantry);
        add("bomber", p.bomber);
        add("fighter", p.fighter);
      }
    }
    return out;
  }
};

}  // namespace rulecheck::properties

namespace rc {

template <>
struct Arbitrary<rulecheck::properties::SpacePieces> {
  static Gen<rulecheck::properties::SpacePieces> arbitrary() {
    return gen::build<rulecheck::properties::SpacePieces>(
        gen::set(&rulecheck::properties::SpacePieces::civilian, gen::inRange(0, 4)),
        gen::set(&rulecheck::properties::SpacePieces::infantry, gen::inRange(0, 3)),
        gen::set(&rulecheck::properties::SpacePieces::bomber, gen::inRange(0, 2)),
        gen::set(&rulecheck::properties::SpacePieces::fighter, gen::inRange(0, 2)),
        gen::set(&rulecheck::properties::SpacePieces::mech, gen::inRange(0, 2)),
        gen::set(&rulecheck::properties::SpacePieces::workers, gen::inRange(0, 3)));
  }
};

template <>
struct Arbitrary<rulecheck::properties::ConsumptionCase> {
  static Gen<rulecheck::properties::ConsumptionCase> arbitrary() {
    using rulecheck::properties::ConsumptionCase;
    return gen::build<ConsumptionCase>(
        gen::set(&ConsumptionCase::ai, gen::arbitrary<bool>()),
        gen::set(&ConsumptionCase::disaffected, gen::inRange(0, 8)),
        gen::set(&ConsumptionCase::spare, gen::inRange(0, 10)),
        gen::set(&ConsumptionCase::food, gen::inRange(0, 16)),
        gen::set(&ConsumptionCase::water, gen::inRange(0, 16)),
        gen::set(&ConsumptionCase::energy, gen::inRange(0, 10)),
        gen::set(&ConsumptionCase::spaces, gen::mapcat(gen::inRange(1, 4), [](int n) {
                   return gen::container<std::vector<rulecheck::properties::SpacePieces>>(
                       static_cast<std::size_t>(n), gen::arbitrary<rulecheck::properties::SpacePieces>());
                 })));
  }
};

}  // namespace rc
