// Scythe at the JSON edge: states, the move action, queries, the ruleset and the readings in;
// canonical JSON out; and the Game that registers Scythe.
#include "games/scythe/adapter.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "common/json_io.hpp"
#include "common/json_text.hpp"
#include "games/adapter.hpp"
#include "games/solver_records.hpp"
#include "games/scythe/state_from_text.hpp"
#include "games/scythe/state_read.hpp"
#include "games/scythe/wording.hpp"
#include "oracle/scythe/oracle.hpp"
#include "solver/scythe/discovery.hpp"
#include "solver/scythe/literal.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::scythe {

namespace {

json write_state(const State& s) {
  json j = json::object();
  json& factions = j["factions"] = json::object();
  for (const auto& [id, f] : s.factions) {
    json fj = {{"home_base", f.home_base}};
    if (f.popularity != 0) fj["popularity"] = f.popularity;
    factions[id] = std::move(fj);
  }
  json& territories = j["territories"] = json::object();
  for (const auto& [id, t] : s.territories) {
    json tj = json::object();
    std::vector<std::string> adjacent = t.adjacent;
    std::sort(adjacent.begin(), adjacent.end());
    if (!adjacent.empty()) tj["adjacent"] = std::move(adjacent);
    if (t.home_base) tj["home_base"] = *t.home_base;
    if (!t.terrain.empty()) tj["terrain"] = t.terrain;
    json units = json::object();
    for (const auto& [owner, counts] : t.units) {
      json cj = json::object();
      for (Unit k : kUnits)
        if (counts[k] != 0) cj[std::string(unit_name(k))] = counts[k];
      if (!cj.empty()) units[owner] = std::move(cj);
    }
    if (!units.empty()) tj["units"] = std::move(units);
    if (t.structure) tj["structure"] = {{"owner", t.structure->owner}, {"kind", t.structure->kind}};
    if (t.encounter) tj["encounter"] = true;
    if (!t.resources.empty()) tj["resources"] = t.resources;
    if (t.held_by) tj["held_by"] = *t.held_by;
    territories[id] = std::move(tj);
  }
  json pending = json::object();
  std::vector<std::string> combats = s.pending_combats, encounters = s.pending_encounters;
  std::sort(combats.begin(), combats.end());
  std::sort(encounters.begin(), encounters.end());
  if (!combats.empty()) pending["combats"] = std::move(combats);
  if (!encounters.empty()) pending["encounters"] = std::move(encounters);
  if (!pending.empty()) j["pending"] = std::move(pending);
  return j;
}

// write_state(s).dump()'s bytes, written straight from the state (serve's answer and the harness's
// next request carry a state as text: building its JSON value first was most of the cost). Keys go in
// the order dump() sorts them; a string that is not printable ASCII returns false, and the caller
// dumps write_state(s) instead. tests/test_scythe_validator.cpp compares the two on generated states.
class StateText : JsonTextWriter {
 public:
  explicit StateText(std::string& out) : JsonTextWriter(out) {}

  bool write(const State& s) {
    out_ += R"({"factions":{)";
    const char* comma = "";
    for (const auto& [id, f] : s.factions) {
      out_ += comma, comma = ",";
      if (!key(id)) return false;
      out_ += R"({"home_base":)";
      if (!string(f.home_base)) return false;
      if (f.popularity != 0) fmt::format_to(std::back_inserter(out_), R"(,"popularity":{})", f.popularity);
      out_ += '}';
    }
    out_ += '}';
    if (!s.pending_combats.empty() || !s.pending_encounters.empty()) {
      out_ += R"(,"pending":{)";
      comma_ = "";
      if (!s.pending_combats.empty() && !(name("combats") && sorted_strings(s.pending_combats))) return false;
      if (!s.pending_encounters.empty() && !(name("encounters") && sorted_strings(s.pending_encounters))) return false;
      out_ += '}';
    }
    out_ += R"(,"territories":{)";
    comma = "";
    for (const auto& [id, t] : s.territories) {
      out_ += comma, comma = ",";
      if (!key(id) || !territory(t)) return false;
    }
    out_ += "}}";
    return true;
  }

 private:
  // A territory's fields, in dump()'s order: adjacent, encounter, held_by, home_base, resources,
  // structure, terrain, units.
  bool territory(const Territory& t) {
    out_ += '{';
    comma_ = "";
    if (!t.adjacent.empty() && !(name("adjacent") && sorted_strings(t.adjacent))) return false;
    if (t.encounter && name("encounter")) out_ += "true";
    if (t.held_by && !(name("held_by") && string(*t.held_by))) return false;
    if (t.home_base && !(name("home_base") && string(*t.home_base))) return false;
    if (!t.resources.empty()) {
      name("resources");
      out_ += '{';
      const char* comma = "";
      for (const auto& [kind, n] : t.resources) {
        out_ += comma, comma = ",";
        if (!key(kind)) return false;
        fmt::format_to(std::back_inserter(out_), "{}", n);
      }
      out_ += '}';
    }
    if (t.structure) {
      name("structure");
      out_ += R"({"kind":)";
      if (!string(t.structure->kind)) return false;
      out_ += R"(,"owner":)";
      if (!string(t.structure->owner)) return false;
      out_ += '}';
    }
    if (!t.terrain.empty() && !(name("terrain") && string(t.terrain))) return false;
    if (std::any_of(t.units.begin(), t.units.end(), [](const auto& u) { return any_count(u.second); })) {
      name("units");
      out_ += '{';
      const char* comma = "";
      for (const auto& [owner, counts] : t.units) {
        if (!any_count(counts)) continue;
        out_ += comma, comma = ",";
        if (!key(owner)) return false;
        out_ += '{';
        const char* inner = "";
        for (const auto& [unit, unit_text] : units_by_name())
          if (counts[unit] != 0) {
            out_ += inner, inner = ",";
            fmt::format_to(std::back_inserter(out_), R"("{}":{})", unit_text, counts[unit]);
          }
        out_ += '}';
      }
      out_ += '}';
    }
    out_ += '}';
    return true;
  }

  static bool any_count(const UnitCounts& c) {
    return std::any_of(kUnits.begin(), kUnits.end(), [&](Unit k) { return c[k] != 0; });
  }

  // The unit kinds in the order dump() sorts their names.
  static const std::vector<std::pair<Unit, std::string_view>>& units_by_name() {
    static const auto sorted = [] {
      std::vector<std::pair<Unit, std::string_view>> out;
      for (Unit k : kUnits) out.emplace_back(k, unit_name(k));
      std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
      return out;
    }();
    return sorted;
  }
};

bool write_state_text(const State& s, std::string& out) {
  out.clear();
  return StateText(out).write(s);
}

struct Refs {
  const State& state;
  FactionId faction(const JsonReader& r) const { return declared_id(r, state.factions, "faction", "/factions"); }
  TerritoryId territory(const JsonReader& r) const {
    return declared_id(r, state.territories, "territory", "/territories");
  }
};

Move read_move(const JsonReader& r, const State& s) {
  r.expect_object().only({"type", "faction", "moves"});
  r.field("type").one_of({"move"});
  const Refs refs{s};
  Move m;
  m.faction = refs.faction(r.field("faction"));
  for (const auto& e : r.field("moves").elements()) {
    e.only({"unit", "from", "path", "carry"});
    UnitMove um;
    um.unit = e.field("unit").named(kUnitNames);
    um.from = refs.territory(e.field("from"));
    for (const auto& p : e.field("path").elements()) um.path.push_back(refs.territory(p));
    if (auto c = e.optional("carry")) {
      c->only({"worker"});
      um.carried_workers = c->count_or("worker", 0);
    }
    m.moves.push_back(um);
  }
  return m;
}

// A move as the protocol writes it (the solver's counterexamples and witnesses).
json write_move_step(const Move& m) {
  json moves = json::array();
  for (const auto& um : m.moves) {
    json e = {{"unit", unit_name(um.unit)}, {"from", um.from}, {"path", um.path}};
    if (um.carried_workers > 0) e["carry"] = {{"worker", um.carried_workers}};
    moves.push_back(std::move(e));
  }
  return json{{"action", {{"type", "move"}, {"faction", m.faction}, {"moves", moves}}}};
}

// A ruleset number with a stated top (oracle/scythe/model.hpp, Ruleset): refused past it, naming the
// key, the value, the top and why there is one.
int capped(const JsonReader& r, int most, std::string_view why) {
  if (r.node().is_number_unsigned() && r.node().get<std::uint64_t>() > static_cast<std::uint64_t>(most))
    r.fail(fmt::format("{} is above {}, the most rulecheck accepts here ({} {})", r.node().dump(), most, most, why));
  return r.integer(0, most);
}

Ruleset read_ruleset(const JsonReader& r) {
  r.only({"game", "note", "popularity_min", "popularity_max", "popularity_loss_per_worker", "move_range",
          "units_per_move"});
  Ruleset n;
  n.popularity_min = r.field("popularity_min").count();
  n.popularity_max = r.field("popularity_max").count();
  // The track's keys checked against each other: a bottom above the top leaves no popularity a
  // faction may have (and no range a generator can draw one from).
  if (n.popularity_min > n.popularity_max)
    r.field("popularity_min")
        .fail(fmt::format("popularity_min {} is above popularity_max {}: the popularity track would hold no value",
                          n.popularity_min, n.popularity_max));
  n.popularity_loss_per_worker = r.field("popularity_loss_per_worker").count();
  const JsonReader range = r.field("move_range");
  range.only({"character", "mech", "worker"});
  for (Unit u : kUnits) n.move_range[u] = capped(range.field(unit_name(u)), Ruleset::kMostMoveRange,
                                                 "territories: the proofs ask every path up to it");
  n.units_per_move = capped(r.field("units_per_move"), Ruleset::kMostUnitsPerMove,
                            "units: a faction's character, mechs and workers");
  return n;
}

constexpr NameTable<Readings::VacatedWorkers, 2> kVacatedWorkers = {
    {{Readings::VacatedWorkers::any_unit, "any-unit"}, {Readings::VacatedWorkers::no_workers, "no-workers"}}};
constexpr NameTable<Readings::StopPath, 2> kStopPath = {
    {{Readings::StopPath::must_end, "must-end"}, {Readings::StopPath::truncate, "truncate"}}};
constexpr NameTable<Readings::CarriedWorkers, 2> kCarriedWorkers = {
    {{Readings::CarriedWorkers::not_a_move, "not-a-move"},
     {Readings::CarriedWorkers::counts_as_move, "counts-as-move"}}};
constexpr NameTable<Readings::UnitsPerMove, 2> kUnitsPerMove = {
    {{Readings::UnitsPerMove::no_cap, "no-cap"}, {Readings::UnitsPerMove::ruleset_cap, "ruleset-cap"}}};
constexpr NameTable<Readings::WorkerBlocking, 2> kWorkerBlocking = {
    {{Readings::WorkerBlocking::control, "control"}, {Readings::WorkerBlocking::presence, "presence"}}};

const ReadingsTable<Readings>& readings_table() {
  static const ReadingsTable<Readings> table =
      ReadingsTable<Readings>()
          .point("scythe.vacated-workers", &Readings::vacated_workers, kVacatedWorkers)
          .point("scythe.stop-path", &Readings::stop_path, kStopPath)
          .point("scythe.carried-workers", &Readings::carried_workers, kCarriedWorkers)
          .point("scythe.units-per-move", &Readings::units_per_move, kUnitsPerMove)
          .point("scythe.worker-blocking", &Readings::worker_blocking, kWorkerBlocking);
  return table;
}

// What a tag of the movement relation is, for the discovery search (solver/scythe/discovery.hpp): a clause
// when `clauses` (the ids of rules/scythe/clauses.json) has it, a point when the readings table knows it
// (interpretations.json's points, each with its readings), a convention by its namespace
// (scythe.convention.*, the ids of conventions.json: `rules check` holds the two together).
solver::scythe::SourceIndex sources_of(const std::set<std::string>& clauses) {
  return solver::source_index<Rules>(readings_table(), clauses, "scythe.convention.");
}

solver::scythe::ScytheQuery read_query(const State& s, const JsonReader& r) {
  const Refs refs{s};
  const std::string type = r.expect_object().field("type").one_of({"controller", "mill-produces", "structure-bonus"});
  if (type == "controller") {
    r.only({"type", "at"});
    return ControllerQuery{refs.territory(r.field("at"))};
  }
  if (type == "mill-produces") {
    r.only({"type", "at"});
    return MillProducesQuery{refs.territory(r.field("at"))};
  }
  r.only({"type", "at", "faction"});
  return StructureBonusQuery{refs.territory(r.field("at")), refs.faction(r.field("faction"))};
}

json read_and_answer_query(const State& s, const JsonReader& r) {
  const auto query = read_query(s, r);
  if (const auto* q = std::get_if<ControllerQuery>(&query)) {
    auto who = controller(s, q->at);
    return who ? json(*who) : json(nullptr);
  }
  if (const auto* q = std::get_if<MillProducesQuery>(&query)) return mill_produces(s, *q);
  return gets_structure_bonus(s, std::get<StructureBonusQuery>(query));
}

// An engine's claimed result as the query's answer: a faction or null for the controller, true or false
// for the others; nullopt when it is of another type.
std::optional<solver::scythe::ScytheAnswer> read_claimed_answer(const solver::scythe::ScytheQuery& query,
                                                                const json& result) {
  if (std::holds_alternative<ControllerQuery>(query)) {
    if (result.is_null()) return solver::scythe::ScytheAnswer{std::optional<FactionId>{}};
    if (!result.is_string()) return std::nullopt;
    return solver::scythe::ScytheAnswer{std::optional<FactionId>{result.get<std::string>()}};
  }
  if (!result.is_boolean()) return std::nullopt;
  return solver::scythe::ScytheAnswer{result.get<bool>()};
}

struct ScytheEdge {
  static constexpr std::string_view kName = "scythe";
  using State = scythe::State;
  using Action = Move;
  using Rules = scythe::Rules;

  static Rules bind(const JsonReader& ruleset, const JsonReader& readings) {
    return Rules{read_ruleset(ruleset), readings_table().read(readings)};
  }
  static State read_state(const JsonReader& r) { return scythe::read_state(r); }
  static std::optional<State> read_state_text(std::string_view text) { return scythe::read_state_text(text); }
  static void validate(const Rules& rules, const State& s) { scythe::validate(rules.numbers, s); }
  static InvariantBreaks reachability_breaks(const Rules&, const State& s) { return scythe::reachability_breaks(s); }
  // A Move's starting board (rules/scythe/move_start.json): no other faction's combat or encounter waits.
  static InvariantBreaks step_start_breaks(const Rules&, const State& s, const Action& a) {
    return scythe::move_start_breaks(s, a.faction);
  }
  static json write_state(const State& s) { return scythe::write_state(s); }
  static bool write_state_text(const State& s, std::string& out) { return scythe::write_state_text(s, out); }
  static Action read_action(const JsonReader& r, const State& s) { return read_move(r, s); }
  static State apply(const Rules& rules, const State& s, const Action& a) { return move(rules, s, a); }
  static json query(const Rules&, const State& s, const JsonReader& r) { return read_and_answer_query(s, r); }
  static OutcomeCheck check_action(const Rules& rules, const State& s, const Action& a,
                                   const std::optional<State>& after, const std::string& claimed_rule,
                                   unsigned rlimit) {
    return solver::scythe::check_move(rules, s, a, after, claimed_rule, solver::Budget{rlimit});
  }
  static OutcomeCheck check_only_next_state(const Rules& rules, const State& s, const Action& a, const State& after,
                                            unsigned rlimit) {
    return solver::scythe::check_only_next_state(rules, s, a, after, solver::Budget{rlimit});
  }
  static OutcomeCheck check_query(const Rules&, const State& s, const JsonReader& r, const json& claimed,
                                  unsigned rlimit) {
    const auto query = read_query(s, r);
    const auto answer = read_claimed_answer(query, claimed);
    if (!answer) return OutcomeCheck{Membership::forbidden, {}, "the claimed result has the wrong type for this query"};
    return solver::scythe::check_query(s, query, *answer, solver::Budget{rlimit});
  }
  static json prove(const Rules& rules, unsigned rlimit) {
    return proof_records("scythe", solver::scythe::prove(rules, solver::Budget{rlimit}), write_state, write_move_step);
  }
  static json prove_strength(const Rules& rules, unsigned rlimit) {
    solver::StrengthReport<State, Move> report;
    report.sources = solver::scythe::prove_clause_strength(rules, solver::Budget{rlimit}, &report.proofs);
    return strength_records("scythe", report, write_state, write_move_step);
  }
  // Scythe's searches: the declared points', the literal encoding's, and the discovery from the words alone
  // over the movement relation, which reads the clause ids (solver/scythe/discovery.hpp).
  static json ambiguities(const Rules& rules, unsigned rlimit, LiteralSearch literal,
                          const std::set<std::string>& clause_ids) {
    const bool literal_search = literal != LiteralSearch::skip;
    auto found = solver::scythe::ambiguities(rules, solver::Budget{rlimit}, literal_search);
    if (literal_search) {
      for (auto& w : solver::scythe::discover_moves(rules, sources_of(clause_ids), solver::Budget{rlimit}))
        found.push_back(std::move(w));
      solver::fold_refindings(found);
    }
    return with_words(witness_records("scythe", found, write_state, write_move_step, [](bool b) { return json(b); }),
                      scythe_words());
  }
  // The contradiction probe over the literal relation (solver/scythe/literal.hpp). No sentence of
  // Scythe's movement text restates a number the ruleset holds, so the stated ruleset is not read.
  static json contradictions(const Rules& encoded, const Rules& /*stated*/, unsigned rlimit) {
    const auto c = solver::scythe::contradictions(encoded, solver::Budget{rlimit});
    json found = json::array();
    for (const auto& x : c.found)
      found.push_back({{"probe", x.probe}, {"title", x.title}, {"clauses", x.clauses}, {"note", x.note}});
    json out{{"game", "scythe"}, {"status", c.status}, {"scope", c.scope}, {"probes", c.probes}, {"found", found}};
    if (!c.why.empty()) out["reason"] = c.why;
    return out;
  }
  static json edit_witnesses(const Rules& base, const Rules& edited, unsigned rlimit) {
    return edit_records("scythe", solver::scythe::edit_witnesses(base, edited, solver::Budget{rlimit}), write_state,
                        write_move_step, [](bool b) { return json(b); });
  }
};

}  // namespace

solver::scythe::SourceIndex discovery_sources(const std::set<std::string>& clauses) { return sources_of(clauses); }

const Game& scythe_game() {
  static const GameOf<ScytheEdge> game;
  return game;
}

}  // namespace rulecheck::scythe
