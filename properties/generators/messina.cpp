// Generated Messina cases (docs/formats.md). A case is built from a spec of small shrinkable
// numbers; names are resolved by index modulo what exists, and counts the validator limits are
// clamped, so every spec (and every shrink of it) converts into a valid state:
//   - adjacency is a spanning tree (each space joins one earlier space) plus a few extra edges,
//     always written both ways;
//   - Located is computed from the backed pieces (messina.population.backing: the ruleset's unit
//     table and ai_backed_units), never generated;
//   - a card holds at most the ruleset's stacking_card units.
// Unless CaseOptions::any_state, the conversion also keeps to the states play can reach
// (rules/messina/invariants.json), for the case's ruleset and readings, by construction:
//   - a state at the Muster or Consumption Phase is moved to the next round when its round has
//     the other parity (messina.reachable.alternating-phase);
//   - only the last of several factions may be the AI (messina.reachable.one-ai-faction), and a
//     faction has one or two distinct Home Spaces (messina.reachable.two-home-spaces), none of
//     them another faction's (messina.reachable.own-home-spaces, after
//     messina.convention.own-home-spaces), so a board has no more factions than spaces;
//   - a second Shield in a space only under the one-per-faction reading of messina.shield-per-space,
//     guest Workers only under the friendly reading of messina.worker-utility.
// With any_state those last fields are drawn whatever the readings, and the moment as drawn.
// A share of cases runs under a sampled ruleset (CaseOptions::sample_ruleset: one key of
// ruleset.json changed, or every key drawn or left at its default; with CaseOptions::only_produced
// only the combinations rules/messina/ruleset.doc.json lists as the game's, none today: every number
// is printed once in the rulebook), and each case under readings
// of the points CaseOptions::readings lists (the defaults, one point changed, or every point
// drawn); a spec shrinks towards the default ruleset and the first listed reading (the default
// when listed).
// A share of cases aims at legality: the state's round and moment are set to fit the action, and
// sites are chosen among the acting faction's own; where a reading decides what is legal (the
// Consumption bill, step 3's reach, the discards at the end of an Exploration, whose Utility a
// Worker may occupy, a second Shield), the aim follows the case's reading. Some aimed cases are
// near misses, right but for one thing a clause refuses: a Spare token short of a Muster's builds,
// a disband beside them (under the case's reading of messina.build-disband), a Shield op naming a
// Location Card, a Disaffected source outside home defence, a Civilian onto another faction's card, no Spare population (in
// home defence under the spare-required reading of messina.home-defence-spare), an occupied card
// discarded unemptied, a unit of step 3 from another faction's card.
#include <algorithm>
#include <array>
#include <climits>
#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "properties/generators/generated_case.hpp"
#include "properties/generators/produced.hpp"

namespace rulecheck::generators {

namespace {

constexpr std::array<const char*, 3> kFactionIds = {"UE", "SF", "NM"};
constexpr std::array<const char*, 5> kUnits = {"civilian", "infantry", "bomber", "fighter", "mech"};
constexpr std::array<const char*, 5> kActivities = {"muster", "build", "workers", "civilians", "military"};
constexpr std::array<const char*, 10> kPhases = {
    "muster", "consumption",     "industry", "orders",          "bonus-military-action",
    "battle", "between-mil-ops", "mil-ops",  "exploration-end", "rearm"};
constexpr std::array<const char*, 10> kActionTypes = {"consume", "place",  "convert", "release",  "muster",
                                                      "rearm",   "expose", "hide",    "transfer", "end-exploration"};
constexpr std::array<const char*, 6> kQueryTypes = {"friendly-area", "hostile",  "must-expose",
                                                    "tie-break",     "bombable", "support-cut"};
constexpr std::array<const char*, 10> kSituations = {
    "utility-build", "muster-on-map", "muster-onto-card", "connect", "obstruction",
    "march",         "demolition",    "military-effect",  "battle",  "no-response"};

// The interpretation points whose reading changes what a generated state or an aimed action may
// be (rules/messina/interpretations.json), and the readings that do.
constexpr const char* kShieldPerSpace = "messina.shield-per-space";
constexpr const char* kWorkerUtility = "messina.worker-utility";
constexpr const char* kConsumptionBill = "messina.consumption-bill";
constexpr const char* kStep3CardUnits = "messina.step3-card-units";
constexpr const char* kHandLimitDiscard = "messina.hand-limit-discard";
constexpr const char* kBuildDisband = "messina.build-disband";
constexpr const char* kHomeDefenceSpare = "messina.home-defence-spare";
constexpr std::array<const char*, 7> kDecidingPoints = {kShieldPerSpace,  kWorkerUtility,    kConsumptionBill,
                                                        kStep3CardUnits,  kHandLimitDiscard, kBuildDisband,
                                                        kHomeDefenceSpare};
bool deciding(const std::string& point) {
  return std::find_if(kDecidingPoints.begin(), kDecidingPoints.end(),
                      [&](const char* p) { return point == p; }) != kDecidingPoints.end();
}

// ---------------------------------------------------------------- specs

struct UnitsSpec {
  std::array<int, 5> count{};  // kUnits order
};

struct SpaceSpec {
  int parent = 0;                    // joins space parent % i (i > 0)
  int extra = -1;                    // an extra edge to space extra % n, or none
  std::array<UnitsSpec, 3> units{};  // per faction
  int utility_owner = -1;            // faction index, or none
  int workers = 0;
  int guest = -1;  // a faction with Workers as guests in the Utility, or none
  int guests = 1;
  int shield_owner = -1;
  int shield_level = 1;
  int second_shield = -1;  // the owner of a second Shield, or none
  int second_level = 1;
  int card_holder = -1;
  bool card_exposed = false;
  UnitsSpec card_units{};
};

struct FactionSpec {
  bool ai = false;
  int disaffected = 0, spare = 0, dead = 0;
  int food = 0, water = 0, energy = 0;
  int home = 0, second_home = -1;  // space indices
  std::array<int, 3> consents{};   // bitmask of kActivities this faction gives each other faction
};

struct StateSpec {
  int factions = 1;  // 1..3
  int round = 1;
  int phase = -1;  // index into kPhases, or none
  int battle = -1;
  std::vector<SpaceSpec> spaces;
  std::array<FactionSpec, 3> faction{};
};

struct PieceSpec {
  int space = 0;
  bool on_card = false;
  int unit = 0;  // kUnits index, 5 = worker
  int count = 1;
};

struct ActionSpec {
  bool query = false;
  int type = 0;  // index into kActionTypes or kQueryTypes
  bool aim = false;
  int faction = 0, space = 0, other = 0, choice = 0, count = 1;
  std::vector<PieceSpec> pieces;
  std::vector<int> numbers;  // extra indices (shield ops, discards, sides)
};

// A sampled ruleset: one pick per key (RulesetKey below); 0 keeps the default.
struct RulesetSpec {
  std::vector<int> picks;
};

struct CaseSpec {
  StateSpec state;
  ActionSpec action;
  RulesetSpec ruleset;
  std::vector<int> readings;  // per point drawn, an index into its readings
};

// ---------------------------------------------------------------- generators of specs

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

// One key of ruleset.json a sampled ruleset draws: a number ("stacking_map", or a unit's field
// {"units", "bomber", "cost"}) within [lo, hi], or the set of unit kinds the AI backs.
struct RulesetKey {
  std::vector<std::string> path;
  bool unit_set = false;
  int lo = 0, hi = INT_MAX;
};

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

// One interpretation point drawn per case: its readings, the default (when known) first.
struct DrawnPoint {
  std::string id;
  std::vector<std::string> readings;
  std::string default_reading;  // "" when not known
};

// The readings a case runs under: a point's drawn reading, or its default when not drawn ("" when
// neither is known: then the case keeps to what every reading allows).
struct CaseReadings {
  std::map<std::string, std::string> in_effect;
  bool is(const char* point, const char* reading) const {
    auto it = in_effect.find(point);
    return it != in_effect.end() && it->second == reading;
  }
};

// ---------------------------------------------------------------- from a spec to JSON

// What the ruleset says about the pieces a case counts.
struct Numbers {
  json units;
  std::vector<std::string> ai_backed;
  int stacking_card = 0;
  int tokens_per_food_and_water = 1;
  int parity_consumption = 0, parity_muster = 1;
  int hand_limit = 0;
  int equip_cost = 0, shield_build_cost = 0, shield_upgrade_cost = 0;

  explicit Numbers(const json& ruleset)
      : units(ruleset.at("units")),
        ai_backed(ruleset.at("ai_backed_units").get<std::vector<std::string>>()),
        stacking_card(ruleset.at("stacking_card").get<int>()),
        tokens_per_food_and_water(ruleset.at("tokens_per_food_and_water").get<int>()),
        parity_consumption(ruleset.at("round_parity_consumption").get<int>()),
        parity_muster(ruleset.at("round_parity_muster").get<int>()),
        hand_limit(ruleset.at("hand_limit").get<int>()),
        equip_cost(ruleset.at("equip_cost").get<int>()),
        shield_build_cost(ruleset.at("shield_build_cost").get<int>()),
        shield_upgrade_cost(ruleset.at("shield_upgrade_cost").get<int>()) {}

  int cost_of(const std::string& unit) const { return units.at(unit).at("cost").get<int>(); }

  // messina.population.backing / messina.population.tokens: tokens behind one piece.
  int tokens_for(bool ai, const std::string& unit) const {
    if (unit == "worker") return 1;
    const int population = units.at(unit).at("population").get<int>();
    if (ai) return std::find(ai_backed.begin(), ai_backed.end(), unit) != ai_backed.end() ? std::max(1, population) : 0;
    return population;
  }
};

// What a case's generator knows once, for every case: the base ruleset and its numbers, the keys
// a sampled ruleset draws, the points drawn and the defaults.
struct Setup {
  Setup(const json& ruleset, const CaseOptions& options)
      : base(ruleset), numbers(ruleset), keys(ruleset_keys(ruleset, options.sample_unit_tokens)), any_state(options.any_state),
        sample_ruleset(options.sample_ruleset), only_produced(options.only_produced) {
    for (const auto& [point, readings] : options.readings.items()) {
      DrawnPoint p{point, readings.get<std::vector<std::string>>(), ""};
      if (options.default_readings.contains(point)) {
        p.default_reading = options.default_readings.at(point).get<std::string>();
        // The default first, so that a case shrinks towards it.
        auto it = std::find(p.readings.begin(), p.readings.end(), p.default_reading);
        if (it != p.readings.end()) std::rotate(p.readings.begin(), it, it + 1);
      }
      if (!p.readings.empty()) points.push_back(std::move(p));
    }
    for (const auto& [point, reading] : options.default_readings.items())
      if (deciding(point)) defaults[point] = reading.get<std::string>();
    for (const auto& p : points) drawn_deciding.push_back(deciding(p.id));
  }

  json base;
  Numbers numbers;
  std::vector<RulesetKey> keys;
  std::vector<DrawnPoint> points;
  std::map<std::string, std::string> defaults;  // of the points that decide (kDecidingPoints)
  std::vector<bool> drawn_deciding;              // per point drawn: is it one of them?
  bool any_state = false;
  bool sample_ruleset = false;
  std::optional<std::vector<ProducedGroup>> only_produced;  // CaseOptions::only_produced

  // The picks of a sampled ruleset: per key, or with only_produced per group of keys the game sets together.
  rc::Gen<RulesetSpec> ruleset_picks() const {
    if (!only_produced) return ruleset_spec(keys.size(), sample_ruleset);
    if (!sample_ruleset) return rc::gen::just(RulesetSpec{});
    return rc::gen::map(produced_picks(only_produced->size()), [](std::vector<int> v) { return RulesetSpec{std::move(v)}; });
  }

  // The overrides a sampled ruleset makes (only keys drawn away from their defaults).
  json overrides(const RulesetSpec& spec) const {
    if (only_produced) return produced_overrides(*only_produced, spec.picks, base);
    json out = json::object();
    for (std::size_t i = 0; i < spec.picks.size() && i < keys.size(); ++i) {
      if (spec.picks[i] == 0) continue;
      const json& was = value_at(base, keys[i].path);
      const json now = drawn_value(keys[i], was, spec.picks[i]);
      if (now != was) at_path(out, keys[i].path) = now;
    }
    return out;
  }

  // The readings of a case, and those GeneratedCase::interpretations names (not the default).
  CaseReadings readings(const std::vector<int>& picks, json& named) const {
    CaseReadings r;
    r.in_effect = defaults;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const DrawnPoint& p = points[i];
      const std::string& reading =
          p.readings[static_cast<std::size_t>(i < picks.size() ? picks[i] : 0) % p.readings.size()];
      if (drawn_deciding[i]) r.in_effect[p.id] = reading;
      if (reading != p.default_reading) named[p.id] = reading;
    }
    return r;
  }
};

// A state under construction, with the lists a case's names resolve against.
struct Board {
  Board(const Numbers& rules, const StateSpec& of, const CaseReadings& in_effect, bool wide)
      : numbers(rules), spec(of), readings(in_effect), any_state(wide) {}
  const Numbers& numbers;
  const StateSpec& spec;
  const CaseReadings& readings;
  bool any_state = false;
  int n = 1, factions = 1;
  json state;
  std::vector<std::string> space_ids, faction_ids, card_ids;

  std::string space(int i) const { return space_ids[static_cast<std::size_t>(i) % space_ids.size()]; }
  std::string faction(int i) const { return faction_ids[static_cast<std::size_t>(i) % faction_ids.size()]; }
  bool is_ai(const std::string& f) const { return state["factions"][f]["kind"] == "ai"; }
  int count(const std::string& space, const std::string& f, const std::string& unit) const {
    const json& sp = state.at("spaces").at(space);
    if (!sp.contains("units") || !sp["units"].contains(f)) return 0;
    return sp["units"][f].value(unit, 0);
  }
  // Whether a case may hold what only one reading of a point lets play reach: always with
  // any_state, otherwise only under that reading.
  bool reachable_under(const char* point, const char* reading) const {
    return any_state || readings.is(point, reading);
  }
};

std::string space_name(int i) { return "S" + std::to_string(i); }

void add_units(json& into, const UnitsSpec& u) {
  for (std::size_t k = 0; k < kUnits.size(); ++k)
    if (u.count[k] > 0) into[kUnits[k]] = u.count[k];
}

// messina.reachable.alternating-phase: a state at the Muster or Consumption Phase is in a round
// of that phase's parity (moved on by one round when drawn in the other).
void keep_phase_in_its_round(Board& b) {
  if (b.any_state || !b.state.contains("phase")) return;
  const std::string phase = b.state["phase"];
  const int round = b.state["round"].get<int>();
  if ((phase == "muster" && round % 2 != b.numbers.parity_muster) ||
      (phase == "consumption" && round % 2 != b.numbers.parity_consumption))
    b.state["round"] = round + 1;
}

// The tokens a faction's pieces on the board stand for (messina.population.backing).
int backed_tokens(const Board& b, const std::string& id, bool ai) {
  const json& s = b.state;
  int backed = 0;
  for (const auto& [sid, space] : s["spaces"].items()) {
    if (space.contains("units") && space["units"].contains(id))
      for (const auto& [unit, n] : space["units"][id].items()) backed += n.get<int>() * b.numbers.tokens_for(ai, unit);
    if (space.contains("utilities"))
      for (const auto& ut : space["utilities"]) {
        if (ut["owner"] == id) backed += ut.value("workers", 0);
        if (ut.contains("guests")) backed += ut["guests"].value(id, 0);
      }
  }
  if (s.contains("cards"))
    for (const auto& [cid, card] : s["cards"].items())
      if (card["holder"] == id && card.contains("units"))
        for (const auto& [unit, n] : card["units"].items()) backed += n.get<int>() * b.numbers.tokens_for(ai, unit);
  return backed;
}

// Each faction's Home Spaces: the drawn one and, when drawn, a second, distinct
// (messina.reachable.two-home-spaces). Unless any_state none is another faction's
// (messina.convention.own-home-spaces): a faction takes the first space from the drawn one on that no
// earlier faction has, and takes a second Home Space only when that leaves a space for each later
// faction (build_board keeps the factions no more than the spaces).
std::vector<json> home_spaces(const Board& b, const StateSpec& spec) {
  std::vector<json> out;
  std::set<int> taken;
  auto free_from = [&](int drawn) {
    for (int step = 0; step < b.n; ++step) {
      const int s = (drawn + step) % b.n;
      if (b.any_state || !taken.count(s)) return s;
    }
    return -1;
  };
  for (int f = 0; f < b.factions; ++f) {
    const FactionSpec& fs = spec.faction[static_cast<std::size_t>(f)];
    const int first = free_from(fs.home);
    taken.insert(first);
    json home = json::array({b.space(first)});
    // A second Home Space only where a space is left for each faction after this one.
    const int later = b.factions - f - 1;
    if (fs.second_home >= 0 && (b.any_state || static_cast<int>(taken.size()) + later < b.n)) {
      const int second = free_from(fs.second_home);
      if (second >= 0 && second != first) {
        taken.insert(second);
        home.push_back(b.space(second));
      }
    }
    out.push_back(home);
  }
  return out;
}

Board build_board(const StateSpec& spec, const Numbers& numbers, const CaseReadings& readings, bool any_state) {
  Board b(numbers, spec, readings, any_state);
  b.n = static_cast<int>(spec.spaces.size());
  // Each faction its own Home Space (messina.convention.own-home-spaces): no more factions than spaces.
  b.factions = std::clamp(spec.factions, 1, any_state ? 3 : std::max(1, std::min(3, b.n)));
  for (int i = 0; i < b.n; ++i) b.space_ids.push_back(space_name(i));
  for (int f = 0; f < b.factions; ++f) b.faction_ids.push_back(kFactionIds[static_cast<std::size_t>(f)]);
  json& s = b.state;
  s["round"] = std::max(1, spec.round);
  if (spec.phase >= 0) s["phase"] = kPhases[static_cast<std::size_t>(spec.phase) % kPhases.size()];
  if (spec.battle >= 0) s["battle"] = b.space(spec.battle);
  keep_phase_in_its_round(b);

  // Spaces and adjacency (a tree plus extra edges, written both ways).
  std::vector<std::vector<int>> adjacent(static_cast<std::size_t>(b.n));
  auto join = [&](int a, int c) {
    if (a == c) return;
    auto& la = adjacent[static_cast<std::size_t>(a)];
    if (std::find(la.begin(), la.end(), c) != la.end()) return;
    la.push_back(c);
    adjacent[static_cast<std::size_t>(c)].push_back(a);
  };
  for (int i = 1; i < b.n; ++i) join(i, spec.spaces[static_cast<std::size_t>(i)].parent % i);
  for (int i = 0; i < b.n; ++i)
    if (spec.spaces[static_cast<std::size_t>(i)].extra >= 0)
      join(i, spec.spaces[static_cast<std::size_t>(i)].extra % b.n);

  auto faction_id = [&](int index) { return b.faction_ids[static_cast<std::size_t>(index % b.factions)]; };
  for (int i = 0; i < b.n; ++i) {
    const SpaceSpec& sp = spec.spaces[static_cast<std::size_t>(i)];
    json space = json::object();
    json adj = json::array();
    for (int a : adjacent[static_cast<std::size_t>(i)]) adj.push_back(space_name(a));
    space["adjacent"] = adj;
    for (int f = 0; f < b.factions; ++f) {
      json u = json::object();
      add_units(u, sp.units[static_cast<std::size_t>(f)]);
      if (!u.empty()) space["units"][b.faction_ids[static_cast<std::size_t>(f)]] = u;
    }
    if (sp.utility_owner >= 0) {
      const std::string owner = faction_id(sp.utility_owner);
      json utility = {{"owner", owner}, {"workers", sp.workers}};
      // Guests: messina.reachable.workers-in-own-utilities (only the friendly reading of
      // messina.worker-utility puts Workers into another faction's Utility).
      if (sp.guest >= 0 && faction_id(sp.guest) != owner && b.reachable_under(kWorkerUtility, "friendly"))
        utility["guests"] = {{faction_id(sp.guest), std::max(1, sp.guests)}};
      space["utilities"] = json::array({utility});
    }
    if (sp.shield_owner >= 0) {
      json first = {{"owner", faction_id(sp.shield_owner)}, {"level", std::max(1, sp.shield_level)}};
      // A second faction's Shield: messina.reachable.one-shield-per-space (only the one-per-faction
      // reading of messina.shield-per-space builds one where a Shield stands).
      if (sp.second_shield >= 0 && faction_id(sp.second_shield) != first["owner"] &&
          b.reachable_under(kShieldPerSpace, "one-per-faction")) {
        json second = {{"owner", faction_id(sp.second_shield)}, {"level", std::max(1, sp.second_level)}};
        space["shields"] = first["owner"] < second["owner"] ? json::array({first, second}) : json::array({second, first});
      } else {
        space["shield"] = first;
      }
    }
    s["spaces"][space_name(i)] = space;
    if (sp.card_holder >= 0) {
      json card = {{"holder", faction_id(sp.card_holder)}, {"exposed", sp.card_exposed}};
      UnitsSpec on_card = sp.card_units;
      int room = numbers.stacking_card;  // messina.cards.capacity: clamp to the limit
      for (auto& c : on_card.count) {
        c = std::min(c, room);
        room -= c;
      }
      json u = json::object();
      add_units(u, on_card);
      if (!u.empty()) card["units"] = u;
      s["cards"][space_name(i)] = card;
      b.card_ids.push_back(space_name(i));
    }
  }

  // Factions, with Located computed from what they have on the board.
  const std::vector<json> homes = home_spaces(b, spec);
  for (int f = 0; f < b.factions; ++f) {
    const FactionSpec& fs = spec.faction[static_cast<std::size_t>(f)];
    const std::string id = b.faction_ids[static_cast<std::size_t>(f)];
    const bool ai = fs.ai && f == b.factions - 1 && b.factions > 1;  // at most one AI faction, never the only one
    const json& home = homes[static_cast<std::size_t>(f)];
    json faction = {{"kind", ai ? "ai" : "human"},
                    {"home", home},
                    {"population", {{"disaffected", fs.disaffected}, {"spare", fs.spare}, {"located", 0}}},
                    {"dead", fs.dead},
                    {"resources", {{"food", fs.food}, {"water", fs.water}, {"energy", fs.energy}}}};
    for (int g = 0; g < b.factions; ++g) {
      if (g == f || fs.consents[static_cast<std::size_t>(g)] == 0) continue;
      json acts = json::array();
      for (std::size_t a = 0; a < kActivities.size(); ++a)
        if (fs.consents[static_cast<std::size_t>(g)] & (1 << a)) acts.push_back(kActivities[a]);
      faction["consents"][b.faction_ids[static_cast<std::size_t>(g)]] = acts;
    }
    s["factions"][id] = faction;
  }
  for (const auto& id : b.faction_ids)
    s["factions"][id]["population"]["located"] = backed_tokens(b, id, b.is_ai(id));
  return b;
}

// ---------------------------------------------------------------- actions

json where(const Board& b, const PieceSpec& p) {
  if (p.on_card && !b.card_ids.empty())
    return {{"card", b.card_ids[static_cast<std::size_t>(p.space) % b.card_ids.size()]}};
  return {{"at", b.space(p.space)}};
}

json piece(const Board& b, const PieceSpec& p, bool allow_worker) {
  json j = where(b, p);
  j["unit"] = allow_worker && p.unit == 5 ? "worker" : kUnits[static_cast<std::size_t>(p.unit) % kUnits.size()];
  if (p.count != 1) j["count"] = p.count;
  return j;
}

json pieces(const Board& b, const std::vector<PieceSpec>& list, bool allow_worker) {
  json out = json::array();
  for (const auto& p : list) out.push_back(piece(b, p, allow_worker));
  return out;
}

// Sets the round to one of `parity` (keeping it near the generated one) and the moment.
void set_moment(Board& b, int parity, const char* phase) {
  int round = b.state["round"].get<int>();
  if (round % 2 != parity) round += 1;
  b.state["round"] = round;
  if (phase)
    b.state["phase"] = phase;
  else
    b.state.erase("phase");
}

// The Located tokens step 3 of `f`'s Consumption moves, worked out as the oracle's rules do under
// the case's readings (messina.consumption.cost, .shortfall, .shortfall.step1-3; the readings of
// messina.consumption-bill and messina.step3-card-units).
int step3_tokens(const Board& b, const std::string& f) {
  const json& fj = b.state["factions"][f];
  const json& pop = fj["population"];
  const int disaffected = pop.value("disaffected", 0), spare = pop.value("spare", 0), located = pop.value("located", 0);
  const bool bill_all = !b.readings.is(kConsumptionBill, "excluding-disaffected");
  const int tokens = (bill_all ? disaffected : 0) + spare + located;
  const int per = b.numbers.tokens_per_food_and_water;
  const int fed = std::min({tokens, fj["resources"].value("food", 0) * per, fj["resources"].value("water", 0) * per});
  int left = tokens - fed;
  left -= std::min(left, disaffected);  // step 1
  left -= std::min(left, spare);        // step 2
  int within_reach = located;
  if (b.readings.is(kStep3CardUnits, "map-only") && b.state.contains("cards"))
    for (const auto& [c, card] : b.state["cards"].items())
      if (card["holder"] == f && card.contains("units"))
        for (const auto& [unit, n] : card["units"].items())
          within_reach -= n.get<int>() * b.numbers.tokens_for(b.is_ai(f), unit);
  return std::min(left, within_reach);
}

// What step 3 may take from: the faction's backed units on the map, its Workers (in its own
// Utilities and as a guest), and, where the reading lets step 3 reach them, its units on cards.
struct Holding {
  json where;  // {"at": ...} or {"card": ...}
  std::string unit;
  int have = 0, tokens_each = 0;
};

std::vector<Holding> holdings(const Board& b, const std::string& f) {
  std::vector<Holding> out;
  const bool ai = b.is_ai(f);
  for (const auto& sid : b.space_ids) {
    const json& space = b.state["spaces"][sid];
    for (const char* unit : kUnits)
      if (b.count(sid, f, unit) > 0 && b.numbers.tokens_for(ai, unit) > 0)
        out.push_back({{{"at", sid}}, unit, b.count(sid, f, unit), b.numbers.tokens_for(ai, unit)});
    int workers = 0;
    for (const auto& ut : space.value("utilities", json::array())) {
      if (ut["owner"] == f) workers += ut.value("workers", 0);
      if (ut.contains("guests")) workers += ut["guests"].value(f, 0);
    }
    if (workers > 0) out.push_back({{{"at", sid}}, "worker", workers, 1});
  }
  if (!b.readings.is(kStep3CardUnits, "map-only"))
    for (const auto& c : b.card_ids) {
      const json& card = b.state["cards"][c];
      if (card["holder"] != f || !card.contains("units")) continue;
      for (const auto& [unit, n] : card["units"].items())
        if (b.numbers.tokens_for(ai, unit) > 0) out.push_back({{{"card", c}}, unit, n.get<int>(), b.numbers.tokens_for(ai, unit)});
    }
  return out;
}

// Step 3's choice aimed at: the faction's own backed pieces, starting from the one `order` picks
// (so that every kind of piece comes first in some case), enough for the tokens step 3 moves.
// `near_miss`: one unit of the choice is taken from another faction's Location Card, a choice the
// rules refuse (a card carries its holder's units) that is right in every other way.
json aimed_disband(const Board& b, const std::string& f, bool near_miss, int order) {
  int owed = step3_tokens(b, f);
  json out = json::array();
  if (near_miss && owed > 0)
    for (const auto& c : b.card_ids) {
      const json& card = b.state["cards"][c];
      if (card["holder"] == f || !card.contains("units")) continue;
      const std::string unit = card["units"].begin().key();
      const int per_piece = b.numbers.tokens_for(b.is_ai(f), unit);
      if (per_piece == 0) continue;
      out.push_back({{"card", c}, {"unit", unit}});
      owed -= per_piece;
      break;
    }
  const std::vector<Holding> held = holdings(b, f);
  for (std::size_t i = 0; i < held.size() && owed > 0; ++i) {
    const Holding& h = held[(i + static_cast<std::size_t>(order)) % held.size()];
    const int take = std::min(h.have, owed / h.tokens_each);
    if (take == 0) continue;
    json entry = h.where;
    entry["unit"] = h.unit;
    if (take != 1) entry["count"] = take;
    out.push_back(entry);
    owed -= take * h.tokens_each;
  }
  return out;
}

// A space where `f` has something (a site its Friendly Area surely reaches under the default
// readings): a home space, or another space chosen by `pick`.
std::string own_site(const Board& b, const std::string& f, int pick) {
  const json& home = b.state["factions"][f]["home"];
  return pick % 3 == 0 ? b.space(pick) : home[static_cast<std::size_t>(pick) % home.size()].get<std::string>();
}

// A card in play (the state has one: see ensure_card); with `aim`, one `f` holds, preferring
// one that `wanted` accepts.
std::string card_of(const Board& b, const std::string& f, int pick, bool aim,
                    const std::function<bool(const json&)>& wanted = nullptr) {
  std::vector<std::string> held, best;
  for (const auto& c : b.card_ids) {
    const json& card = b.state["cards"][c];
    if (aim && card["holder"] != f) continue;
    held.push_back(c);
    if (wanted && wanted(card)) best.push_back(c);
  }
  const auto& from = !best.empty() ? best : !held.empty() ? held : b.card_ids;
  return from[static_cast<std::size_t>(pick) % from.size()];
}

// Card actions and queries need a card in play: a state without one gets an empty one, held by
// `f`, at a space chosen by `pick` (no units on it, so Located is unchanged).
void ensure_card(Board& b, const std::string& f, int pick, bool exposed) {
  if (!b.card_ids.empty()) return;
  const std::string at = b.space(pick);
  b.state["cards"][at] = {{"holder", f}, {"exposed", exposed}};
  b.card_ids.push_back(at);
}

// A space where `f` has at least one `unit` (a worker: in its own Utility), else any space.
std::string site_with(const Board& b, const std::string& f, const std::string& unit, int pick) {
  std::vector<std::string> found;
  for (const auto& sid : b.space_ids) {
    const json& space = b.state["spaces"][sid];
    if (unit == "worker") {
      if (space.contains("utilities"))
        for (const auto& ut : space["utilities"])
          if (ut["owner"] == f && ut.value("workers", 0) > 0) found.push_back(sid);
    } else if (b.count(sid, f, unit) > 0) {
      found.push_back(sid);
    }
  }
  return found.empty() ? b.space(pick) : found[static_cast<std::size_t>(pick) % found.size()];
}

// The number of units on a card.
int units_on(const json& card) {
  int n = 0;
  if (card.contains("units"))
    for (const auto& [unit, count] : card["units"].items()) n += count.get<int>();
  return n;
}

// One more `unit` of `f` on the board for an aim that needs one (at a map space, or on a card
// with room), backed by one more Located token where it needs one (the state is a new one, not
// the outcome of an action). A Worker goes into `f`'s own Utility there, added when missing.
void add_piece(Board& b, const std::string& f, const json& where, const std::string& unit) {
  if (unit == "worker") {
    json& utilities = b.state["spaces"][where.at("at").get<std::string>()]["utilities"];
    json* own = nullptr;
    for (auto& ut : utilities)
      if (ut["owner"] == f) own = &ut;
    if (own == nullptr) {
      utilities.push_back({{"owner", f}, {"workers", 0}});
      own = &utilities.back();
    }
    (*own)["workers"] = own->value("workers", 0) + 1;
  } else if (where.contains("card")) {
    json& card = b.state["cards"][where.at("card").get<std::string>()];
    if (units_on(card) >= b.numbers.stacking_card) return;  // messina.cards.capacity
    json& units = card["units"];
    units[unit] = (units.is_object() ? units.value(unit, 0) : 0) + 1;
  } else {
    json& units = b.state["spaces"][where.at("at").get<std::string>()]["units"][f];
    units[unit] = (units.is_object() ? units.value(unit, 0) : 0) + 1;
  }
  json& located = b.state["factions"][f]["population"]["located"];
  located = located.get<int>() + b.numbers.tokens_for(b.is_ai(f), unit);
}

// One Worker of `f` as a guest in `host`'s Utility at `space` (added, empty, when missing), backed
// by one more Located token: for aims under the friendly reading of messina.worker-utility.
void add_guest(Board& b, const std::string& f, const std::string& host, const std::string& space) {
  json& utilities = b.state["spaces"][space]["utilities"];
  json* hosting = nullptr;
  for (auto& ut : utilities)
    if (ut["owner"] == host) hosting = &ut;
  if (hosting == nullptr) {
    utilities.push_back({{"owner", host}});
    hosting = &utilities.back();
  }
  json& guests = (*hosting)["guests"];
  guests[f] = (guests.is_object() ? guests.value(f, 0) : 0) + 1;
  json& located = b.state["factions"][f]["population"]["located"];
  located = located.get<int>() + 1;
}

bool has_utility(const Board& b, const std::string& space, const std::string& owner) {
  for (const auto& ut : b.state["spaces"][space].value("utilities", json::array()))
    if (ut["owner"] == owner) return true;
  return false;
}

// The Utility an aimed new Worker of `f` at `space` occupies: its own (one is added, empty, when
// it has none there), or, under the friendly reading of messina.worker-utility and when `guest`
// asks for it, one of `host`'s (added likewise), `host` consenting to `f` placing Workers. The
// owner, for the action's "utility" field (empty: the faction's own, left unnamed; a guest asked
// for under the own reading names `f` itself, so the field is sent under every reading).
std::string aimed_utility(Board& b, const std::string& f, const std::string& space, const std::string& host,
                          bool guest) {
  const bool as_guest = guest && host != f && b.readings.is(kWorkerUtility, "friendly");
  const std::string owner = as_guest ? host : f;
  if (!has_utility(b, space, owner)) b.state["spaces"][space]["utilities"].push_back({{"owner", owner}});
  if (!as_guest) return guest ? f : "";
  json& given = b.state["factions"][host]["consents"][f];
  if (std::find(given.begin(), given.end(), "workers") == given.end()) given.push_back("workers");
  return host;
}

// A site for an aimed Shield op of `f`: for an upgrade, a space with its own Shield; for a build,
// one of its sites with no Shield of its own, and none at all under the one-per-space reading of
// messina.shield-per-space (under one-per-faction, preferably one with another faction's Shield).
// With a negative `pick`, the first fitting site, or "" when there is none.
std::string shield_site(const Board& b, const std::string& f, bool upgrade, int pick) {
  std::vector<std::string> fitting, best;
  const bool one_per_faction = b.readings.is(kShieldPerSpace, "one-per-faction");
  for (const auto& sid : b.space_ids) {
    const json& space = b.state["spaces"][sid];
    std::vector<std::string> owners;
    if (space.contains("shield")) owners.push_back(space["shield"]["owner"]);
    for (const auto& sh : space.value("shields", json::array())) owners.push_back(sh["owner"]);
    const bool own = std::find(owners.begin(), owners.end(), f) != owners.end();
    if (upgrade ? own : !own && (one_per_faction || owners.empty())) fitting.push_back(sid);
    if (!upgrade && !own && !owners.empty() && one_per_faction) best.push_back(sid);
  }
  if (pick < 0) return fitting.empty() ? "" : fitting.front();  // a probe: is there a site?
  if (!best.empty() && pick % 2 == 0) return best[static_cast<std::size_t>(pick) % best.size()];
  return fitting.empty() ? own_site(b, f, pick) : fitting[static_cast<std::size_t>(pick) % fitting.size()];
}

// The number of cards `f` holds.
int hand_of(const Board& b, const std::string& f) {
  int held = 0;
  for (const auto& c : b.card_ids) held += b.state["cards"][c]["holder"] == f ? 1 : 0;
  return held;
}

// A space with no Location Card in play, or "" when every space has one.
std::string space_without_card(const Board& b, int pick) {
  std::vector<std::string> free;
  for (const auto& sid : b.space_ids)
    if (!b.state.contains("cards") || !b.state["cards"].contains(sid)) free.push_back(sid);
  return free.empty() ? "" : free[static_cast<std::size_t>(pick) % free.size()];
}

// A card `holder` holds that `wanted` accepts (the first such by `pick`), else a new empty one it
// is dealt at a space without a card (face-down), else "".
std::string held_card(Board& b, const std::string& holder, int pick, const std::function<bool(const json&)>& wanted) {
  std::vector<std::string> fitting;
  for (const auto& c : b.card_ids)
    if (b.state["cards"][c]["holder"] == holder && wanted(b.state["cards"][c])) fitting.push_back(c);
  if (!fitting.empty()) return fitting[static_cast<std::size_t>(pick) % fitting.size()];
  const std::string at = space_without_card(b, pick);
  if (at.empty()) return "";
  b.state["cards"][at] = {{"holder", holder}, {"exposed", false}};
  b.card_ids.push_back(at);
  return at;
}

// An aimed end of an Exploration: `f`'s hand is filled (with empty cards at spaces without one)
// to the hand limit plus `over`, as far as the board has room; the discards are as many as the
// case's reading of messina.hand-limit-discard allows (exactly the excess, or more), each card
// chosen from the occupied ones first when `occupied_first`; each discarded card with units is
// turned face-up and emptied onto the map by a transfer (messina.cards.discard-empty), and with
// `keep_transfer` a card kept also sends a unit to the map.
void aimed_end_exploration(Board& b, json& act, const std::string& f, const ActionSpec& a) {
  const int over = a.count % 3;
  for (const auto& sid : b.space_ids) {
    if (hand_of(b, f) >= b.numbers.hand_limit + over) break;
    if (b.state.contains("cards") && b.state["cards"].contains(sid)) continue;
    b.state["cards"][sid] = {{"holder", f}, {"exposed", sid.back() % 2 == 0}};
    b.card_ids.push_back(sid);
  }
  // A card stands for a map space, so a board of fewer spaces than the hand limit can never take a
  // hand over it: bare spaces (no neighbours, nothing on them) are added for the cards still wanted,
  // a dozen at most (a ruleset may set a hand limit no board of a generated case should reach).
  for (int added = 0; added < 12 && hand_of(b, f) < b.numbers.hand_limit + over; ++added) {
    const std::string sid = space_name(b.n++);
    b.space_ids.push_back(sid);
    b.state["spaces"][sid] = {{"adjacent", json::array()}};
    b.state["cards"][sid] = {{"holder", f}, {"exposed", sid.back() % 2 == 0}};
    b.card_ids.push_back(sid);
  }
  const int held = hand_of(b, f);
  const int excess = std::max(0, held - b.numbers.hand_limit);
  int discards = excess;
  const int more = a.other % (held - excess + 1);
  if (b.readings.is(kHandLimitDiscard, "any-number") || (excess > 0 && b.readings.is(kHandLimitDiscard, "more-when-over")))
    discards += more;
  std::vector<std::string> mine;
  bool occupied = false;
  for (const auto& c : b.card_ids)
    if (b.state["cards"][c]["holder"] == f) {
      mine.push_back(c);
      occupied = occupied || b.state["cards"][c].contains("units");
    }
  const bool occupied_first = a.choice % 3 != 0;
  if (occupied_first && !occupied && !mine.empty())  // a card with a unit to empty
    add_piece(b, f, {{"card", mine.front()}}, kUnits[static_cast<std::size_t>(a.space) % 4]);
  std::stable_sort(mine.begin(), mine.end(), [&](const std::string& x, const std::string& y) {
    return b.state["cards"][x].contains("units") == occupied_first &&
           b.state["cards"][y].contains("units") != occupied_first;
  });
  // A near miss every other time (few cases discard an occupied card at all): the first occupied card
  // discarded is not emptied first (messina.cards.discard-empty), the action right in every other way.
  // Under any-number, where a card may go while the hand is not over the limit, an occupied-first
  // case discards at least one (most boards have too few spaces to take the hand over the limit).
  bool leave_occupied = !a.numbers.empty() && a.numbers[0] % 2 == 1;
  if (discards == 0 && occupied_first && b.readings.is(kHandLimitDiscard, "any-number")) discards = 1;
  json discard = json::array(), transfers = json::array();
  for (int i = 0; i < discards && i < static_cast<int>(mine.size()); ++i) {
    const std::string& c = mine[static_cast<std::size_t>(i)];
    discard.push_back(c);
    if (b.state["cards"][c].contains("units")) {
      b.state["cards"][c]["exposed"] = true;
      if (leave_occupied) {
        leave_occupied = false;
        continue;
      }
      transfers.push_back({{"card", c}, {"units", b.state["cards"][c]["units"]}});
    }
  }
  if (a.choice % 5 == 1)
    for (std::size_t i = static_cast<std::size_t>(discard.size()); i < mine.size(); ++i)
      if (b.state["cards"][mine[i]].contains("units")) {
        b.state["cards"][mine[i]]["exposed"] = true;
        const auto first = b.state["cards"][mine[i]]["units"].begin();
        transfers.push_back({{"card", mine[i]}, {"units", {{first.key(), 1}}}});
        break;
      }
  act["discard"] = discard;
  if (!transfers.empty()) act["transfers"] = transfers;
}

// An aimed placement's near misses, each right in every other way (chosen by `a.other`, whose
// residues 1 to 3 of 5 are common at every size), in its first placement:
//   - outside home defence, a Disaffected token as its source (messina.population.disaffected);
//   - a Civilian (not in Industry) onto a Location Card another faction holds
//     (messina.population.placement.cards);
//   - no Spare population (messina.population.placement.spare-required): a placement from Spare
//     lacks it, and so, under the spare-required reading of messina.home-defence-spare, does a
//     Disaffected one in home defence (made the first placement's source there).
void place_near_miss(Board& b, json& act, const std::string& f, const ActionSpec& a, const std::string& when) {
  json& first = act["placements"][0];
  json& pop = b.state["factions"][f]["population"];
  auto from_disaffected = [&] {
    if (first.value("from", "spare") == "disaffected") return;
    const int count = first.value("count", 1);
    pop["spare"] = pop["spare"].get<int>() - count;  // the tokens the aim gave it, moved over
    pop["disaffected"] = pop["disaffected"].get<int>() + count;
    first["from"] = "disaffected";
  };
  const int miss = a.other % 5;
  if (miss == 1 && when != "home-defence") {
    from_disaffected();
  } else if (miss == 2 && when != "industry" && b.factions > 1) {
    const std::string other = b.faction(a.faction + 1 + a.space % (b.factions - 1));  // not f
    const std::string card = held_card(b, other, a.space, [](const json&) { return true; });
    if (!card.empty()) {
      first.erase("at");
      first["card"] = card;
    }
  } else if (miss == 3) {
    if (when == "home-defence" && b.readings.is(kHomeDefenceSpare, "spare-required")) from_disaffected();
    pop["spare"] = 0;
  }
}

json make_action(Board& b, const ActionSpec& a, std::string& kind) {
  const std::string type = kActionTypes[static_cast<std::size_t>(a.type) % kActionTypes.size()];
  kind = type;
  const std::string f = b.faction(a.faction);
  json act = {{"type", type}, {"faction", f}};
  const auto& nums = a.numbers;
  if (type == "consume") {
    if (a.aim) set_moment(b, b.numbers.parity_consumption, a.choice % 2 ? "consumption" : nullptr);
    const bool near_miss = a.aim && a.choice % 4 == 3;
    if (near_miss) b.state["factions"][f]["resources"]["food"] = 0;  // a shortfall that reaches step 3
    if (a.aim && a.choice % 4 == 2) {
      // Starving with nobody to spare: steps 1 and 2 pay nothing, step 3 moves every Located token
      // within its reach.
      b.state["factions"][f]["resources"]["water"] = 0;
      b.state["factions"][f]["population"]["disaffected"] = 0;
      b.state["factions"][f]["population"]["spare"] = 0;
      // Something of each kind now and then: a unit on the map, a Worker as a guest.
      add_piece(b, f, {{"at", own_site(b, f, a.space)}}, b.is_ai(f) ? "civilian" : kUnits[static_cast<std::size_t>(a.other) % 4]);
      const std::string host = b.faction(a.faction + 1);
      if (host != f && a.other % 2 == 0 && b.readings.is(kWorkerUtility, "friendly"))
        add_guest(b, f, host, b.space(a.space + 1));
    }
    act["disband"] = a.aim ? aimed_disband(b, f, near_miss, a.other + a.space) : pieces(b, a.pieces, true);
  } else if (type == "place") {
    static constexpr std::array<std::pair<const char*, const char*>, 3> kWhen = {
        {{"industry", "industry"}, {"before-orders", "orders"}, {"home-defence", "battle"}}};
    const auto& [when, phase] = kWhen[static_cast<std::size_t>(a.choice) % kWhen.size()];
    const bool industry = std::string(when) == "industry";
    act["when"] = when;
    json list = json::array();
    for (const auto& p : a.pieces) {
      json pl = piece(b, p, true);
      if (a.aim) {
        pl.erase("card");
        pl["at"] = own_site(b, f, p.space);
        pl["unit"] = industry ? "worker" : "civilian";
        if (industry) {
          // The Utility it occupies: its own, or (every other piece) another faction's as a guest,
          // at a Home Space.
          const bool guest = (p.unit + p.space) % 2 == 1;
          if (guest) pl["at"] = own_site(b, f, 1 + p.space);
          const std::string host = aimed_utility(b, f, pl["at"], b.faction(a.faction + 1 + p.space % 2), guest);
          if (!host.empty()) pl["utility"] = host;
        } else if (p.on_card && std::string(when) == "before-orders" && hand_of(b, f) > 0) {
          pl.erase("at");  // onto a card it holds (messina.population.placement.cards)
          pl["card"] = card_of(b, f, p.space, true);
        }
      }
      // Disaffected tokens: the home-defence source, elsewhere refused (aimed: in home defence only).
      if (p.unit == 4 && (!a.aim || std::string(when) == "home-defence")) pl["from"] = "disaffected";
      list.push_back(pl);
    }
    act["placements"] = list;
    if (a.aim) {
      b.state["phase"] = phase;
      // The tokens the placements take (the faction's stock is free in a new state).
      json& pop = b.state["factions"][f]["population"];
      for (const auto& pl : list) {
        json& source = pop[pl.value("from", "spare")];
        source = source.get<int>() + pl.value("count", 1);
      }
      if (std::string(when) == "home-defence") {
        b.state["battle"] = b.state["factions"][f]["home"][0];
        for (auto& pl : act["placements"]) {
          pl.erase("card");
          pl["at"] = b.state["battle"];
        }
      }
      if (!list.empty()) place_near_miss(b, act, f, a, when);
    }
  } else if (type == "convert") {
    static constexpr std::array<std::pair<const char*, const char*>, 4> kPairs = {
        {{"civilian", "worker"}, {"worker", "civilian"}, {"infantry", "worker"}, {"mech", "civilian"}}};
    const auto& [from, to] = kPairs[static_cast<std::size_t>(a.choice) % kPairs.size()];
    std::string at = a.aim ? site_with(b, f, from, a.space) : b.space(a.space);
    if (a.aim && std::string(from) != "mech" &&
        (std::string(from) == "worker" ? !has_utility(b, at, f) || site_with(b, f, "worker", 0) != at
                                       : b.count(at, f, from) == 0)) {
      at = own_site(b, f, a.space);  // none to convert: one is put there first
      add_piece(b, f, {{"at", at}}, from);
    }
    act["at"] = at;
    act["from"] = from;
    act["to"] = to;
    if (a.aim) {
      b.state["phase"] = "industry";
      const int have = std::string(from) == "worker" ? 0 : b.count(at, f, from);
      if (std::min(have, a.count) > 1) act["count"] = std::min(have, a.count);
      if (std::string(to) == "worker") {
        const std::string host = aimed_utility(b, f, at, b.faction(a.other), a.other % 2 == 1);
        if (!host.empty()) act["utility"] = host;
      }
    } else if (a.count != 1) {
      act["count"] = a.count;
    }
  } else if (type == "release") {
    const json released = piece(b, a.pieces.empty() ? PieceSpec{} : a.pieces.front(), true);
    act.update(released);
  } else if (type == "muster") {
    if (a.aim) set_moment(b, b.numbers.parity_muster, a.choice % 2 ? "muster" : nullptr);
    // What an aimed Muster does: 0 equips only, 4 disbands only (no builds, no equipping: legal
    // under every reading of messina.build-disband), otherwise builds, equips and Shield ops.
    // An aimed Muster keeps within the faction's Energy and Spare tokens, item by item.
    const json& fj = b.state["factions"][f];
    int energy = fj["resources"].value("energy", 0), spare = fj["population"].value("spare", 0);
    const int spare_at_start = spare;
    auto affordable = [&](int cost, int tokens) {
      if (!a.aim) return true;
      if (cost > energy || tokens > spare) return false;
      energy -= cost;
      spare -= tokens;
      return true;
    };
    const std::string civilians_at = site_with(b, f, "civilian", nums.empty() ? 0 : nums[0]);
    const bool can_equip = !a.aim || b.count(civilians_at, f, "civilian") > 0;
    const int mode = !a.aim ? -1 : a.choice % 5 == 0 && !can_equip ? 1 : a.choice % 5;
    json builds = json::array(), equip = json::array(), shields = json::array();
    if (mode != 0 && mode != 4)
      for (const auto& p : a.pieces) {
        json build = piece(b, p, false);
        if (a.aim && !p.on_card) build["at"] = own_site(b, f, p.space);
        const std::string unit = build["unit"];
        if (affordable(p.count * b.numbers.cost_of(unit), p.count * b.numbers.tokens_for(b.is_ai(f), unit)))
          builds.push_back(build);
      }
    if (mode != 4 && can_equip && !nums.empty() && (nums[0] % 3 == 0 || mode == 0)) {
      const std::string at = a.aim ? civilians_at : b.space(nums[0]);
      json site = {{"at", at}};
      int count = a.count;
      if (a.aim)  // Civilians enough for the count drawn
        while (b.count(at, f, "civilian") < a.count) add_piece(b, f, {{"at", at}}, "civilian");
      // Now and then Civilians on a Location Card the faction holds (messina.muster.equip), as many
      // as the card has room for.
      const std::string card = a.aim && a.other % 3 == 1
                                   ? held_card(b, f, a.space,
                                               [&](const json& c) {
                                                 return c.value("units", json::object()).value("civilian", 0) > 0 ||
                                                        units_on(c) < b.numbers.stacking_card;
                                               })
                                   : "";
      if (!card.empty()) {
        auto civilians = [&] { return b.state["cards"][card].value("units", json::object()).value("civilian", 0); };
        for (int room = b.numbers.stacking_card - units_on(b.state["cards"][card]); civilians() < a.count && room > 0;
             --room)
          add_piece(b, f, {{"card", card}}, "civilian");
        if (civilians() > 0) {
          site = {{"card", card}};
          count = std::min(a.count, civilians());
        }
      }
      if (affordable(count * b.numbers.equip_cost, 0)) {
        site["count"] = count;
        equip.push_back(site);
      }
    }
    if (a.aim && a.other % 5 == 4 && mode != 0 && mode != 4 && nums.size() > 1 && nums[1] % 3 == 0) {
      // A near miss: a Shield op naming a Location Card, never legal (messina.cards.no-structures).
      ensure_card(b, f, a.space, a.choice % 2 == 0);
      shields.push_back({{"card", card_of(b, f, a.space, true)}, {"op", nums[1] % 2 == 1 ? "upgrade" : "build"}});
    } else if (mode != 0 && mode != 4 && nums.size() > 1 && nums[1] % 3 == 0) {
      bool upgrade = nums[1] % 2 == 1;
      if (a.aim && upgrade != (shield_site(b, f, true, -1) != "")) upgrade = !upgrade;  // an op that can be
      const std::string at = a.aim ? shield_site(b, f, upgrade, a.space) : b.space(nums[1]);
      if (affordable(upgrade ? b.numbers.shield_upgrade_cost : b.numbers.shield_build_cost, 0))
        shields.push_back({{"at", at}, {"op", upgrade ? "upgrade" : "build"}});
      // Now and then a second op on the same Shield (messina.muster.shield.not-both, .one-upgrade).
      if (!shields.empty() && nums.size() > 3 && nums[2] % 3 == 0)
        shields.push_back({{"at", shields.back()["at"]}, {"op", nums[3] % 2 ? "upgrade" : "build"}});
    }
    if (!builds.empty()) act["builds"] = builds;
    if (!equip.empty()) act["equip"] = equip;
    if (!shields.empty()) act["shields"] = shields;
    if (mode == 4) {
      const std::string unit = kUnits[static_cast<std::size_t>(a.other) % kUnits.size()];
      act["disband"] = json::array({{{"at", site_with(b, f, unit, a.space)}, {"unit", unit}}});
    } else if (a.aim && a.choice >= 5 && a.other % 2 == 0 && !builds.empty()) {
      // A disband beside the builds (messina.muster.no-build-disband): refused under the
      // builds-and-equip and builds-only readings of messina.build-disband; under move-or-convert
      // it takes back one unit of the first build where it was built, which moves or converts
      // nothing (legal when every build is of that kind at that place).
      json gone = builds.front();
      gone.erase("count");
      if (!b.readings.is(kBuildDisband, "move-or-convert")) {
        const std::string unit = kUnits[static_cast<std::size_t>(a.other / 2) % kUnits.size()];
        gone = {{"at", site_with(b, f, unit, a.space)}, {"unit", unit}};
      }
      act["disband"] = json::array({gone});
    } else if (a.aim && a.choice >= 5 && a.other % 2 == 1 && spare < spare_at_start) {
      // A near miss: one Spare token short of what the builds take (messina.muster.population).
      b.state["factions"][f]["population"]["spare"] = spare_at_start - spare - 1;
    }
    if (!a.aim && nums.size() > 2 && nums[2] % 4 == 0) act["disband"] = pieces(b, a.pieces, true);
  } else if (type == "rearm") {
    bool upgrade = a.choice % 2 == 1;
    if (a.aim) {
      b.state["phase"] = "rearm";
      if (upgrade != (shield_site(b, f, true, -1) != "")) upgrade = !upgrade;  // an op that can be
      // The Energy for it (the faction's stock is free in a new state).
      json& energy = b.state["factions"][f]["resources"]["energy"];
      energy = std::max(energy.get<int>(), upgrade ? b.numbers.shield_upgrade_cost : b.numbers.shield_build_cost);
    }
    json op = {{"at", a.aim ? shield_site(b, f, upgrade, a.space) : b.space(a.space)},
               {"op", upgrade ? "upgrade" : "build"}};
    // Its shapes: one op, or a list of ops (docs/formats.md); now and then an op naming a Location
    // Card, never legal (messina.cards.no-structures).
    const int shape = a.other % 6;
    if (shape >= 4) {
      ensure_card(b, f, a.space, a.choice % 2 == 0);
      op.erase("at");
      op["card"] = card_of(b, f, a.space, a.aim);
    }
    act["shield"] = shape % 2 == 1 ? json::array({op}) : op;
  } else if (type == "expose" || type == "hide") {
    ensure_card(b, f, a.space, type == "hide");
    auto empty = [](const json& card) { return !card.contains("units"); };
    act["card"] = card_of(b, f, a.space, a.aim, type == "hide" ? std::function<bool(const json&)>(empty) : nullptr);
    if (type == "hide" && a.aim) b.state["phase"] = "between-mil-ops";
  } else if (type == "transfer") {
    ensure_card(b, f, a.space, true);
    auto occupied = [](const json& card) { return card.contains("units"); };
    const std::string card = card_of(b, f, a.space, a.aim, occupied);
    if (a.aim && b.state["cards"][card]["holder"] == f && !b.state["cards"][card].contains("units"))
      add_piece(b, f, {{"card", card}}, kUnits[static_cast<std::size_t>(a.choice) % 4]);
    act["card"] = card;
    const json& on_card = b.state["cards"][card];
    if (a.aim && on_card.contains("units")) {
      const auto first = on_card["units"].begin();
      act["units"] = {{first.key(), std::min(a.count, first->get<int>())}};
      b.state["cards"][card]["exposed"] = true;
    } else {
      act["units"] = {{kUnits[static_cast<std::size_t>(a.choice) % kUnits.size()], a.count}};
    }
  } else {  // end-exploration
    ensure_card(b, f, a.space, a.choice % 2 == 0);
    if (a.aim) {
      b.state["phase"] = "exploration-end";
      aimed_end_exploration(b, act, f, a);
    } else {
      json discard = json::array();
      const int discards = std::min<int>(a.count, static_cast<int>(nums.size()));
      for (int i = 0; i < discards; ++i) discard.push_back(card_of(b, f, nums[static_cast<std::size_t>(i)], false));
      act["discard"] = discard;
      if (nums.size() > 3 && nums[3] % 3 == 0)
        act["transfers"] = json::array(
            {{{"card", card_of(b, f, nums[3], false)},
              {"units", {{kUnits[static_cast<std::size_t>(a.choice) % kUnits.size()], a.count}}}}});
    }
  }
  return act;
}

// Whether a faction other than `f` has units or Workers (its own or as a guest) at `space`.
bool others_present(const Board& b, const std::string& f, const std::string& space) {
  const json& sp = b.state["spaces"][space];
  const json units = sp.value("units", json::object()), utilities = sp.value("utilities", json::array());
  for (const auto& [who, counts] : units.items())
    if (who != f)
      for (const auto& [unit, n] : counts.items())
        if (n.get<int>() > 0) return true;
  for (const auto& ut : utilities) {
    if (ut["owner"] != f && ut.value("workers", 0) > 0) return true;
    const json guests = ut.value("guests", json::object());
    for (const auto& [guest, n] : guests.items())
      if (guest != f && n.get<int>() > 0) return true;
  }
  return false;
}

json make_query(Board& b, const ActionSpec& a, std::string& kind) {
  const std::string type = kQueryTypes[static_cast<std::size_t>(a.type) % kQueryTypes.size()];
  kind = type;
  const std::string f = b.faction(a.faction);
  json q = {{"type", type}};
  if (type == "friendly-area") {
    q["faction"] = f;
    q["purpose"] = kActivities[static_cast<std::size_t>(a.choice) % kActivities.size()];
  } else if (type == "hostile") {
    q["faction"] = f;
    q["at"] = b.space(a.space);
    // One in three at messina.card-hostility: a space no other faction has units or Workers in, its
    // card held by an opponent (face down two times in three) that gives `f` no military consent.
    const std::string other = b.faction(a.other);
    if (a.choice % 3 == 0 && other != f) {
      std::vector<std::string> quiet;
      for (const auto& sid : b.space_ids)
        if (!(b.state.contains("cards") && b.state["cards"].contains(sid)) && !others_present(b, f, sid))
          quiet.push_back(sid);
      if (!quiet.empty()) {
        const std::string at = quiet[static_cast<std::size_t>(a.space) % quiet.size()];
        q["at"] = at;
        b.state["cards"][at] = {{"holder", other}, {"exposed", (a.choice / 3) % 2 == 1}};
        b.card_ids.push_back(at);
        json& faction = b.state["factions"][other];
        if (faction.contains("consents") && faction["consents"].is_object() && faction["consents"].contains(f)) {
          json& given = faction["consents"][f];
          given.erase(std::remove(given.begin(), given.end(), json("military")), given.end());
        }
      }
    }
  } else if (type == "must-expose") {
    ensure_card(b, f, a.space, false);
    q["faction"] = f;
    q["card"] = card_of(b, f, a.space, a.aim);
    q["situation"] = kSituations[static_cast<std::size_t>(a.choice) % kSituations.size()];
  } else if (type == "tie-break") {
    q["at"] = b.space(a.space);
    q["sides"] = json::array({f});
    if (b.faction(a.other) != f) q["sides"].push_back(b.faction(a.other));
  } else if (type == "bombable") {
    ensure_card(b, f, a.space, a.choice % 2 == 0);
    q["card"] = card_of(b, f, a.space, false);
  } else {
    ensure_card(b, f, a.space, a.choice % 2 == 0);
    q["card"] = card_of(b, f, a.space, false);
    static constexpr std::array<const char*, 4> kBy = {"missile", "bomb", "march", "support"};
    q["by"] = kBy[static_cast<std::size_t>(a.choice) % kBy.size()];
  }
  return q;
}

GeneratedCase to_case(const CaseSpec& spec, const Setup& setup) {
  GeneratedCase c;
  c.game = "messina";
  c.ruleset = setup.overrides(spec.ruleset);
  const CaseReadings readings = setup.readings(spec.readings, c.interpretations);
  // The numbers of the case's ruleset: the base's, or the base with the overrides merged in.
  std::unique_ptr<Numbers> sampled;
  if (!c.ruleset.empty()) {
    json merged = setup.base;
    merged.merge_patch(c.ruleset);
    sampled = std::make_unique<Numbers>(merged);
  }
  Board b = build_board(spec.state, sampled ? *sampled : setup.numbers, readings, setup.any_state);
  c.is_query = spec.action.query;
  c.request = c.is_query ? make_query(b, spec.action, c.kind) : make_action(b, spec.action, c.kind);
  keep_phase_in_its_round(b);
  c.state = std::move(b.state);
  return c;
}

}  // namespace

rc::Gen<GeneratedCase> messina_cases(const json& ruleset, const CaseOptions& options) {
  const auto setup = std::make_shared<const Setup>(ruleset, options);
  auto readings = reading_picks(setup->points.size());
  return rc::gen::map(
      rc::gen::build<CaseSpec>(rc::gen::set(&CaseSpec::state, state_spec()),
                               rc::gen::set(&CaseSpec::action, action_spec()),
                               rc::gen::set(&CaseSpec::ruleset, setup->ruleset_picks()),
                               rc::gen::set(&CaseSpec::readings, readings)),
      [setup](const CaseSpec& spec) { return to_case(spec, *setup); });
}

}  // namespace rulecheck::generators
