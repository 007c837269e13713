// Inside properties/generators/ only: the pieces of Messina's case generator (messina.cpp), shared
// by its files: the names of the formats, the shrinkable specs a case is built from, the ruleset and
// readings a case runs under, and the board under construction.
//   messina_specs.cpp: RapidCheck generators of the specs; the ruleset keys a sampled ruleset draws
//   messina_board.cpp: a spec's state as JSON, kept to the states play can reach
//   messina_sites.cpp: the sites, pieces and near misses the actions aim at
//   messina.cpp:       the actions and queries, and the generator itself
#pragma once

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

namespace rulecheck::generators::messina_gen {

inline constexpr std::array<const char*, 3> kFactionIds = {"UE", "SF", "NM"};
inline constexpr std::array<const char*, 5> kUnits = {"civilian", "infantry", "bomber", "fighter", "mech"};
inline constexpr std::array<const char*, 5> kActivities = {"muster", "build", "workers", "civilians", "military"};
inline constexpr std::array<const char*, 10> kPhases = {
    "muster", "consumption",     "industry", "orders",          "bonus-military-action",
    "battle", "between-mil-ops", "mil-ops",  "exploration-end", "rearm"};
inline constexpr std::array<const char*, 10> kActionTypes = {"consume", "place",  "convert", "release",  "muster",
                                                      "rearm",   "expose", "hide",    "transfer", "end-exploration"};
inline constexpr std::array<const char*, 6> kQueryTypes = {"friendly-area", "hostile",  "must-expose",
                                                    "tie-break",     "bombable", "support-cut"};
inline constexpr std::array<const char*, 10> kSituations = {
    "utility-build", "muster-on-map", "muster-onto-card", "connect", "obstruction",
    "march",         "demolition",    "military-effect",  "battle",  "no-response"};

// The interpretation points whose reading changes what a generated state or an aimed action may
// be (rules/messina/interpretations.json), and the readings that do.
inline constexpr const char* kShieldPerSpace = "messina.shield-per-space";
inline constexpr const char* kWorkerUtility = "messina.worker-utility";
inline constexpr const char* kConsumptionBill = "messina.consumption-bill";
inline constexpr const char* kStep3CardUnits = "messina.step3-card-units";
inline constexpr const char* kHandLimitDiscard = "messina.hand-limit-discard";
inline constexpr const char* kBuildDisband = "messina.build-disband";
inline constexpr const char* kHomeDefenceSpare = "messina.home-defence-spare";
inline constexpr std::array<const char*, 7> kDecidingPoints = {kShieldPerSpace,  kWorkerUtility,    kConsumptionBill,
                                                        kStep3CardUnits,  kHandLimitDiscard, kBuildDisband,
                                                        kHomeDefenceSpare};
bool deciding(const std::string& point);


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


// ---------------------------------------------------------------- the ruleset and readings of a case

// One key of ruleset.json a sampled ruleset draws: a number ("stacking_map", or a unit's field
// {"units", "bomber", "cost"}) within [lo, hi], or the set of unit kinds the AI backs.
struct RulesetKey {
  std::vector<std::string> path;
  bool unit_set = false;
  int lo = 0, hi = INT_MAX;
};

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

// ---------------------------------------------------------------- generators of specs (messina_specs.cpp)

rc::Gen<int> small(int most);

// A count that grows with the size: 0..most at full size, mostly 0..1 when small.
rc::Gen<int> scaled(int most);

rc::Gen<UnitsSpec> units_spec();

rc::Gen<SpaceSpec> space_spec();

rc::Gen<FactionSpec> faction_spec();

rc::Gen<StateSpec> state_spec();

rc::Gen<PieceSpec> piece_spec();

rc::Gen<ActionSpec> action_spec();

// `n` picks, all 0 but one, drawn in [1, top): one key or point away from the default.
rc::Gen<std::vector<int>> one_pick_of(std::size_t n, int top);

// A third of the cases sample the ruleset: half of those change one key (an engine that ignores
// it fails on a case that changes nothing else), half draw every key, each keeping its default two
// times in five. Few rulesets recur, so the rules bound for one (harness/bindings.hpp) serve many.
rc::Gen<RulesetSpec> ruleset_spec(std::size_t keys, bool sample);

// The readings of a case, one pick per point (taken modulo its number of readings; 12: even odds
// for 1 to 4 and 6): the defaults in half the cases, one point changed in three of eight, every
// point drawn in one of eight.
rc::Gen<std::vector<int>> reading_picks(std::size_t points);

// The range each number of ruleset.json is drawn from: what the rules leave open for it. A round
// parity is 0 or 1; a faction pays for at least one token per Food and Water; a stacking limit, a
// hand limit and a strength are at least 1 (a limit of 0 would leave no room at all); a unit takes
// at most 2 tokens (a token backs one unit: more than 2 would test nothing new); other costs and
// counts from 0. The tokens of a Civilian and of Infantry are not free: a Civilian and a Worker
// interconvert, Infantry becomes a Worker (messina.population.interconversion) and a Civilian is
// equipped as Infantry (messina.muster.equip) without a token moving on the mat, and a Worker
// takes one token, so both take one, unless `unit_tokens` (CaseOptions::sample_unit_tokens): then
// 0..2, and those conversions are illegal where the two kinds take different tokens.
RulesetKey key_of(std::vector<std::string> path, bool unit_tokens);

// Every key of ruleset.json (less its "game" and "note"), in the file's order of keys.
std::vector<RulesetKey> ruleset_keys(const json& ruleset, bool unit_tokens);

json& at_path(json& j, const std::vector<std::string>& path);

const json& value_at(const json& j, const std::vector<std::string>& path);

// The value a pick other than 0 draws for a key: a number near the default within its range (never
// the default itself), or another set of AI-backed unit kinds. The AI's Civilians stay backed:
// its Workers and Civilians interconvert without a token moving (messina.population.interconversion).
json drawn_value(const RulesetKey& key, const json& base, int pick);

// ---------------------------------------------------------------- the board (messina_board.cpp)

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

std::string space_name(int i);

void add_units(json& into, const UnitsSpec& u);

// messina.reachable.alternating-phase: a state at the Muster or Consumption Phase is in a round
// of that phase's parity (moved on by one round when drawn in the other).
void keep_phase_in_its_round(Board& b);

// The tokens a faction's pieces on the board stand for (messina.population.backing).
int backed_tokens(const Board& b, const std::string& id, bool ai);

// Each faction's Home Spaces: the drawn one and, when drawn, a second, distinct
// (messina.reachable.two-home-spaces). Unless any_state none is another faction's
// (messina.convention.own-home-spaces): a faction takes the first space from the drawn one on that no
// earlier faction has, and takes a second Home Space only when that leaves a space for each later
// faction (build_board keeps the factions no more than the spaces).
std::vector<json> home_spaces(const Board& b, const StateSpec& spec);

Board build_board(const StateSpec& spec, const Numbers& numbers, const CaseReadings& readings, bool any_state);

// ---------------------------------------------------------------- sites the actions aim at (messina_sites.cpp)

// What step 3 may take from: the faction's backed units on the map, its Workers (in its own
// Utilities and as a guest), and, where the reading lets step 3 reach them, its units on cards.
struct Holding {
  json where;  // {"at": ...} or {"card": ...}
  std::string unit;
  int have = 0, tokens_each = 0;
};

json where(const Board& b, const PieceSpec& p);

json piece(const Board& b, const PieceSpec& p, bool allow_worker);

json pieces(const Board& b, const std::vector<PieceSpec>& list, bool allow_worker);

// Sets the round to one of `parity` (keeping it near the generated one) and the moment.
void set_moment(Board& b, int parity, const char* phase);

// The Located tokens step 3 of `f`'s Consumption moves, worked out as the oracle's rules do under
// the case's readings (messina.consumption.cost, .shortfall, .shortfall.step1-3; the readings of
// messina.consumption-bill and messina.step3-card-units).
int step3_tokens(const Board& b, const std::string& f);

std::vector<Holding> holdings(const Board& b, const std::string& f);

// Step 3's choice aimed at: the faction's own backed pieces, starting from the one `order` picks
// (so that every kind of piece comes first in some case), enough for the tokens step 3 moves.
// `near_miss`: one unit of the choice is taken from another faction's Location Card, a choice the
// rules refuse (a card carries its holder's units) that is right in every other way.
json aimed_disband(const Board& b, const std::string& f, bool near_miss, int order);

// A space where `f` has something (a site its Friendly Area surely reaches under the default
// readings): a home space, or another space chosen by `pick`.
std::string own_site(const Board& b, const std::string& f, int pick);

// A card in play (the state has one: see ensure_card); with `aim`, one `f` holds, preferring
// one that `wanted` accepts.
std::string card_of(const Board& b, const std::string& f, int pick, bool aim,
                    const std::function<bool(const json&)>& wanted = nullptr);

// Card actions and queries need a card in play: a state without one gets an empty one, held by
// `f`, at a space chosen by `pick` (no units on it, so Located is unchanged).
void ensure_card(Board& b, const std::string& f, int pick, bool exposed);

// A space where `f` has at least one `unit` (a worker: in its own Utility), else any space.
std::string site_with(const Board& b, const std::string& f, const std::string& unit, int pick);

// The number of units on a card.
int units_on(const json& card);

// One more `unit` of `f` on the board for an aim that needs one (at a map space, or on a card
// with room), backed by one more Located token where it needs one (the state is a new one, not
// the outcome of an action). A Worker goes into `f`'s own Utility there, added when missing.
void add_piece(Board& b, const std::string& f, const json& where, const std::string& unit);

// One Worker of `f` as a guest in `host`'s Utility at `space` (added, empty, when missing), backed
// by one more Located token: for aims under the friendly reading of messina.worker-utility.
void add_guest(Board& b, const std::string& f, const std::string& host, const std::string& space);

bool has_utility(const Board& b, const std::string& space, const std::string& owner);

// The Utility an aimed new Worker of `f` at `space` occupies: its own (one is added, empty, when
// it has none there), or, under the friendly reading of messina.worker-utility and when `guest`
// asks for it, one of `host`'s (added likewise), `host` consenting to `f` placing Workers. The
// owner, for the action's "utility" field (empty: the faction's own, left unnamed; a guest asked
// for under the own reading names `f` itself, so the field is sent under every reading).
std::string aimed_utility(Board& b, const std::string& f, const std::string& space, const std::string& host,
                          bool guest);

// A site for an aimed Shield op of `f`: for an upgrade, a space with its own Shield; for a build,
// one of its sites with no Shield of its own, and none at all under the one-per-space reading of
// messina.shield-per-space (under one-per-faction, preferably one with another faction's Shield).
// With a negative `pick`, the first fitting site, or "" when there is none.
std::string shield_site(const Board& b, const std::string& f, bool upgrade, int pick);

// The number of cards `f` holds.
int hand_of(const Board& b, const std::string& f);

// A space with no Location Card in play, or "" when every space has one.
std::string space_without_card(const Board& b, int pick);

// A card `holder` holds that `wanted` accepts (the first such by `pick`), else a new empty one it
// is dealt at a space without a card (face-down), else "".
std::string held_card(Board& b, const std::string& holder, int pick, const std::function<bool(const json&)>& wanted = nullptr);

// An aimed end of an Exploration: `f`'s hand is filled (with empty cards at spaces without one)
// to the hand limit plus `over`, as far as the board has room; the discards are as many as the
// case's reading of messina.hand-limit-discard allows (exactly the excess, or more), each card
// chosen from the occupied ones first when `occupied_first`; each discarded card with units is
// turned face-up and emptied onto the map by a transfer (messina.cards.discard-empty), and with
// `keep_transfer` a card kept also sends a unit to the map.
void aimed_end_exploration(Board& b, json& act, const std::string& f, const ActionSpec& a);

// An aimed placement's near misses, each right in every other way (chosen by `a.other`, whose
// residues 1 to 3 of 5 are common at every size), in its first placement:
//   - outside home defence, a Disaffected token as its source (messina.population.disaffected);
//   - a Civilian (not in Industry) onto a Location Card another faction holds
//     (messina.population.placement.cards);
//   - no Spare population (messina.population.placement.spare-required): a placement from Spare
//     lacks it, and so, under the spare-required reading of messina.home-defence-spare, does a
//     Disaffected one in home defence (made the first placement's source there).
void place_near_miss(Board& b, json& act, const std::string& f, const ActionSpec& a, const std::string& when);

}  // namespace rulecheck::generators::messina_gen
