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
#include "properties/generators/scythe_gen.hpp"

namespace rulecheck::generators {

namespace scythe_gen {

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

}  // namespace scythe_gen

rc::Gen<GeneratedCase> scythe_cases(const json& ruleset, const CaseOptions& options) {
  using namespace scythe_gen;
  const Numbers widest_drawn = widest(ruleset, options);
  const auto spec = gen::build<CaseSpec>(gen::set(&CaseSpec::rules, rules_spec(options)),
                                         gen::set(&CaseSpec::board, board_spec(widest_drawn)),
                                         gen::set(&CaseSpec::action, action_spec(widest_drawn)));
  return gen::map(spec, [ruleset, options](const CaseSpec& s) { return to_case(ruleset, options, s); });
}

}  // namespace rulecheck::generators
