// RapidCheck generators of valid Messina states (docs/formats.md). They build only states the
// validator accepts: Located is computed from the units generated (the validator is the filter of
// last resort, not the generator), and shrinking keeps them valid because every field is derived
// from shrinkable counts.
//
// Every number and unit list the properties depend on comes from the loaded ruleset
// (rules/messina/ruleset.json) and the default readings (rules/messina/interpretations.json),
// through TokenRules below: a ruleset edit changes what the generators build and what the
// properties expect, instead of silently breaking them.
#pragma once

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>
#include <nlohmann/json.hpp>

namespace rulecheck::properties {

using json = nlohmann::json;

// What the ruleset and the default readings say about Population tokens and their bill.
struct TokenRules {
  int round_parity_consumption = 0;     // messina.consumption.when
  int tokens_per_food_and_water = 0;    // messina.consumption.cost
  bool bill_counts_disaffected = true;  // interpretation messina.consumption-bill
  json units;                           // the unit table: unit -> {cost, strength, population}
  std::set<std::string> ai_backed_units;

  static TokenRules from(const json& ruleset, const json& readings) {
    TokenRules r;
    r.round_parity_consumption = ruleset.at("round_parity_consumption").get<int>();
    r.tokens_per_food_and_water = ruleset.at("tokens_per_food_and_water").get<int>();
    r.bill_counts_disaffected = readings.at("messina.consumption-bill").get<std::string>() == "all-tokens";
    r.units = ruleset.at("units");
    r.ai_backed_units = ruleset.at("ai_backed_units").get<std::set<std::string>>();
    return r;
  }

  // messina.population.backing and messina.population.tokens: the tokens behind one piece. A
  // Worker always takes one; an AI unit one if the ruleset lists it as backed; a human unit its
  // population (none when that is 0).
  int tokens_for(bool ai, const std::string& unit) const {
    if (unit == "worker") return 1;
    const int population = units.at(unit).at("population").get<int>();
    if (ai) return ai_backed_units.count(unit) ? std::max(1, population) : 0;
    return population;
  }

  // messina.consumption.cost: F (and W) owed for `tokens` Population tokens, a part share rounded up.
  int cost(int tokens) const { return (tokens + tokens_per_food_and_water - 1) / tokens_per_food_and_water; }

  // messina.consumption.when: the first round (from 1) of the Consumption parity, and the n-th
  // round (n from 0) of the other parity.
  int consumption_round() const { return round_parity_consumption == 0 ? 2 : 1; }
  int round_without_consumption(int n) const { return 3 - consumption_round() + 2 * n; }
};

// One faction's pieces on one space.
struct SpacePieces {
  int civilian, infantry, bomber, fighter, mech, workers;

  // Each kind with its count, in the order the disband choices list them.
  std::vector<std::pair<std::string, int>> by_kind() const {
    return {{"civilian", civilian}, {"worker", workers},  {"infantry", infantry},
            {"bomber", bomber},     {"fighter", fighter}, {"mech", mech}};
  }
};

// One backed piece as a disband choice ({"at", "unit"}), with the tokens it stands for.
struct BackedPiece {
  json choice;
  int tokens = 0;
};

struct ConsumptionCase {
  bool ai = false;
  int disaffected = 0, spare = 0, food = 0, water = 0, energy = 0;
  std::vector<SpacePieces> spaces;  // a chain of spaces S0 - S1 - ...; the home is S0

  // Tokens backing the pieces, as the ruleset counts them.
  int located(const TokenRules& rules) const {
    int n = 0;
    for (const auto& s : spaces)
      for (const auto& [unit, count] : s.by_kind()) n += count * rules.tokens_for(ai, unit);
    return n;
  }

  // Tokens on the Consumption bill (interpretation messina.consumption-bill).
  int bill_tokens(const TokenRules& rules) const {
    return (rules.bill_counts_disaffected ? disaffected : 0) + spare + located(rules);
  }

  json state(const TokenRules& rules, int round) const {
    json spaces_json = json::object();
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      const auto& p = spaces[i];
      json adjacent = json::array();
      if (i > 0) adjacent.push_back("S" + std::to_string(i - 1));
      if (i + 1 < spaces.size()) adjacent.push_back("S" + std::to_string(i + 1));
      json space = {{"adjacent", adjacent},
                    {"units",
                     {{"UE",
                       {{"civilian", p.civilian},
                        {"infantry", p.infantry},
                        {"bomber", p.bomber},
                        {"fighter", p.fighter},
                        {"mech", p.mech}}}}}};
      if (p.workers > 0) space["utilities"] = json::array({{{"owner", "UE"}, {"workers", p.workers}}});
      spaces_json["S" + std::to_string(i)] = space;
    }
    return {{"round", round},
            {"factions",
             {{"UE",
               {{"kind", ai ? "ai" : "human"},
                {"home", {"S0"}},
                {"population", {{"disaffected", disaffected}, {"spare", spare}, {"located", located(rules)}}},
                {"resources", {{"food", food}, {"water", water}, {"energy", energy}}}}}}},
            {"spaces", spaces_json}};
  }

  // Every backed piece, one entry each, as disband choices.
  std::vector<BackedPiece> backed_pieces(const TokenRules& rules) const {
    std::vector<BackedPiece> out;
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      const std::string at = "S" + std::to_string(i);
      for (const auto& [unit, count] : spaces[i].by_kind()) {
        const int tokens = rules.tokens_for(ai, unit);
        if (tokens == 0) continue;
        for (int k = 0; k < count; ++k) out.push_back({{{"at", at}, {"unit", unit}}, tokens});
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
        gen::set(&ConsumptionCase::spare, gen::inRange(0, 10)), gen::set(&ConsumptionCase::food, gen::inRange(0, 16)),
        gen::set(&ConsumptionCase::water, gen::inRange(0, 16)), gen::set(&ConsumptionCase::energy, gen::inRange(0, 10)),
        gen::set(&ConsumptionCase::spaces, gen::mapcat(gen::inRange(1, 4), [](int n) {
          return gen::container<std::vector<rulecheck::properties::SpacePieces>>(
              static_cast<std::size_t>(n), gen::arbitrary<rulecheck::properties::SpacePieces>());
        })));
  }
};

}  // namespace rc
