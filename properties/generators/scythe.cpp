// Scythe's generated cases (docs/formats.md, "Scythe state" and "States play can reach";
// rules/scythe/clauses.json, rules/scythe/invariants.json).
//
// A case is first a spec of plain shrinkable numbers (CaseSpec below), then converted into JSON.
// The conversion reads every number so that any value, and any shrink of it, is a state the
// validator (oracle/scythe/validate.cpp) accepts: references are indices taken modulo the sizes
// they refer to, the territories form a spanning tree ("parent index < i") plus extra edges,
// adjacency is written both ways, each faction has one home base holding only its own units and
// no structure, encounter or resources, a faction has at most one character, "held_by" is written
// exactly when several factions share a territory and names one of them, and popularity lies in
// the ruleset's popularity_min..popularity_max.
//
// States play can reach (the default; CaseOptions::any_state keeps the wider states): the
// conversion builds every invariant of rules/scythe/invariants.json in, as play would leave the
// board, so that shrinking keeps it too. Where two factions have a character or mechs on one
// territory, a combat is pending there between the two (the holder drawn among them and the next
// one with such units), and any third faction's units are back in their home base; where one
// faction has a character or mechs, every other faction's workers are back in their home base
// (scythe.move.workers-retreat); where only workers meet, those of the faction drawn as the holder
// stay and the others are home. A character on an encounter token has had its encounter: the token
// is gone (scythe.move.encounter-resolve). Nothing else is pending. A Move starts only once the last
// action's combats are fought: on a move case's board the holder drawn has won each such combat and
// the other's units are home, so no combat is pending; queries see the boards with combats pending. With any_state, units of every
// faction are left where the spec puts them, "held_by" names any faction present, and pending
// combats are drawn anywhere on the board.
//
// Terrain: every kind the format names except `lake`. The movement section does not govern lakes
// (Scythe's units do not enter them) and the oracle treats them as ordinary land, so a lake in a
// generated case would test rulecheck's guess, not the rules (docs/formats.md).
//
// Rulesets and readings: with CaseOptions::sample_ruleset, a third of the cases sample the ruleset.
// With CaseOptions::only_produced, among the rulesets the game produces (the base game's ranges or
// Speed's, a player mat's 2 units or an upgraded 3: rules/scythe/ruleset.doc.json, "produced"; the
// picks of properties/generators/produced.hpp). Without it, within what the rules leave open
// (move_range per unit kind 1..3 independently, popularity_min 0..3, popularity_max 10..18,
// popularity_loss_per_worker 0..3, units_per_move 2..3): half of those draw
// one key (an engine that ignores it fails on a case that changes nothing else, and few rulesets
// recur, so the rules bound for one serve many), half every key. The case carries the values that
// differ from the ruleset given (GeneratedCase::ruleset).
// For each point of CaseOptions::readings one of the readings listed is drawn per case; those
// that are not the point's default are the case's interpretations.
//
// The action is a move (1-3 unit moves; one more than the ruleset's units_per_move when that is
// larger) or one of the three queries (controller, mill-produces, structure-bonus). About half of
// the cases aim at legality: each unit move starts where the mover still has an unmoved unit of
// that kind and walks adjacency around home bases for up to the unit's range, stopping where the
// unit's movement ends and keeping workers away from opponents (and, under the no-workers reading
// of scythe.vacated-workers, from territories a move vacated), so that it is legal under the
// readings drawn (scythe.move.*; at most units_per_move unit moves). In the other half each unit
// move is, by its spec, aimed as above, "local" (a unit the mover has there now, moved already or
// not, walking adjacency home bases included, 0 to range + 1 steps, workers carried by any unit),
// "into trouble" (an unmoved unit stepping into a home base, opponents' territory or an
// encounter, then on), "again" (the unit the previous unit move moved, once more) or "wild" (any
// unit, anywhere, jumping anywhere): illegal in each of the ways the clauses list, and often legal
// too.
//
// Sizes follow RapidCheck's size: at size 0, one faction and one territory beside its home base,
// at most one unit of a kind on each, one unit move of one step; the number of factions,
// territories, units, moves and steps grows with it. The numbers the rules use (popularity bounds,
// move ranges, the units_per_move cap) come from the case's ruleset: the one given, or one drawn
// within what the game allows (the bounds below).
#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "properties/generators/generated_case.hpp"
#include "properties/generators/produced.hpp"

namespace rulecheck::generators {

namespace {

namespace gen = rc::gen;

constexpr std::array<const char*, 3> kFactionIds = {"red", "blue", "green"};
constexpr std::array<const char*, 3> kUnitNames = {"character", "mech", "worker"};
constexpr int kCharacter = 0, kMech = 1, kWorker = 2;
// Every terrain of the format but `lake`, which the movement section does not govern (see above).
constexpr std::array<const char*, 6> kTerrains = {"farm", "forest", "mountain", "tundra", "village", "factory"};
constexpr std::array<const char*, 4> kStructures = {"mill", "mine", "armory", "monument"};
constexpr std::array<const char*, 4> kResources = {"food", "wood", "metal", "oil"};

constexpr int kMostTerritories = 10;
constexpr int kMostExtraEdges = 4;
constexpr int kMostUnitMoves = 3;

// What the rules leave open, for a ruleset sampled without CaseOptions::only_produced: an edited
// range of a unit kind of 2 or 3, never more; the popularity track runs 0..18, and an
// edited one keeps a bottom of 0..3 and a top of 10..18; forcing a worker out costs 0..3
// popularity; a player mat moves 2 units, 3 once upgraded.
constexpr int kMostRange = 3;
constexpr int kMostPopularityMin = 3;
constexpr int kLeastPopularityMax = 10;
constexpr int kTrackTop = 18;
constexpr int kMostLossPerWorker = 3;
constexpr int kLeastUnitsPerMove = 2, kMostUnitsPerMove = 3;

// The ruleset's numbers the generator needs.
struct Numbers {
  int popularity_min = 0;
  int popularity_max = 0;
  int popularity_loss_per_worker = 0;
  std::array<int, 3> move_range{};      // by unit index
  int units_per_move = kMostUnitMoves;  // what interpretation scythe.units-per-move may cap

  static Numbers from(const json& ruleset) {
    Numbers n;
    if (ruleset.contains("units_per_move")) n.units_per_move = std::max(1, ruleset.at("units_per_move").get<int>());
    n.popularity_min = ruleset.at("popularity_min").get<int>();
    n.popularity_max = ruleset.at("popularity_max").get<int>();
    n.popularity_loss_per_worker = ruleset.value("popularity_loss_per_worker", 0);
    for (std::size_t u = 0; u < kUnitNames.size(); ++u)
      n.move_range[u] = std::max(1, ruleset.at("move_range").at(kUnitNames[u]).get<int>());
    return n;
  }
  int longest_range() const { return *std::max_element(move_range.begin(), move_range.end()); }
  // Free moves go one past the cap; aimed ones stay within it.
  int most_unit_moves() const { return std::max(kMostUnitMoves, units_per_move + 1); }
  int popularity_span() const { return popularity_max - popularity_min; }
};

// The largest numbers any case of a generator may draw: the ruleset given's, and with sampling
// what the rulesets drawn allow too (sizes of the spec's lists and ranges of its raw numbers).
Numbers widest(const json& ruleset, const CaseOptions& options) {
  const Numbers given = Numbers::from(ruleset);
  if (!options.sample_ruleset) return given;
  if (options.only_produced) {
    Numbers w = given;
    for (const json& variant : produced_variants(*options.only_produced, ruleset)) {
      const Numbers v = Numbers::from(variant);
      for (std::size_t u = 0; u < w.move_range.size(); ++u) w.move_range[u] = std::max(w.move_range[u], v.move_range[u]);
      w.units_per_move = std::max(w.units_per_move, v.units_per_move);
      w.popularity_min = std::min(w.popularity_min, v.popularity_min);
      w.popularity_max = std::max(w.popularity_max, w.popularity_min + std::max(given.popularity_span(), v.popularity_span()));
    }
    return w;
  }
  Numbers w = given;
  w.popularity_min = 0;
  w.popularity_max = std::max(given.popularity_span(), kTrackTop);
  for (int& r : w.move_range) r = std::max(r, kMostRange);
  w.units_per_move = std::max(given.units_per_move, kMostUnitsPerMove);
  return w;
}

// A raw number read as a count: 0 up to `bias`, then 1, 2, ... (every count shrinks towards 0).
int above(int raw, int bias) { return std::max(0, raw - bias); }

// `raw` modulo `n` (n > 0), for indices into lists whose size the spec does not fix.
int pick(int raw, int n) { return n <= 0 ? 0 : (raw % n + n) % n; }
template <typename T>
const T& pick_in(const std::vector<T>& list, int raw) {
  return list[static_cast<std::size_t>(pick(raw, static_cast<int>(list.size())))];
}

// ---- The spec: plain shrinkable numbers ----

// A count that is 0 unless `present` reaches kPresent, then 1 + extra. `present` does not grow
// with the size (so that mid-sized boards have units too); `extra` does. Both shrink towards 0,
// `present` towards no unit at all.
constexpr int kPresent = 3;
struct CountSpec {
  int present = 0;
  int extra = 0;
  int value() const { return present >= kPresent ? 1 + std::max(0, extra) : 0; }
};

struct ForcesSpec {
  CountSpec mech;
  CountSpec worker;
};

struct FactionSpec {
  int popularity = 0;    // popularity_min + this, at most popularity_max
  int character = 0;     // from kPresent: it has a character on the board, at character_at
  int character_at = 0;  // territory (character_at mod (territories + 1)), the last being its home base
  ForcesSpec at_home;    // its units in its home base
  int home_link = 0;     // the board territory its home base is adjacent to
  int second_link = 0;   // 0: none; k: also adjacent to territory k-1
  int home_terrain = 0;  // odd: the base's terrain is written as "home-base"
};

struct TerritorySpec {
  int parent = 0;  // territory i > 0 is adjacent to territory (parent mod i)
  int terrain = 0;
  std::vector<ForcesSpec> forces;  // per faction, in faction order
  int structure = 0;               // from kPresent: a structure of kind structure_kind
  int structure_kind = 0;
  int structure_owner = 0;
  int encounter = 0;           // from kPresent: a token is there
  std::vector<int> resources;  // per kind: above(r, 2) tokens
  int held_by = 0;             // which of the factions present keeps control
};

struct BoardSpec {
  std::vector<FactionSpec> factions;       // 1..3 used (none: one faction of a zero spec, for safety)
  std::vector<TerritorySpec> territories;  // at least one used
  std::vector<std::pair<int, int>> extra_edges;
  std::vector<int> pending_combats;  // from 1: territory (raw - 1) is a pending combat
};

struct UnitMoveSpec {
  int mode = 0;  // in a free action: 0 aimed, 1 local, 2 into trouble, 3 wild (see MovePlanner)
  int unit = 0;  // character, mech, worker; from 3 (in a free action): the unit the previous unit move moved, "again"
  int from = 0;
  int steps = 0;          // path length: aimed 1 + steps mod range, free (steps + 1) mod (range + 2)
  std::vector<int> path;  // each step picks among the candidates
  int carry = 0;          // above(carry, 3) workers
};

enum class Kind { move, controller, mill_produces, structure_bonus };

struct ActionSpec {
  Kind kind = Kind::move;
  bool aim = false;
  int faction = 0;
  std::vector<UnitMoveSpec> moves;  // 1..most_unit_moves() used (aimed: 1..units_per_move)
  int at = 0;
  int who = 0;
};

// A sampled ruleset and the readings drawn. Every raw number shrinks towards the base game's
// value (range 1, popularity 0..18, a loss of 1, 2 units per move) and `sampled` towards the
// ruleset given.
struct RulesSpec {
  int sampled = 0;             // of 0..5: 4 draws the key `one_key` only, 5 every key; below, none
  int one_key = 0;             // 0..2 a unit kind's range, 3 popularity_min, 4 popularity_max, 5 the loss, 6 units per move
  std::array<int, 3> range{};  // 1 + range
  int popularity_min = 0;      // this
  int popularity_max = 0;      // kTrackTop - this
  int loss = 0;                // (1 + loss) mod (kMostLossPerWorker + 1)
  int units_per_move = 0;      // kLeastUnitsPerMove + this
  std::vector<int> readings;   // per point of CaseOptions::readings, in its order: which of its readings
  std::vector<int> produced;   // with CaseOptions::only_produced: a pick per group (produced_picks)
};

struct CaseSpec {
  RulesSpec rules;
  BoardSpec board;
  ActionSpec action;
};

// A container whose length grows with the size, from 0 up to `most` at RapidCheck's nominal size,
// its elements generated at the full size (so shrinking removes elements first).
template <typename T>
rc::Gen<std::vector<T>> up_to(int most, rc::Gen<T> element) {
  return gen::withSize([=](int size) {
    const int length_size = (std::min(size, rc::kNominalSize) * most + rc::kNominalSize - 1) / rc::kNominalSize;
    return gen::resize(length_size, gen::container<std::vector<T>>(gen::resize(size, element)));
  });
}

// A number that does not grow with the size: in 0..n-1, and from kPresent on with odds
// (n - kPresent) / n.
rc::Gen<int> unscaled(int n) { return gen::resize(rc::kNominalSize, gen::inRange(0, n)); }

rc::Gen<CountSpec> count_spec(int n, int most) {
  return gen::build<CountSpec>(gen::set(&CountSpec::present, unscaled(n)),
                               gen::set(&CountSpec::extra, gen::inRange(0, most)));
}

// The same, from 1 element up to `most`.
template <typename T>
rc::Gen<std::vector<T>> one_to(int most, rc::Gen<T> element) {
  return gen::map(gen::pair(element, up_to(most - 1, element)), [](const std::pair<T, std::vector<T>>& p) {
    std::vector<T> out{p.first};
    out.insert(out.end(), p.second.begin(), p.second.end());
    return out;
  });
}

rc::Gen<ForcesSpec> forces_spec(int n, int most_mechs, int most_workers) {
  return gen::build<ForcesSpec>(gen::set(&ForcesSpec::mech, count_spec(n, most_mechs)),
                                gen::set(&ForcesSpec::worker, count_spec(n, most_workers)));
}

rc::Gen<BoardSpec> board_spec(const Numbers& n) {
  const auto faction = gen::build<FactionSpec>(
      gen::set(&FactionSpec::popularity, gen::inRange(0, n.popularity_span() + 1)),
      gen::set(&FactionSpec::character, unscaled(kPresent + 6)),
      gen::set(&FactionSpec::character_at, gen::inRange(0, kMostTerritories + 1)),
      gen::set(&FactionSpec::at_home, forces_spec(kPresent + 2, 1, 2)),
      gen::set(&FactionSpec::home_link, gen::inRange(0, kMostTerritories)),
      gen::set(&FactionSpec::second_link, gen::inRange(0, kMostTerritories)),
      gen::set(&FactionSpec::home_terrain, gen::inRange(0, 2)));
  const auto territory = gen::build<TerritorySpec>(
      gen::set(&TerritorySpec::parent, gen::inRange(0, kMostTerritories)),
      gen::set(&TerritorySpec::terrain, gen::inRange(0, static_cast<int>(kTerrains.size()))),
      gen::set(&TerritorySpec::forces,
               gen::container<std::vector<ForcesSpec>>(kFactionIds.size(), forces_spec(kPresent + 2, 2, 3))),
      gen::set(&TerritorySpec::structure, unscaled(kPresent + 2)),
      gen::set(&TerritorySpec::structure_kind, unscaled(static_cast<int>(kStructures.size()))),
      gen::set(&TerritorySpec::structure_owner, gen::inRange(0, 3)),
      gen::set(&TerritorySpec::encounter, unscaled(kPresent + 2)),
      gen::set(&TerritorySpec::resources, gen::container<std::vector<int>>(kResources.size(), unscaled(5))),
      gen::set(&TerritorySpec::held_by, gen::inRange(0, 3)));
  return gen::build<BoardSpec>(
      gen::set(&BoardSpec::factions, one_to(static_cast<int>(kFactionIds.size()), faction)),
      gen::set(&BoardSpec::territories, one_to(kMostTerritories, territory)),
      gen::set(&BoardSpec::extra_edges,
               up_to(kMostExtraEdges, gen::pair(gen::inRange(0, kMostTerritories), gen::inRange(0, kMostTerritories)))),
      gen::set(&BoardSpec::pending_combats, up_to(2, gen::inRange(0, kMostTerritories))));
}

rc::Gen<RulesSpec> rules_spec(const CaseOptions& options) {
  return gen::build<RulesSpec>(
      gen::set(&RulesSpec::sampled, options.sample_ruleset && !options.only_produced ? unscaled(6) : gen::just(0)),
      gen::set(&RulesSpec::one_key, unscaled(7)),
      gen::set(&RulesSpec::range, gen::map(gen::container<std::vector<int>>(3, unscaled(kMostRange)),
                                           [](const std::vector<int>& v) { return std::array<int, 3>{v[0], v[1], v[2]}; })),
      gen::set(&RulesSpec::popularity_min, unscaled(kMostPopularityMin + 1)),
      gen::set(&RulesSpec::popularity_max, unscaled(kTrackTop - kLeastPopularityMax + 1)),
      gen::set(&RulesSpec::loss, unscaled(kMostLossPerWorker + 1)),
      gen::set(&RulesSpec::units_per_move, unscaled(kMostUnitsPerMove - kLeastUnitsPerMove + 1)),
      gen::set(&RulesSpec::readings, gen::container<std::vector<int>>(options.readings.size(), unscaled(6))),
      gen::set(&RulesSpec::produced, options.sample_ruleset && options.only_produced
                                         ? produced_picks(options.only_produced->size())
                                         : gen::just(std::vector<int>{})));
}

rc::Gen<ActionSpec> action_spec(const Numbers& n) {
  const auto unit_move = gen::build<UnitMoveSpec>(
      gen::set(&UnitMoveSpec::mode, gen::weightedElement<int>({{2, 0}, {2, 1}, {2, 2}, {1, 3}})),
      gen::set(&UnitMoveSpec::unit, unscaled(6)), gen::set(&UnitMoveSpec::from, gen::inRange(0, kMostTerritories + 3)),
      gen::set(&UnitMoveSpec::steps, gen::inRange(0, n.longest_range() + 2)),
      gen::set(&UnitMoveSpec::path,
               gen::container<std::vector<int>>(static_cast<std::size_t>(n.longest_range() + 1), gen::inRange(0, 8))),
      gen::set(&UnitMoveSpec::carry, unscaled(6)));
  return gen::build<ActionSpec>(
      gen::set(&ActionSpec::kind,
               gen::weightedElement<Kind>(
                   {{7, Kind::move}, {1, Kind::controller}, {1, Kind::mill_produces}, {1, Kind::structure_bonus}})),
      gen::set(&ActionSpec::aim, gen::element(true, false)), gen::set(&ActionSpec::faction, gen::inRange(0, 3)),
      gen::set(&ActionSpec::moves, one_to(n.most_unit_moves(), unit_move)),
      gen::set(&ActionSpec::at, gen::inRange(0, kMostTerritories + 3)), gen::set(&ActionSpec::who, gen::inRange(0, 3)));
}

// ---- The board the spec stands for ----

using Forces = std::array<std::array<int, 3>, 3>;  // [faction][unit]

struct Board {
  int factions = 0;     // 1..3
  int territories = 0;  // board territories 0..territories-1; faction f's home base is territories + f
  std::vector<int> popularity;
  std::vector<std::string> names;
  std::vector<std::set<int>> adjacent;
  std::vector<int> home_of;  // the faction whose home base it is, or -1
  std::vector<Forces> units;
  std::vector<int> terrain;                     // -1: omitted; 7: "home-base"
  std::vector<int> structure, structure_owner;  // -1: none
  std::vector<bool> encounter;
  std::vector<std::array<int, 4>> resources;
  std::vector<int> holder;  // the faction that keeps control where several share a territory, else -1
  std::set<int> pending_combats;
  std::set<int> pending_encounters;

  int size() const { return territories + factions; }
  bool is_home(int t) const { return home_of[static_cast<std::size_t>(t)] >= 0; }
};

std::string faction_id(int f) { return kFactionIds[static_cast<std::size_t>(f)]; }

std::size_t at(int i) { return static_cast<std::size_t>(i); }

bool opponent_has(const Forces& forces, int factions, int mover, bool combat) {
  for (int f = 0; f < factions; ++f) {
    if (f == mover) continue;
    const auto& u = forces[at(f)];
    if (combat ? u[kCharacter] + u[kMech] > 0 : u[kWorker] > 0) return true;
  }
  return false;
}

// The factions with units on territory t (with a character or mechs: `combat`).
std::vector<int> factions_on(const Board& b, int t, bool combat) {
  std::vector<int> out;
  for (int f = 0; f < b.factions; ++f) {
    const auto& u = b.units[at(t)][at(f)];
    if (combat ? u[kCharacter] + u[kMech] > 0 : u[kCharacter] + u[kMech] + u[kWorker] > 0) out.push_back(f);
  }
  return out;
}

// Faction f's units on territory t go back to its home base, as workers forced out do
// (scythe.move.workers-retreat) and as units beaten in a combat do.
void send_home(Board& b, int t, int f) {
  auto& here = b.units[at(t)][at(f)];
  auto& home = b.units[at(b.territories + f)][at(f)];
  for (int u = 0; u < 3; ++u) home[at(u)] += std::exchange(here[at(u)], 0);
}

// The board as play leaves it (rules/scythe/invariants.json): see the comment at the top. Each
// territory's spec draws its holder (held_by).
// `before_a_move`: the board a Move starts from. A combat pending after one action has been fought
// before the next Move starts (scythe.move.combat-pending: combats come once the moves are done), so
// none is pending then: the holder drawn won it and the other's units are back in their home base.
void keep_to_states_play_reaches(Board& b, const BoardSpec& spec, bool before_a_move) {
  for (int t = 0; t < b.territories; ++t) {
    const int raw = t < static_cast<int>(spec.territories.size()) ? spec.territories[at(t)].held_by : 0;
    const std::vector<int> present = factions_on(b, t, false), fighters = factions_on(b, t, true);
    if (present.size() < 2) continue;
    std::vector<int> stay;
    if (fighters.size() >= 2 && before_a_move) {
      stay = {fighters[at(pick(raw, static_cast<int>(fighters.size())))]};  // the combat was fought
      b.holder[at(t)] = stay.front();
    } else if (fighters.size() >= 2) {
      // scythe.reachable.combat-units-meet-only-in-pending-combat: a combat waits between the
      // holder and the next faction with a character or mechs there.
      const int h = pick(raw, static_cast<int>(fighters.size()));
      stay = {fighters[at(h)], fighters[at((h + 1) % static_cast<int>(fighters.size()))]};
      b.holder[at(t)] = stay.front();
      b.pending_combats.insert(t);
    } else if (fighters.size() == 1) {
      stay = fighters;  // scythe.reachable.workers-share-only-in-pending-combat: the others' workers went home
    } else {
      stay = {pick_in(present, raw)};  // workers alone: the holder's stay
    }
    for (int f : present)
      if (std::find(stay.begin(), stay.end(), f) == stay.end()) send_home(b, t, f);
  }
  // scythe.reachable.character-on-encounter-has-it-pending: a character on a token has had its
  // encounter before a Move starts, and the token went with it; a query may ask of the board right
  // after the move that brought it there, its encounter still pending on the token.
  for (int t = 0; t < b.territories; ++t)
    for (int f = 0; f < b.factions; ++f)
      if (b.units[at(t)][at(f)][kCharacter] > 0 && b.encounter[at(t)]) {
        if (before_a_move)
          b.encounter[at(t)] = false;
        else
          b.pending_encounters.insert(t);
      }
}

// Any valid board: units where the spec puts them, the holder any faction present, pending
// combats anywhere on the board.
void keep_any_valid_state(Board& b, const BoardSpec& spec) {
  for (int t = 0; t < b.territories; ++t) {
    const std::vector<int> present = factions_on(b, t, false);
    const int raw = t < static_cast<int>(spec.territories.size()) ? spec.territories[at(t)].held_by : 0;
    if (present.size() >= 2) b.holder[at(t)] = pick_in(present, raw);
  }
  for (int raw : spec.pending_combats)
    if (raw > 0) b.pending_combats.insert(pick(raw - 1, b.territories));
}

Board to_board(const Numbers& n, const BoardSpec& spec, bool any_state, bool before_a_move) {
  Board b;
  b.factions = std::clamp(static_cast<int>(spec.factions.size()), 1, static_cast<int>(kFactionIds.size()));
  b.territories = std::max(1, static_cast<int>(spec.territories.size()));
  const int total = b.size();
  b.names.resize(at(total));
  b.adjacent.resize(at(total));
  b.home_of.assign(at(total), -1);
  b.units.assign(at(total), Forces{});
  b.terrain.assign(at(total), -1);
  b.structure.assign(at(total), -1);
  b.structure_owner.assign(at(total), -1);
  b.encounter.assign(at(total), false);
  b.resources.assign(at(total), {});
  b.holder.assign(at(total), -1);
  auto link = [&](int x, int y) {
    if (x == y) return;
    b.adjacent[at(x)].insert(y);
    b.adjacent[at(y)].insert(x);
  };

  const TerritorySpec none{};
  for (int t = 0; t < b.territories; ++t) {
    const TerritorySpec& ts = t < static_cast<int>(spec.territories.size()) ? spec.territories[at(t)] : none;
    b.names[at(t)] = "T" + std::to_string(t + 1);
    if (t > 0) link(t, pick(ts.parent, t));
    b.terrain[at(t)] = pick(ts.terrain, static_cast<int>(kTerrains.size()));
    for (int f = 0; f < b.factions && f < static_cast<int>(ts.forces.size()); ++f) {
      b.units[at(t)][at(f)][kMech] = ts.forces[at(f)].mech.value();
      b.units[at(t)][at(f)][kWorker] = ts.forces[at(f)].worker.value();
    }
    if (ts.structure >= kPresent) {
      b.structure[at(t)] = pick(ts.structure_kind, static_cast<int>(kStructures.size()));
      b.structure_owner[at(t)] = pick(ts.structure_owner, b.factions);
    }
    b.encounter[at(t)] = ts.encounter >= kPresent;
    for (std::size_t r = 0; r < kResources.size() && r < ts.resources.size(); ++r)
      b.resources[at(t)][r] = above(ts.resources[r], 2);
  }
  for (const auto& [x, y] : spec.extra_edges) link(pick(x, b.territories), pick(y, b.territories));

  const FactionSpec no_faction{};
  for (int f = 0; f < b.factions; ++f) {
    const FactionSpec& fs = f < static_cast<int>(spec.factions.size()) ? spec.factions[at(f)] : no_faction;
    const int home = b.territories + f;
    b.names[at(home)] = "HB-" + faction_id(f);
    b.home_of[at(home)] = f;
    b.terrain[at(home)] = fs.home_terrain % 2 == 1 ? static_cast<int>(kTerrains.size()) : -1;
    b.popularity.push_back(std::min(n.popularity_max, n.popularity_min + std::max(0, fs.popularity)));
    link(home, pick(fs.home_link, b.territories));
    if (fs.second_link > 0) link(home, pick(fs.second_link - 1, b.territories));
    b.units[at(home)][at(f)][kMech] = fs.at_home.mech.value();
    b.units[at(home)][at(f)][kWorker] = fs.at_home.worker.value();
    // One character at most per faction: on a board territory, or in its own home base.
    if (fs.character >= kPresent) {
      const int where = pick(fs.character_at, b.territories + 1);
      b.units[at(where == b.territories ? home : where)][at(f)][kCharacter] = 1;
    }
  }
  if (any_state)
    keep_any_valid_state(b, spec);
  else
    keep_to_states_play_reaches(b, spec, before_a_move);
  return b;
}

json state_json(const Board& b) {
  json state = json::object();
  json& factions = state["factions"] = json::object();
  for (int f = 0; f < b.factions; ++f)
    factions[faction_id(f)] = {{"popularity", b.popularity[at(f)]}, {"home_base", b.names[at(b.territories + f)]}};
  json& territories = state["territories"] = json::object();
  for (int t = 0; t < b.size(); ++t) {
    json tj = json::object();
    json adjacent = json::array();
    for (int a : b.adjacent[at(t)]) adjacent.push_back(b.names[at(a)]);
    if (!adjacent.empty()) tj["adjacent"] = adjacent;
    if (b.is_home(t)) tj["home_base"] = faction_id(b.home_of[at(t)]);
    const int terrain = b.terrain[at(t)];
    if (terrain >= 0)
      tj["terrain"] = terrain < static_cast<int>(kTerrains.size()) ? kTerrains[at(terrain)] : "home-base";
    json units = json::object();
    for (int f = 0; f < b.factions; ++f) {
      json counts = json::object();
      for (int u = 0; u < 3; ++u)
        if (int c = b.units[at(t)][at(f)][at(u)]; c > 0) counts[kUnitNames[at(u)]] = c;
      if (!counts.empty()) units[faction_id(f)] = counts;
    }
    if (!units.empty()) tj["units"] = units;
    if (units.size() >= 2) tj["held_by"] = faction_id(b.holder[at(t)]);
    if (b.structure[at(t)] >= 0)
      tj["structure"] = {{"owner", faction_id(b.structure_owner[at(t)])},
                         {"kind", kStructures[at(b.structure[at(t)])]}};
    if (b.encounter[at(t)]) tj["encounter"] = true;
    json resources = json::object();
    for (std::size_t r = 0; r < kResources.size(); ++r)
      if (b.resources[at(t)][r] > 0) resources[kResources[r]] = b.resources[at(t)][r];
    if (!resources.empty()) tj["resources"] = resources;
    territories[b.names[at(t)]] = tj;
  }
  if (!b.pending_combats.empty() || !b.pending_encounters.empty()) {
    json combats = json::array(), encounters = json::array();
    for (int t : b.pending_combats) combats.push_back(b.names[at(t)]);
    for (int t : b.pending_encounters) encounters.push_back(b.names[at(t)]);
    state["pending"] = json::object();
    if (!combats.empty()) state["pending"]["combats"] = combats;
    if (!encounters.empty()) state["pending"]["encounters"] = encounters;
  }
  return state;
}

// ---- The action ----

struct UnitMove {
  int unit = 0;
  int from = 0;
  std::vector<int> path;
  int carry = 0;
};

// What the readings drawn change for aimed moves: under the no-workers reading of
// scythe.vacated-workers a territory a character or mech vacated stays closed to workers.
struct DrawnReadings {
  bool vacated_closed_to_workers = false;
};

// Builds a move's unit moves one after the other, following the mover's units as they go.
class MovePlanner {
 public:
  MovePlanner(const Numbers& n, const DrawnReadings& r, const Board& b, int mover)
      : n_(n), r_(r), b_(b), mover_(mover), live_(b.units), unmoved_(b.units), now_(b.units) {}

  UnitMove plan(const UnitMoveSpec& s, bool aim) {
    std::optional<UnitMove> m;
    if (!aim && again(s)) m = local(s);  // the same unit once more
    if (!m && (aim || s.mode == 0)) m = aimed(s);
    if (!m && s.mode == 2) m = trouble(s);
    if (!m && s.mode <= 2) m = local(s);
    if (!m) m = wild(s);
    // Where the mover's units are now (as far as the path says; a free move may well be illegal).
    if (!m->path.empty()) {
      auto& from = now_[at(m->from)][at(mover_)];
      auto& to = now_[at(m->path.back())][at(mover_)];
      from[at(m->unit)] = std::max(0, from[at(m->unit)] - 1);
      to[at(m->unit)] += 1;
      const int carried = std::min(m->carry, from[kWorker]);
      from[kWorker] -= carried;
      to[kWorker] += carried;
    }
    last_ = *m;
    return *m;
  }

 private:
  bool opponents(int t, bool combat) const { return opponent_has(live_[at(t)], b_.factions, mover_, combat); }

  // Where a unit may step next from `t` and keep the move legal: never into a home base
  // (scythe.move.home-base); a worker by itself never where an opponent has units
  // (scythe.move.worker-blocked-by-combat-units, scythe.move.worker-blocked-by-workers, under
  // every reading of scythe.worker-blocking), nor, under the no-workers reading of
  // scythe.vacated-workers, into a territory vacated in this action.
  std::vector<int> legal_steps(int t, int unit) const {
    std::vector<int> out;
    for (int a : b_.adjacent[at(t)]) {
      if (b_.is_home(a)) continue;
      if (unit == kWorker && (opponents(a, true) || opponents(a, false))) continue;
      if (unit == kWorker && r_.vacated_closed_to_workers && vacated_.count(a)) continue;
      out.push_back(a);
    }
    return out;
  }

  // A character or mech entering t sends the opponent workers there home: opponent workers and no
  // opponent character or mech, and t not held by the mover itself (scythe.move.workers-stop).
  bool forces_workers_out(int t) const {
    if (!opponents(t, false) || opponents(t, true)) return false;
    const auto& mine = now_[at(t)][at(mover_)];
    return !(mine[kCharacter] + mine[kMech] + mine[kWorker] > 0 && b_.holder[at(t)] == mover_);
  }

  // Where a character's or mech's movement ends: scythe.move.combat-stop,
  // scythe.move.workers-stop, scythe.move.encounter-stop.
  bool stops(int t, int unit) const {
    if (unit == kWorker) return false;
    return opponents(t, true) || opponents(t, false) || (unit == kCharacter && b_.encounter[at(t)]);
  }

  // (territory, unit) pairs of `counts` where the mover has that unit, those of the spec's unit
  // kind when there are any. `legal_only`: only where such a unit can make a legal move.
  std::vector<std::pair<int, int>> starts(const std::vector<Forces>& counts, const UnitMoveSpec& s,
                                          bool legal_only) const {
    std::vector<std::pair<int, int>> all, preferred;
    const int wanted = again(s) ? last_->unit : pick(s.unit, 3);
    for (int t = 0; t < b_.size(); ++t)
      for (int u = 0; u < 3; ++u) {
        if (counts[at(t)][at(mover_)][at(u)] <= 0) continue;
        if (legal_only && (legal_steps(t, u).empty() || (u == kWorker && opponents(t, true)))) continue;
        all.emplace_back(t, u);
        if (u == wanted) preferred.emplace_back(t, u);
      }
    return preferred.empty() ? all : preferred;
  }

  bool again(const UnitMoveSpec& s) const { return s.unit >= 3 && last_ && !last_->path.empty(); }

  static int path_pick(const UnitMoveSpec& s, int i) { return i < static_cast<int>(s.path.size()) ? s.path[at(i)] : 0; }

  // A unit that has not moved yet, along legal steps, ending at its first stop: legal under every
  // reading (at most units_per_move unit moves are aimed; see move_json).
  std::optional<UnitMove> aimed(const UnitMoveSpec& s) {
    const auto candidates = starts(unmoved_, s, true);
    if (candidates.empty()) return std::nullopt;
    const auto [from, unit] = pick_in(candidates, s.from);
    UnitMove m{unit, from, {}, 0};
    const int length = 1 + pick(s.steps, n_.move_range[at(unit)]);
    int position = from;
    for (int i = 0; i < length; ++i) {
      const auto options = legal_steps(position, unit);
      if (options.empty()) break;
      position = pick_in(options, path_pick(s, i));
      m.path.push_back(position);
      if (stops(position, unit)) break;
    }
    if (unit == kMech) m.carry = std::min(above(s.carry, 3), unmoved_[at(from)][at(mover_)][kWorker]);
    // Units moved once do not start again (nor ride: scythe.carried-workers "counts-as-move");
    // opponent workers a character or mech forced out are gone to their home base, where no
    // move goes, and the territory they left is vacated.
    unmoved_[at(from)][at(mover_)][at(unit)] -= 1;
    unmoved_[at(from)][at(mover_)][kWorker] -= m.carry;
    if (unit != kWorker && forces_workers_out(position)) {
      for (int f = 0; f < b_.factions; ++f)
        if (f != mover_) live_[at(position)][at(f)][kWorker] = 0;
      vacated_.insert(position);
    }
    return m;
  }

  // A unit that has not moved yet, into a territory where its movement must stop or may not go
  // (a home base; for a worker moving by itself, opponent units, or out from among an opponent's
  // mechs or character; for a character or mech, opponent units or, for the character, an
  // encounter), then on along adjacency: up to one step past its range in all.
  std::optional<UnitMove> trouble(const UnitMoveSpec& s) {
    struct Start {
      int from, unit, into;
    };
    std::vector<Start> all, preferred;
    const int wanted = again(s) ? last_->unit : pick(s.unit, 3);
    for (int t = 0; t < b_.size(); ++t)
      for (int u = 0; u < 3; ++u) {
        if (unmoved_[at(t)][at(mover_)][at(u)] <= 0) continue;
        for (int a : b_.adjacent[at(t)]) {
          const bool blocked =
              u == kWorker ? opponents(a, true) || opponents(a, false) || opponents(t, true) : stops(a, u);
          if (!b_.is_home(a) && !blocked) continue;
          all.push_back({t, u, a});
          if (u == wanted) preferred.push_back({t, u, a});
        }
      }
    if (all.empty()) return std::nullopt;
    const Start start = pick_in(preferred.empty() ? all : preferred, s.from);
    UnitMove m{start.unit, start.from, {start.into}, 0};
    const int length = 1 + pick(s.steps, n_.move_range[at(start.unit)] + 1);
    for (int i = 1; i < length; ++i) {
      const auto& adjacent = b_.adjacent[at(m.path.back())];
      m.path.push_back(pick_in(std::vector<int>(adjacent.begin(), adjacent.end()), path_pick(s, i)));
    }
    if (start.unit == kMech) m.carry = std::min(above(s.carry, 3), unmoved_[at(start.from)][at(mover_)][kWorker]);
    unmoved_[at(start.from)][at(mover_)][at(start.unit)] -= 1;
    unmoved_[at(start.from)][at(mover_)][kWorker] -= m.carry;
    return m;
  }

  // A unit where the mover has one now (moved already or not; "again": the unit the previous
  // unit move moved, from where it went), walking adjacency, home bases included, for any length
  // from 0 to one past its range, carrying workers whatever the unit.
  std::optional<UnitMove> local(const UnitMoveSpec& s) const {
    const auto candidates =
        again(s) ? std::vector<std::pair<int, int>>{{last_->path.back(), last_->unit}} : starts(now_, s, false);
    if (candidates.empty()) return std::nullopt;
    const auto [from, unit] = pick_in(candidates, s.from);
    UnitMove m{unit, from, {}, above(s.carry, 3)};
    const int length = pick(s.steps + 1, n_.move_range[at(unit)] + 2);
    int position = from;
    for (int i = 0; i < length; ++i) {
      const auto& adjacent = b_.adjacent[at(position)];
      if (adjacent.empty()) break;
      position = pick_in(std::vector<int>(adjacent.begin(), adjacent.end()), path_pick(s, i));
      m.path.push_back(position);
    }
    return m;
  }

  // Any unit, from anywhere, to anywhere.
  UnitMove wild(const UnitMoveSpec& s) const {
    UnitMove m{pick(s.unit, 3), pick(s.from, b_.size()), {}, above(s.carry, 3)};
    const int length = pick(s.steps + 1, n_.move_range[at(m.unit)] + 2);
    for (int i = 0; i < length; ++i) m.path.push_back(pick(path_pick(s, i), b_.size()));
    return m;
  }

  const Numbers& n_;
  const DrawnReadings& r_;
  const Board& b_;
  int mover_;
  std::set<int> vacated_;  // territories aimed moves emptied of opponent workers
  std::vector<Forces> live_;     // opponents' units as the aimed moves leave them
  std::vector<Forces> unmoved_;  // the mover's units that have not moved yet
  std::vector<Forces> now_;      // the mover's units where the moves so far put them
  std::optional<UnitMove> last_;
};

bool has_units(const Board& b, int f) {
  for (const auto& forces : b.units)
    for (int c : forces[at(f)])
      if (c > 0) return true;
  return false;
}

json move_json(const Numbers& n, const DrawnReadings& r, const Board& b, const ActionSpec& s) {
  int mover = pick(s.faction, b.factions);
  if (s.aim)  // the first faction from the spec's with a unit on the board
    for (int k = 0; k < b.factions; ++k)
      if (const int f = pick(s.faction + k, b.factions); has_units(b, f)) {
        mover = f;
        break;
      }
  MovePlanner planner(n, r, b, mover);
  const UnitMoveSpec none{};
  json moves = json::array();
  const int count = std::clamp(static_cast<int>(s.moves.size()), 1, s.aim ? n.units_per_move : n.most_unit_moves());
  for (int i = 0; i < count; ++i) {
    const UnitMove m = planner.plan(i < static_cast<int>(s.moves.size()) ? s.moves[at(i)] : none, s.aim);
    json path = json::array();
    for (int t : m.path) path.push_back(b.names[at(t)]);
    json mj = {{"unit", kUnitNames[at(m.unit)]}, {"from", b.names[at(m.from)]}, {"path", path}};
    if (m.carry > 0) mj["carry"] = {{"worker", m.carry}};
    moves.push_back(mj);
  }
  return {{"type", "move"}, {"faction", faction_id(mover)}, {"moves", moves}};
}

json query_json(const Board& b, const ActionSpec& s) {
  int where = pick(s.at, b.size());
  if (s.aim && s.kind != Kind::controller) {  // a territory with a structure (a mill, for mill-produces)
    std::vector<int> sites;
    for (int t = 0; t < b.territories; ++t)
      if (b.structure[at(t)] >= 0 && (s.kind != Kind::mill_produces || b.structure[at(t)] == 0)) sites.push_back(t);
    if (!sites.empty()) where = pick_in(sites, s.at);
  }
  switch (s.kind) {
    case Kind::controller: return {{"type", "controller"}, {"at", b.names[at(where)]}};
    case Kind::mill_produces: return {{"type", "mill-produces"}, {"at", b.names[at(where)]}};
    default:
      return {
          {"type", "structure-bonus"}, {"at", b.names[at(where)]}, {"faction", faction_id(pick(s.who, b.factions))}};
  }
}

// ---- The ruleset and the readings of a case ----

// Each point's default reading (rules/scythe/interpretations.json; the properties check that the
// two agree): a case names only the readings drawn that differ from them. A point not listed here
// is named whatever is drawn.
constexpr std::array<std::pair<const char*, const char*>, 5> kDefaultReadings = {{
    {"scythe.vacated-workers", "any-unit"},
    {"scythe.stop-path", "must-end"},
    {"scythe.carried-workers", "not-a-move"},
    {"scythe.units-per-move", "no-cap"},
    {"scythe.worker-blocking", "control"},
}};

std::string default_reading(const std::string& point) {
  for (const auto& [id, reading] : kDefaultReadings)
    if (point == id) return reading;
  return "";
}

struct CaseRules {
  Numbers numbers;
  json overrides = json::object();        // GeneratedCase::ruleset
  json interpretations = json::object();  // GeneratedCase::interpretations
  DrawnReadings readings;
};

CaseRules case_rules(const json& ruleset, const CaseOptions& options, const RulesSpec& spec) {
  const Numbers given = Numbers::from(ruleset);
  CaseRules r{given, json::object(), json::object(), {}};
  if (options.only_produced && !spec.produced.empty()) {
    r.overrides = produced_overrides(*options.only_produced, spec.produced, ruleset);
    json merged = ruleset;
    merged.merge_patch(r.overrides);
    r.numbers = Numbers::from(merged);
  } else if (spec.sampled >= 4) {
    Numbers& n = r.numbers;
    // Key k is drawn when every key is, or when it is the one.
    auto drawn = [&](int k) { return spec.sampled >= 5 || pick(spec.one_key, 7) == k; };
    for (std::size_t u = 0; u < kUnitNames.size(); ++u) {
      if (drawn(static_cast<int>(u))) n.move_range[u] = 1 + pick(spec.range[u], kMostRange);
      if (n.move_range[u] != given.move_range[u]) r.overrides["move_range"][kUnitNames[u]] = n.move_range[u];
    }
    if (drawn(3)) n.popularity_min = pick(spec.popularity_min, kMostPopularityMin + 1);
    if (drawn(4)) n.popularity_max = kTrackTop - pick(spec.popularity_max, kTrackTop - kLeastPopularityMax + 1);
    if (drawn(5)) n.popularity_loss_per_worker = pick(1 + spec.loss, kMostLossPerWorker + 1);
    if (drawn(6))
      n.units_per_move = kLeastUnitsPerMove + pick(spec.units_per_move, kMostUnitsPerMove - kLeastUnitsPerMove + 1);
    auto note = [&](const char* key, int value, int before) {
      if (value != before) r.overrides[key] = value;
    };
    note("popularity_min", n.popularity_min, given.popularity_min);
    note("popularity_max", n.popularity_max, given.popularity_max);
    note("popularity_loss_per_worker", n.popularity_loss_per_worker, given.popularity_loss_per_worker);
    note("units_per_move", n.units_per_move, given.units_per_move);
  }
  std::size_t i = 0;
  for (const auto& [point, listed] : options.readings.items()) {
    const int raw = i < spec.readings.size() ? spec.readings[i] : 0;
    ++i;
    if (!listed.is_array() || listed.empty()) continue;
    const std::string reading = listed.at(at(pick(raw, static_cast<int>(listed.size())))).get<std::string>();
    if (reading != default_reading(point)) r.interpretations[point] = reading;
  }
  r.readings.vacated_closed_to_workers =
      r.interpretations.value("scythe.vacated-workers", default_reading("scythe.vacated-workers")) == "no-workers";
  return r;
}

GeneratedCase to_case(const json& ruleset, const CaseOptions& options, const CaseSpec& spec) {
  const CaseRules rules = case_rules(ruleset, options, spec.rules);
  const Numbers& n = rules.numbers;
  const Board board = to_board(n, spec.board, options.any_state, spec.action.kind == Kind::move);
  GeneratedCase c;
  c.game = "scythe";
  c.ruleset = rules.overrides;
  c.interpretations = rules.interpretations;
  c.state = state_json(board);
  c.is_query = spec.action.kind != Kind::move;
  c.request = c.is_query ? query_json(board, spec.action) : move_json(n, rules.readings, board, spec.action);
  c.kind = c.request.at("type").get<std::string>();
  return c;
}

}  // namespace

rc::Gen<GeneratedCase> scythe_cases(const json& ruleset, const CaseOptions& options) {
  const Numbers widest_drawn = widest(ruleset, options);
  const auto spec = gen::build<CaseSpec>(gen::set(&CaseSpec::rules, rules_spec(options)),
                                         gen::set(&CaseSpec::board, board_spec(widest_drawn)),
                                         gen::set(&CaseSpec::action, action_spec(widest_drawn)));
  return gen::map(spec, [ruleset, options](const CaseSpec& s) { return to_case(ruleset, options, s); });
}

}  // namespace rulecheck::generators
