// `rulecheck diff`, the solver's parts: the proofs, the interpretation points, the smallest boards where
// the sides differ and the contradiction search, each asked under both sides of the edit.
#include "diff/edit_diff.hpp"
#include "diff/side_pair.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <tuple>

#include <fmt/format.h>
#include <rapidcheck.h>

#include "common/game.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "diff/witness.hpp"
#include "games/registry.hpp"
#include "harness/bindings.hpp"
#include "harness/corpus.hpp"
#include "harness/interrupt.hpp"
#include "harness/pipeline.hpp"
#include "properties/generators/generated_case.hpp"
#include "rulebook/index.hpp"
#include "rulebook/stated_numbers.hpp"

namespace rulecheck::diff {

namespace {

// A proof's claim with what it covers ("unbounded: boards of any size ..." or "bounded: ..."), so that no
// report of a diff says more of a proof than the proof does.
std::string claim_with_scope(const json& proof) {
  const std::string claim = proof.value("claim", ""), scope = proof.value("scope", "");
  if (scope.empty()) return claim;
  return fmt::format("{} ({}: {})", claim, scope, proof.value("covers", ""));
}

// A solver record's scenario with a diff witness's id.
json renamed(json scenario, const std::string& game, const std::string& slug) {
  scenario["id"] = fmt::format("{}/diff/{}", game, slug);
  return scenario;
}

std::map<std::string, json> by_field(const json& records, const char* field) {
  std::map<std::string, json> out;
  for (const auto& r : records) out[r.value(field, "")] = r;
  return out;
}

// How one side's search of a point ended: witness | none | unknown | interrupted.
std::string point_status(const json& record) {
  const std::string kind = record.value("kind", "");
  return kind == "none" || kind == "unknown" || kind == "interrupted" ? kind : "witness";
}

// The ambiguity records of one side that are findings, by point; a search that did not decide
// (kind "unknown" or "interrupted", why in its note) is noted in `unknowns` and its point left
// out of the comparison (`undecided`). `status`: each point's status on this side.
std::map<std::string, json> points_found(const json& records, const std::string& side,
                                         std::vector<std::string>& unknowns, std::set<std::string>& undecided,
                                         std::map<std::string, json>& status) {
  std::map<std::string, json> out;
  for (const auto& r : records) {
    const std::string kind = point_status(r), point = r.value("point", "");
    status[point] = r;
    if (kind == "unknown" || kind == "interrupted") {
      unknowns.push_back(fmt::format("point {}: not decided on the {} side ({})", point, side, r.value("note", "")));
      undecided.insert(point);
    } else if (kind == "witness") {
      out[point] = r;
    }
  }
  return out;
}

json sides_scenarios(const GameRules& project, const Side& side, const std::string& point, const json& scenarios) {
  json out = json::array();
  for (const auto& s : scenarios) {
    const std::string reading = s.value("reading", "");
    json scenario = renamed(s["scenario"], project.game, "point/" + point + "/" + reading);
    out.push_back({{"reading", reading}, {"scenario", with_side(project, side, std::move(scenario))}});
  }
  return out;
}

}  // namespace

// `said` gets a line as each side's proofs start: the longest part of a comparison says where it is
// (at the stated top of move_range, docs/rulesets.md, a side's proofs take about 40 s).
void diff_proofs(SidePair& sides, unsigned rlimit, GameDiff& d, const std::function<void(const std::string&)>& said) {
  const Edit& e = sides.edit();
  const Game& game = *find_game(e.game);
  said("the base rules");
  const json before = game.prove(e.base.rules.ruleset, readings_of(e.base), rlimit);
  said("the edited rules");
  const json after = game.prove(e.edited.rules.ruleset, readings_of(e.edited), rlimit);
  d.proofs_compared = after.size();
  d.proofs = compare_proofs(before, after, d.unknowns);
  const auto by_id = by_field(before, "id");
  for (const auto& a : after) {
    const std::string id = a.value("id", "");
    const json b = by_id.count(id) ? by_id.at(id) : json::object();
    Question q{"proof", id, b.value("status", "absent"), a.value("status", ""), ""};
    for (const json* side : {&b, &a})
      if (!Question::decided_status(side->value("status", "")) && q.why.empty())
        q.why = side->value("detail", std::string());
    d.questions.push_back(std::move(q));
  }
  for (ProofChange& c : d.proofs) {
    if (!c.counterexample.is_object()) continue;
    const Side& refuting = c.after == "refuted" ? e.edited : e.base;
    c.counterexample = with_side(sides.project(), refuting, renamed(c.counterexample, d.game, "proof/" + c.id));
  }
}

void diff_points(SidePair& sides, unsigned rlimit, bool literal_search, GameDiff& d) {
  const Edit& e = sides.edit();
  const Game& game = *find_game(e.game);
  std::set<std::string> undecided;
  std::map<std::string, json> base_status, edited_status;
  const LiteralSearch literal = literal_search ? LiteralSearch::run : LiteralSearch::skip;
  d.literal_search = literal_search;
  const auto before = points_found(game.ambiguities(e.base.rules.ruleset, readings_of(e.base), rlimit, literal,
                                                     e.base.rules.clause_ids()), "base",
                                   d.unknowns, undecided, base_status);
  const auto after = points_found(game.ambiguities(e.edited.rules.ruleset, readings_of(e.edited), rlimit, literal,
                                                    e.edited.rules.clause_ids()),
                                  "edited", d.unknowns, undecided, edited_status);
  for (const auto& [p, b] : base_status) {
    const json a = edited_status.count(p) ? edited_status.at(p) : json::object();
    Question q{"point", p, point_status(b), a.empty() ? "absent" : point_status(a), ""};
    for (const json* side : {&b, &a}) {
      const std::string status = point_status(*side);
      if (q.why.empty() && !Question::decided_status(status)) q.why = side->value("note", std::string());
    }
    if (q.why.empty() && (q.base == "none" || q.edited == "none"))
      q.why = "scope: " + (q.base == "none" ? b : a).value("scope", std::string());
    d.questions.push_back(std::move(q));
  }
  std::map<std::string, int> points;
  for (const auto& p : e.base.rules.points) points[p.id] = 0;
  for (const auto& [p, r] : before) points[p] |= 1;
  for (const auto& [p, r] : after) points[p] |= 2;
  d.points_compared = points.size();
  for (const auto& [p, found] : points) {
    if (found == 0 || found == 3 || undecided.count(p)) continue;
    const bool in_after = found == 2;
    const json& r = in_after ? after.at(p) : before.at(p);
    d.points.push_back({p, !in_after, in_after, r.value("title", ""),
                        sides_scenarios(sides.project(), in_after ? e.edited : e.base, p, r["scenarios"])});
  }
}

void diff_probes(SidePair& sides, unsigned rlimit, GameDiff& d) {
  const Edit& e = sides.edit();
  const json records = find_game(e.game)->edit_witnesses(e.base.rules.ruleset, readings_of(e.base),
                                                         e.edited.rules.ruleset, readings_of(e.edited), rlimit);
  d.probes_compared = records.size();
  for (const auto& r : records) {
    const std::string status = r.value("status", "");
    // The note names the shapes tried and, for an unknown, why ("...; unknown: <why>").
    d.questions.push_back({"probe", r.value("probe", ""), status, status, r.value("note", "")});
    if (status == "unknown") d.unknowns.push_back(fmt::format("probe {}: not decided ({})", r.value("probe", ""),
                                                              r.value("note", "")));
    if (status == "interrupted") d.unknowns.push_back(fmt::format("probe {}: interrupted", r.value("probe", "")));
    if (status != "changed") continue;
    Witness w;
    for (const auto& s : r["scenarios"]) {
      const std::string side = s.value("side", "");
      json scenario = renamed(s["scenario"], d.game, "probe/" + r.value("probe", "") + "/" + side);
      (side == "base" ? w.base : w.edited) = with_side(sides.project(), side == "base" ? e.base : e.edited, scenario);
    }
    d.probes.push_back({r.value("probe", ""), r.value("title", ""), r.value("clauses", std::vector<std::string>{}),
                        r.value("size", 0), w});
  }
}

// The contradiction search under each side: the encoding reads the side's numbers, the sentences
// that restate a number keep the project's (the texts state today's). A set found on one side only
// is a change; a side not decided is an unknown, never "no contradiction".
void diff_contradictions(SidePair& sides, unsigned rlimit, GameDiff& d) {
  const Edit& e = sides.edit();
  const Game& game = *find_game(e.game);
  const json stated = sides.project().merged_ruleset(json::object());
  const json before = game.contradictions(e.base.rules.ruleset, stated, readings_of(e.base), rlimit);
  if (before.is_null()) return;  // no literal encoding for this game
  const json after = game.contradictions(e.edited.rules.ruleset, stated, readings_of(e.edited), rlimit);
  d.contradiction_probes = after.value("probes", 0);
  Question q{"contradictions", e.game, before.value("status", ""), after.value("status", ""), ""};
  for (const json* side : {&before, &after}) {
    std::string status = side->value("status", "");
    if (side->contains("reason")) status = "unknown";  // stopped partway: what it found is not all
    if (!Question::decided_status(status)) {
      if (q.why.empty()) q.why = side->value("reason", std::string());
      d.unknowns.push_back(fmt::format("contradictions under the {} rules: not decided ({})",
                                       side == &before ? "base" : "edited", side->value("reason", std::string())));
    }
  }
  if (q.why.empty()) q.why = "scope: " + after.value("scope", std::string());
  d.questions.push_back(q);
  // Keyed by the probe and its set of clauses.
  std::map<std::pair<std::string, std::vector<std::string>>, std::pair<const json*, int>> sets;
  for (const json* side : {&before, &after}) {
    if (!side->contains("found") || !(*side)["found"].is_array()) continue;
    for (const auto& x : (*side)["found"]) {
      auto& entry = sets[{x.value("probe", ""), x.value("clauses", std::vector<std::string>{})}];
      if (!entry.first || side == &after) entry.first = &x;
      entry.second |= side == &before ? 1 : 2;
    }
  }
  for (const auto& [key, found] : sets) {
    if (found.second == 3) continue;
    d.contradictions.push_back({key.first, found.first->value("title", ""), key.second, found.second == 1,
                                found.second == 2, found.first->value("note", "")});
  }
}


std::vector<ProofChange> compare_proofs(const json& before_records, const json& after_records,
                                        std::vector<std::string>& unknowns) {
  const auto before = by_field(before_records, "id");
  const auto after = by_field(after_records, "id");
  std::vector<ProofChange> out;
  for (const auto& [id, a] : after) {
    const json& b = before.count(id) ? before.at(id) : json::object();
    const std::string sb = b.value("status", "absent"), sa = a.value("status", "");
    if (sa == "unknown" || sb == "unknown")
      unknowns.push_back(fmt::format("proof {}: {} -> {} ({})", id, sb, sa,
                                     (sa == "unknown" ? a : b).value("detail", std::string("no detail"))));
    if (sa == "interrupted" || sb == "interrupted") {  // not decided on a side: nothing compared
      unknowns.push_back(fmt::format("proof {}: not compared (interrupted)", id));
      continue;
    }
    if (sa == sb) continue;
    // The counterexample of the side where the invariant fails: after, else before.
    json cex = nullptr;
    if (sa == "refuted" && a.value("counterexample", json()).is_object())
      cex = a["counterexample"];
    else if (sb == "refuted" && b.value("counterexample", json()).is_object())
      cex = b["counterexample"];
    out.push_back({id, claim_with_scope(a), a.value("clauses", std::vector<std::string>{}), sb, sa, std::move(cex)});
  }
  return out;
}

}  // namespace rulecheck::diff
