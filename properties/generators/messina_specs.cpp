// Messina's case generator (messina_gen.hpp): the RapidCheck generators of the shrinkable specs, and
// the ruleset keys a sampled ruleset draws with the ranges the rules leave open for them.
#include "properties/generators/messina_gen.hpp"

namespace rulecheck::generators::messina_gen {

bool deciding(const std::string& point) {
  return std::find_if(kDecidingPoints.begin(), kDecidingPoints.end(),
                      [&](const char* p) { return point == p; }) != kDecidingPoints.end();
}

rc::Gen<int> small(int most) { return rc::gen::inRange(0, most + 1); }

// A count that grows with the size: 0..most at full size, mostly 0..1 when small.
rc::Gen<int> scaled(int most) {
  return rc::gen::withSize([most](int size) { return rc::gen::inRange(0, 1 + std::max(1, most * size / 100)); });
}

rc::Gen<UnitsSpec> units_spec() {
  return rc::gen::map(
      rc::gen::container<std::vector<int>>(5, rc::gen::weightedOneOf<int>({{3, rc::gen::just(0)}, {2, scaled(3)}})),
      [](const std::vector<int>& v) {
        UnitsSpec u;
        for (std::size_t i = 0; i < 5; ++i) u.count[i] = v[i];
        return u;
      });
}

rc::Gen<SpaceSpec> space_spec() {
  return rc::gen::build<SpaceSpec>(
      rc::gen::set(&SpaceSpec::parent, small(8)),
      rc::gen::set(&SpaceSpec::extra, rc::gen::weightedOneOf<int>({{3, rc::gen::just(-1)}, {1, small(8)}})),
      rc::gen::set(&SpaceSpec::units, rc::gen::map(rc::gen::container<std::vector<UnitsSpec>>(3, units_spec()),
                                                   [](const std::vector<UnitsSpec>& v) {
                                                     return std::array<UnitsSpec, 3>{v[0], v[1], v[2]};
                                                   })),
      rc::gen::set(&SpaceSpec::utility_owner, rc::gen::weightedOneOf<int>({{2, rc::gen::just(-1)}, {1, small(2)}})),
      rc::gen::set(&SpaceSpec::workers, scaled(3)),
      rc::gen::set(&SpaceSpec::guest, rc::gen::weightedOneOf<int>({{3, rc::gen::just(-1)}, {1, small(2)}})),
      rc::gen::set(&SpaceSpec::guests, rc::gen::inRange(1, 3)),
      rc::gen::set(&SpaceSpec::shield_owner, rc::gen::weightedOneOf<int>({{4, rc::gen::just(-1)}, {1, small(2)}})),
      rc::gen::set(&SpaceSpec::shield_level, rc::gen::inRange(1, 3)),
      rc::gen::set(&SpaceSpec::second_shield, rc::gen::weightedOneOf<int>({{3, rc::gen::just(-1)}, {1, small(2)}})),
      rc::gen::set(&SpaceSpec::second_level, rc::gen::inRange(1, 3)),
      rc::gen::set(&SpaceSpec::card_holder, rc::gen::weightedOneOf<int>({{2, rc::gen::just(-1)}, {1, small(2)}})),
      rc::gen::set(&SpaceSpec::card_exposed, rc::gen::arbitrary<bool>()),
      rc::gen::set(&SpaceSpec::card_units, units_spec()));
}

rc::Gen<FactionSpec> faction_spec() {
  return rc::gen::build<FactionSpec>(
      rc::gen::set(&FactionSpec::ai, rc::gen::arbitrary<bool>()),
      rc::gen::set(&FactionSpec::disaffected, scaled(6)), rc::gen::set(&FactionSpec::spare, scaled(10)),
      rc::gen::set(&FactionSpec::dead, scaled(2)), rc::gen::set(&FactionSpec::food, scaled(14)),
      rc::gen::set(&FactionSpec::water, scaled(14)), rc::gen::set(&FactionSpec::energy, scaled(16)),
      rc::gen::set(&FactionSpec::home, small(8)),
      rc::gen::set(&FactionSpec::second_home, rc::gen::weightedOneOf<int>({{2, rc::gen::just(-1)}, {1, small(8)}})),
      rc::gen::set(&FactionSpec::consents,
                   rc::gen::map(rc::gen::container<std::vector<int>>(
                                    3, rc::gen::weightedOneOf<int>({{3, rc::gen::just(0)}, {1, small(31)}})),
                                [](const std::vector<int>& v) {
                                  return std::array<int, 3>{v[0], v[1], v[2]};
                                })));
}

rc::Gen<StateSpec> state_spec() {
  return rc::gen::build<StateSpec>(
      rc::gen::set(&StateSpec::factions, rc::gen::inRange(1, 4)),
      rc::gen::set(&StateSpec::round, rc::gen::inRange(1, 7)),
      rc::gen::set(&StateSpec::phase, rc::gen::inRange(-1, static_cast<int>(kPhases.size()))),
      rc::gen::set(&StateSpec::battle, rc::gen::weightedOneOf<int>({{3, rc::gen::just(-1)}, {1, small(8)}})),
      rc::gen::set(&StateSpec::spaces, rc::gen::withSize([](int size) {
        return rc::gen::mapcat(rc::gen::inRange(1, 2 + std::max(1, 5 * size / 100)), [](int n) {
          return rc::gen::container<std::vector<SpaceSpec>>(static_cast<std::size_t>(n), space_spec());
        });
      })),
      rc::gen::set(&StateSpec::faction, rc::gen::map(rc::gen::container<std::vector<FactionSpec>>(3, faction_spec()),
                                                     [](const std::vector<FactionSpec>& v) {
                                                       return std::array<FactionSpec, 3>{v[0], v[1], v[2]};
                                                     })));
}

rc::Gen<PieceSpec> piece_spec() {
  return rc::gen::build<PieceSpec>(
      rc::gen::set(&PieceSpec::space, small(8)),
      rc::gen::set(&PieceSpec::on_card,
                   rc::gen::weightedOneOf<bool>({{4, rc::gen::just(false)}, {1, rc::gen::just(true)}})),
      rc::gen::set(&PieceSpec::unit, small(5)), rc::gen::set(&PieceSpec::count, rc::gen::inRange(1, 3)));
}

rc::Gen<ActionSpec> action_spec() {
  return rc::gen::build<ActionSpec>(
      rc::gen::set(&ActionSpec::query,
                   rc::gen::weightedOneOf<bool>({{3, rc::gen::just(false)}, {1, rc::gen::just(true)}})),
      // Action types weighted by how much of the rules they reach (queries use the same index).
      rc::gen::set(&ActionSpec::type,
                   rc::gen::weightedElement<int>(
                       {{5, 0}, {3, 1}, {2, 2}, {1, 3}, {5, 4}, {1, 5}, {1, 6}, {2, 7}, {2, 8}, {2, 9}})),
      rc::gen::set(&ActionSpec::aim, rc::gen::weightedElement<bool>({{3, true}, {1, false}})),
      rc::gen::set(&ActionSpec::faction, small(2)), rc::gen::set(&ActionSpec::space, small(8)),
      rc::gen::set(&ActionSpec::other, small(8)), rc::gen::set(&ActionSpec::choice, small(9)),
      rc::gen::set(&ActionSpec::count, rc::gen::inRange(1, 4)),
      rc::gen::set(&ActionSpec::pieces, rc::gen::withSize([](int size) {
        return rc::gen::mapcat(rc::gen::inRange(0, 2 + std::max(1, 3 * size / 100)), [](int n) {
          return rc::gen::container<std::vector<PieceSpec>>(static_cast<std::size_t>(n), piece_spec());
        });
      })),
      rc::gen::set(&ActionSpec::numbers, rc::gen::container<std::vector<int>>(4, small(8))));
}

// `n` picks, all 0 but one, drawn in [1, top): one key or point away from the default.
rc::Gen<std::vector<int>> one_pick_of(std::size_t n, int top) {
  return rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, n), [n, top](std::size_t i) {
    return rc::gen::map(rc::gen::inRange(1, top), [n, i](int pick) {
      std::vector<int> picks(n, 0);
      picks[i] = pick;
      return picks;
    });
  });
}

// A third of the cases sample the ruleset: half of those change one key (an engine that ignores
// it fails on a case that changes nothing else), half draw every key, each keeping its default two
// times in five. Few rulesets recur, so the rules bound for one (harness/bindings.hpp) serve many.
rc::Gen<RulesetSpec> ruleset_spec(std::size_t keys, bool sample) {
  if (!sample || keys == 0) return rc::gen::just(RulesetSpec{});
  auto every = rc::gen::container<std::vector<int>>(
      keys, rc::gen::weightedOneOf<int>({{2, rc::gen::just(0)}, {3, rc::gen::inRange(1, 32)}}));
  auto spec = [](std::vector<int> v) { return RulesetSpec{std::move(v)}; };
  return rc::gen::weightedOneOf<RulesetSpec>({{4, rc::gen::just(RulesetSpec{})},
                                              {1, rc::gen::map(one_pick_of(keys, 32), spec)},
                                              {1, rc::gen::map(every, spec)}});
}

// The readings of a case, one pick per point (taken modulo its number of readings; 12: even odds
// for 1 to 4 and 6): the defaults in half the cases, one point changed in three of eight, every
// point drawn in one of eight.
rc::Gen<std::vector<int>> reading_picks(std::size_t points) {
  if (points == 0) return rc::gen::just(std::vector<int>{});
  return rc::gen::weightedOneOf<std::vector<int>>(
      {{4, rc::gen::just(std::vector<int>(points, 0))},
       {3, one_pick_of(points, 12)},
       {1, rc::gen::container<std::vector<int>>(points, rc::gen::inRange(0, 12))}});
}

// ---------------------------------------------------------------- the ruleset and readings of a case


// The range each number of ruleset.json is drawn from: what the rules leave open for it. A round
// parity is 0 or 1; a faction pays for at least one token per Food and Water; a stacking limit, a
// hand limit and a strength are at least 1 (a limit of 0 would leave no room at all); a unit takes
// at most 2 tokens (a token backs one unit: more than 2 would test nothing new); other costs and
// counts from 0. The tokens of a Civilian and of Infantry are not free: a Civilian and a Worker
// interconvert, Infantry becomes a Worker (messina.population.interconversion) and a Civilian is
// equipped as Infantry (messina.muster.equip) without a token moving on the mat, and a Worker
// takes one token, so both take one, unless `unit_tokens` (CaseOptions::sample_unit_tokens): then
// 0..2, and those conversions are illegal where the two kinds take different tokens.
RulesetKey key_of(std::vector<std::string> path, bool unit_tokens) {
  RulesetKey key{std::move(path)};
  const std::string& name = key.path.back();
  if (name == "round_parity_muster" || name == "round_parity_consumption") key.hi = 1;
  if (name == "tokens_per_food_and_water" || name == "stacking_map" || name == "stacking_card" ||
      name == "hand_limit" || name == "strength" || name == "shield_strength_first_level" ||
      name == "starship_strength")
    key.lo = 1;
  if (name == "population") key.hi = 2;
  if (name == "population" && !unit_tokens && (key.path[1] == "civilian" || key.path[1] == "infantry"))
    key.lo = key.hi = 1;  // unless CaseOptions::sample_unit_tokens
  return key;
}

// Every key of ruleset.json (less its "game" and "note"), in the file's order of keys.
std::vector<RulesetKey> ruleset_keys(const json& ruleset, bool unit_tokens) {
  std::vector<RulesetKey> keys;
  for (const auto& [name, value] : ruleset.items()) {
    if (name == "game" || name == "note") continue;
    if (value.is_array()) {
      keys.push_back(RulesetKey{{name}, true});
    } else if (value.is_object()) {
      for (const auto& [sub, fields] : value.items())
        for (const auto& [field, number] : fields.items())
          if (number.is_number_integer()) keys.push_back(key_of({name, sub, field}, unit_tokens));
    } else if (value.is_number_integer()) {
      keys.push_back(key_of({name}, unit_tokens));
    }
  }
  return keys;
}

json& at_path(json& j, const std::vector<std::string>& path) {
  json* node = &j;
  for (const auto& part : path) node = &(*node)[part];
  return *node;
}

const json& value_at(const json& j, const std::vector<std::string>& path) {
  const json* node = &j;
  for (const auto& part : path) node = &node->at(part);
  return *node;
}

// The value a pick other than 0 draws for a key: a number near the default within its range (never
// the default itself), or another set of AI-backed unit kinds. The AI's Civilians stay backed:
// its Workers and Civilians interconvert without a token moving (messina.population.interconversion).
json drawn_value(const RulesetKey& key, const json& base, int pick) {
  if (key.unit_set) {
    int mask = 0;
    for (std::size_t k = 0; k < kUnits.size(); ++k)
      if (std::find(base.begin(), base.end(), kUnits[k]) != base.end()) mask |= 1 << k;
    mask ^= (pick % 15 + 1) << 1;  // kUnits[0], the Civilian, kept as it is
    json kinds = json::array();
    for (std::size_t k = 0; k < kUnits.size(); ++k)
      if (mask & (1 << k)) kinds.push_back(kUnits[k]);
    return kinds;
  }
  const int d = base.get<int>();
  std::vector<int> near;
  for (int step : {1, -1, 2, -2, 3})
    if (d + step >= key.lo && d + step <= key.hi) near.push_back(d + step);
  if (near.empty()) return d;
  return near[static_cast<std::size_t>(pick - 1) % near.size()];
}

}  // namespace rulecheck::generators::messina_gen
