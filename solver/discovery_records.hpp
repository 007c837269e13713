// Inside solver/ only (it includes Z3), included by solver/discovery_search.hpp: which sources separate
// the two outcomes a model gives, and the search's records (discover_from_words).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "solver/discovery_search.hpp"

namespace rulecheck::solver {

namespace discovery_detail {

// Whether every condition of the sources left out holds on copy `x` as that copy applies it (a point's at
// the reading the copy takes).
template <typename G>
bool sources_hold(const z3::model& m, const ShapeSearch<G>& search, int x) {
  for (const auto& t : search.sources()) {
    if (t.point) {
      if (!bool_value(m, t.guards[x][static_cast<std::size_t>(int_value(m, *t.reading[x]))])) return false;
      continue;
    }
    for (std::size_t i = 0; i < t.guards[x].size(); ++i)
      if (bool_value(m, t.applies[x][i]) && !bool_value(m, t.guards[x][i])) return false;
  }
  return true;
}

// Whether source `s` separates the two outcomes in `m` (discovery_search.hpp's head), and which copy it
// takes (0 or 1: the outcome it allows).
template <typename G>
std::optional<int> separates(const z3::model& m, const ShapeSearch<G>& search, const Source& s) {
  const bool legal[2] = {bool_value(m, search.copy(0).ok), bool_value(m, search.copy(1).ok)};
  auto holds = [&](const z3::expr& e) { return bool_value(m, e); };
  z3::context& ctx = search.ctx();
  if (legal[0] != legal[1]) {
    const int refused = legal[0] ? 1 : 0;
    // It refuses what the words allow: a condition of it the refused copy applies (for a point: of the
    // reading it takes) is false, and the legal copy does not apply it (takes a reading that allows it).
    const int other = 1 - refused;
    // The copies part only in their free choices: where the refused copy's kept conditions fail, only a
    // point read otherwise (its quantities defined otherwise) can have made them fail.
    const bool kept_hold = holds(conj(ctx, formulas(search.copy(refused).kept_guard)));
    if (s.point) {
      const auto r = static_cast<std::size_t>(int_value(m, *s.reading[refused]));
      const auto o = static_cast<std::size_t>(int_value(m, *s.reading[other]));
      if (r != o && (!kept_hold || !holds(s.guards[refused][r]))) return refused;
      // Its quantities read by another source's condition (a point read alike, whose condition names a
      // site this point decides): read as the legal copy reads it, the refused copy's quantities would
      // differ, and a condition of a source left out fails there.
      if (r != o && !holds(s.defs[refused][o]) && !sources_hold(m, search, refused)) return refused;
      return std::nullopt;
    }
    for (std::size_t i = 0; i < s.guards[refused].size(); ++i)
      if (kept_hold && holds(s.applies[refused][i]) && !holds(s.guards[refused][i])) return refused;
    return std::nullopt;
  }
  // Both legal, two boards after: its constraints hold on one and not the other (for a point, under
  // some reading).
  const std::size_t n = s.point ? s.guards[0].size() : 1;
  for (std::size_t i = 0; i < n; ++i) {
    bool on[2];
    for (int x = 0; x < 2; ++x)
      on[x] = s.point ? holds(s.defs[x][i] && s.guards[x][i] && s.effects[x][i])
                      : holds(conj(ctx, s.guards[x]) && conj(ctx, s.effects[x]));
    if (on[0] != on[1]) return on[0] ? 0 : 1;
  }
  return std::nullopt;
}

// The clauses of the kept constraints that read differently on the two outcomes (what the pair is about).
template <typename G>
std::vector<std::string> clauses_apart(const z3::model& m, const ShapeSearch<G>& search) {
  std::set<std::string> out;
  const auto &a = search.copy(0), &b = search.copy(1);
  for (const auto& [x, y] : {std::pair{&a.kept_guard, &b.kept_guard}, std::pair{&a.kept_effect, &b.kept_effect}})
    for (std::size_t i = 0; i < x->size() && i < y->size(); ++i)
      if (bool_value(m, (*x)[i].formula) != bool_value(m, (*y)[i].formula)) out.insert((*x)[i].clause);
  return {out.begin(), out.end()};
}

template <typename G>
ReadingOutcome<typename G::State, typename G::Answer> outcome_of(const z3::model& m, const Copy<typename G::Board>& c,
                                                                 std::string reading, const std::string& rule) {
  ReadingOutcome<typename G::State, typename G::Answer> o;
  o.reading = std::move(reading);
  o.legal = bool_value(m, c.ok);
  if (o.legal)
    o.next = G::read(m, c.post);
  else
    o.rule = rule;
  return o;
}

}  // namespace discovery_detail

template <typename G>
std::vector<typename G::Witness> discover_from_words(const DiscoveryTarget<G>& target, const typename G::Rules& defaults,
                                                     const SourceIndex<typename G::Rules>& index,
                                                     const Budget& budget) {
  using namespace discovery_detail;
  using Witness = typename G::Witness;
  const std::vector<typename G::Shape> shapes = G::distinct(target.shapes);
  const std::string scope = fmt::format(
      "{}, on every board play can reach of {}: the relation's constraints tagged with a clause, every convention "
      "and point left out, and {} (what no kept sentence constrains stays as it was)",
      target.step, G::in_words(shapes), G::kInertia);
  std::vector<Witness> out;
  std::set<std::string> found, seen;
  std::string why;
  for (const auto& shape : shapes) {
    ShapeSearch<G> search(target, shape, defaults, index, budget);
    for (const auto& s : search.sources())
      if (found.count(s.id)) search.hold(s);
    while (why.empty()) {
      if (cancel_requested()) {
        why = kInterrupted;
        break;
      }
      const z3::check_result r = search.check();
      if (r == z3::unknown) why = search.why_unknown();
      if (r != z3::sat) break;
      const z3::model m = search.model();
      std::vector<std::pair<const Source*, int>> apart;
      for (const auto& s : search.sources())
        if (auto side = separates(m, search, s)) apart.push_back({&s, *side});
      Witness w;
      w.kind = "undecided";
      w.is_new = true;
      w.found_by_search = true;
      w.scope = scope;
      w.size = int_value(m, search.size());
      w.example = {G::read(m, search.pre()), typename G::Step{search.action(m)}};
      w.clauses = clauses_apart(m, search);
      w.ruleset_override = target.ruleset_override;
      // Points both copies read alike, otherwise than by default: the witness's scenarios carry them.
      typename G::Rules replay = defaults;
      for (const auto& s : search.sources())
        if (s.point) {
          const int a = int_value(m, *s.reading[0]), b = int_value(m, *s.reading[1]);
          if (a != b || a == 0) continue;
          const auto name = s.readings[static_cast<std::size_t>(a)];
          w.other_readings.push_back({s.id, name});
          for (const auto& [n, under] : index.readings(s.id, replay))
            if (n == name) replay = under;
        }
      const std::string differs = w.clauses.empty() ? "outcome" : fmt::format("{}", fmt::join(w.clauses, "+"));
      if (apart.empty()) {  // nothing left out separates them: a silence nobody listed
        w.point = fmt::format("{}.discovery.{}.open", G::kName, target.key);
        w.signature = fmt::format("{}|{}|open", target.key, differs);
        w.title = target.title + ": the texts' words allow two outcomes that no listed convention or point separates";
        w.note = "Both outcomes satisfy every constraint tagged with a clause of the texts and the convention of inertia.";
        w.outcomes = {outcome_of<G>(m, search.copy(0), "outcome-a", "unstated"),
                      outcome_of<G>(m, search.copy(1), "outcome-b", "unstated")};
        w.today = G::oracle_today(replay, w);
        out.push_back(std::move(w));
        break;  // the same pair would come again: the search of this shape stops here
      }
      bool fresh = false;
      for (const auto& [s, side] : apart) {
        seen.insert(s->id);
        if (!found.insert(s->id).second) continue;
        fresh = true;
        Witness sw = w;
        sw.point = s->id;
        sw.signature = fmt::format("{}|{}|{}", target.key, differs, s->id);
        if (s->point) {
          sw.is_new = false;
          sw.refinds = s->id;  // the point's own record is marked found_by_search
        } else {
          sw.convention = s->id;
        }
        sw.title = fmt::format("{}: the words allow two outcomes; {} decides between them", target.title, s->id);
        sw.note = fmt::format(
            "Found without naming it: every source but the texts' clauses left out, the two outcomes part on this "
            "smallest board and {} allows only the first.",
            s->id);
        sw.outcomes = {outcome_of<G>(m, search.copy(side), "as-decided", s->id),
                       outcome_of<G>(m, search.copy(1 - side), "otherwise", s->id)};
        sw.today = G::oracle_today(replay, sw);
        out.push_back(std::move(sw));
      }
      for (const auto& [s, side] : apart) search.hold(*s);
      if (!fresh) break;  // only sources already held part them (cannot happen once held): asking again finds the same
    }
    if (!why.empty()) break;
  }
  // The end of the search, with the sources it met and did not find.
  Witness end;
  end.point = fmt::format("{}.discovery.{}", G::kName, target.key);
  end.kind = why.empty() ? "none" : is_interrupted(why) ? "interrupted" : "unknown";
  end.is_new = true;
  end.found_by_search = false;
  end.scope = scope;
  end.ruleset_override = target.ruleset_override;
  end.title = target.title + ": the discovery search from the words alone";
  std::vector<std::string> missed;
  {
    z3::context ctx;  // the sources the relation tags, from one build of it
    const typename G::Board pre = G::before(ctx, shapes.back());
    const DiscoveryStep<G> step = target.make(pre);
    const typename G::Board post = G::after(pre, "A/");
    const auto e = step.encode(post, defaults, "A/");
    std::set<std::string> tags;
    for (const auto* list : {&e.legal, &e.effect})
      for (const auto& k : *list)
        if (!index.omitted.count(k.clause) && !kept<G>(k.clause, index)) tags.insert(k.clause);
    for (const auto& t : tags)
      if (!found.count(t)) missed.push_back(t);
  }
  end.note = why.empty() ? fmt::format("Found: {}. Not found on these shapes (no reachable board of them where it "
                                       "separates two outcomes the words allow): {}.",
                                       found.empty() ? "none" : fmt::format("{}", fmt::join(found, ", ")),
                                       missed.empty() ? "none" : fmt::format("{}", fmt::join(missed, ", ")))
                         : why;
  out.push_back(std::move(end));
  return out;
}

}  // namespace rulecheck::solver
