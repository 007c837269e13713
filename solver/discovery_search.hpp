// Inside solver/ only (it includes Z3): the discovery search from the words alone (solver/discovery.hpp),
// the same for every game: two outcomes of one step from one board before, each bound only by the
// constraints tagged with a clause of the texts and by the game's convention of inertia; the sources
// left out (conventions, points) are then tested on the two outcomes.
//
// Each outcome is either the step refused (the board unchanged) or a board after it. A copy is legal
// exactly when its kept conditions hold and, for each condition a source left out makes, either that
// condition holds or the copy does not apply it (a free Bool per condition and copy: whether an
// unstated decision binds here is what the search asks); a point's conditions and effects are those of
// the reading the copy takes (a free reading per copy). A source found is held in both copies for the
// next search: a convention's conditions applied and its effects asserted, a point read alike.
//
// What the search asks of a game is its policy G (solver/messina/discovery_step.hpp MessinaDiscovery,
// solver/scythe/discovery_step.hpp ScytheDiscovery):
//   types Rules, Board (a symbolic board), Shape, State, Action, Step, Answer, Encoded (legal, effect);
//   kName ("messina"), kInertia (the convention of inertia's id);
//   before(ctx, shape), after(pre, prefix): a free board before, a free board after of its shape;
//   facts(pre, rules): what a board before is (a state of the format play can reach);
//   order(pre): what is minimised, in turn (the first is the witness's size);
//   format(post, rules): an outcome is a state of the format; readable(post): its values can be read;
//   same(a, b), components(b): equality of two boards, and a board's components (for inertia);
//   read(model, board): the state a model gives; oracle_today(rules, witness): the witness's outcome
//   the oracle gives (its reading's name, "" when neither; may fill the refusing rule);
//   distinct(shapes), in_words(shapes).
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "common/cancel.hpp"
#include "solver/discovery.hpp"
#include "solver/findings.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver {

// One step as the discovery search asks it: its free parameters over a board before, and its relation
// to a board after without a frame, built under any Rules (a point's readings) with its chosen
// quantities named by `prefix`.
template <typename G>
struct DiscoveryStep {
  Constraints choices;  // the action's parameters' domains
  std::function<typename G::Encoded(const typename G::Board& after, const typename G::Rules& rules,
                                    const std::string& prefix)>
      encode;
  std::function<typename G::Action(const z3::model&)> action;
};

// One discovery search's subject: its step built on a board before, the shapes searched (smallest first)
// and how its records read.
template <typename G>
struct DiscoveryTarget {
  std::string key;    // "consume": the records' points <game>.discovery.<key>[.open], signatures "<key>|..."
  std::string title;  // "Consumption": what each record's title begins with
  std::string step;   // the step in words, for the scope: "Red's Consumption, step 3's units free"
  std::vector<typename G::Shape> shapes;
  std::function<DiscoveryStep<G>(const typename G::Board& before)> make;  // `before` outlives the step
  std::string ruleset_override = "";  // each record's (findings.hpp Witness), when the rules are not the defaults
};

namespace discovery_detail {

// One source left out, with its constraints in each copy (0: A, 1: B). A convention's are as the relation
// gives them; a point's per reading, each reading's conditions and effects joined.
struct Source {
  std::string id;
  bool point = false;
  std::vector<std::string> readings;                     // a point's, in order
  std::array<std::vector<z3::expr>, 2> guards, effects;  // a convention's; a point's: one of each per reading
  std::array<std::vector<z3::expr>, 2> defs;             // a point's definitions of what it chooses, per reading
  std::array<std::vector<z3::expr>, 2> applies;          // a convention's: whether the copy applies each guard
  std::array<std::optional<z3::expr>, 2> reading;        // a point's: the reading the copy takes
};

template <typename Board>
struct Copy {
  Board post;
  z3::expr ok;
  Constraints kept_guard, kept_effect;
};

// A definition of a quantity the relation names for one copy (`prefix`): "<prefix>name == value". Held
// whatever the outcome (a refusal is never a quantity's value taken otherwise).
inline bool defines(const z3::expr& f, const std::string& prefix) {
  if (!f.is_app() || (f.decl().decl_kind() != Z3_OP_EQ && f.decl().decl_kind() != Z3_OP_IFF)) return false;
  const z3::expr v = f.arg(0);
  return v.is_app() && v.num_args() == 0 && v.decl().decl_kind() == Z3_OP_UNINTERPRETED &&
         v.decl().name().str().rfind(prefix, 0) == 0;
}

inline z3::expr conj(z3::context& ctx, const std::vector<z3::expr>& xs) {
  z3::expr_vector v(ctx);
  for (const auto& x : xs) v.push_back(x);
  return v.empty() ? ctx.bool_val(true) : z3::mk_and(v);
}

inline std::vector<z3::expr> formulas(const Constraints& cs) {
  std::vector<z3::expr> out;
  for (const auto& c : cs) out.push_back(c.formula);
  return out;
}

// The uninterpreted constants a formula mentions (their names).
inline void constants_in(const z3::expr& e, std::unordered_set<std::string>& out, std::unordered_set<unsigned>& seen) {
  if (!seen.insert(e.id()).second) return;
  if (e.is_app()) {
    if (e.num_args() == 0 && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) out.insert(e.decl().name().str());
    for (unsigned i = 0; i < e.num_args(); ++i) constants_in(e.arg(i), out, seen);
  } else if (e.is_quantifier()) {
    constants_in(e.body(), out, seen);
  }
}

// Whether a tag's constraints are kept (a clause of the texts) or left out (a convention or a point); a
// tag that is none of these is a constraint with no source (issue 33 item 1), refused by name.
template <typename G>
bool kept(const std::string& tag, const SourceIndex<typename G::Rules>& index) {
  if (index.is_clause(tag)) return true;
  if (index.is_convention(tag) || !index.readings(tag, typename G::Rules{}).empty()) return false;
  throw std::logic_error(fmt::format(
      "the discovery search met the tag \"{}\", which is neither a clause id of rules/{}/clauses.json, a "
      "convention ({}.convention.*) nor an interpretation point: every constraint must name its source",
      tag, G::kName, G::kName));
}

// The search over one shape, built once and asked again as sources are found.
template <typename G>
class ShapeSearch {
 public:
  using Board = typename G::Board;
  using Rules = typename G::Rules;

  ShapeSearch(const DiscoveryTarget<G>& target, const typename G::Shape& shape, const Rules& rules,
              const SourceIndex<Rules>& index, const Budget& budget)
      : pre_(G::before(ctx_, shape)), step_(target.make(pre_)), opt_(bounded_optimize(ctx_, budget)),
        rules_(rules), budget_(budget) {
    for (const auto& f : G::facts(pre_, rules)) opt_.add(f);
    for (const auto& c : step_.choices) opt_.add(c.formula);
    for (int x = 0; x < 2; ++x) build_copy(x, index);
    for (auto& s : sources_) constrain(s);
    for (int x = 0; x < 2; ++x) close_copy(x);
    const Copy<Board>&a = copies_[0], &b = copies_[1];
    opt_.add(a.ok != b.ok || (a.ok && b.ok && !G::same(a.post, b.post)));
    const std::vector<z3::expr> order = G::order(pre_);
    size_ = order.front();
    for (const auto& o : order) opt_.minimize(o);
    // then the fewest points read otherwise than by default (index 0), so the oracle can replay it
    z3::expr away = ctx_.int_val(0);
    for (const auto& s : sources_)
      if (s.point)
        for (int x = 0; x < 2; ++x) away = away + z3::ite(*s.reading[x] == 0, ctx_.int_val(0), ctx_.int_val(1));
    opt_.minimize(away);
  }

  std::vector<Source>& sources() { return sources_; }
  const std::vector<Source>& sources() const { return sources_; }
  const Copy<Board>& copy(int x) const { return copies_[x]; }
  const Board& pre() const { return pre_; }
  z3::context& ctx() const { return ctx_; }
  const z3::expr& size() const { return size_; }
  typename G::Action action(const z3::model& m) const { return step_.action(m); }

  // Both copies bound by what `s` decides, from now on.
  void hold(const Source& s) {
    if (s.point) {
      opt_.add(*s.reading[0] == *s.reading[1]);
      return;
    }
    for (int x = 0; x < 2; ++x) {
      for (const auto& a : s.applies[x]) opt_.add(a);
      opt_.add(z3::implies(copies_[x].ok, conj(ctx_, s.effects[x])));
    }
  }

  z3::check_result check() { return run_check(opt_); }
  z3::model model() { return opt_.get_model(); }
  std::string why_unknown() { return unknown_reason(opt_, budget_); }

 private:
  void build_copy(int x, const SourceIndex<Rules>& index) {
    const std::string prefix = x == 0 ? "A/" : "B/";
    Board post = G::after(pre_, prefix);
    const auto e = step_.encode(post, rules_, prefix);
    Copy<Board> c{post, ctx_.bool_const((prefix + "ok").c_str()), {}, {}};
    auto sort = [&](const Named& k, bool guard) {
      if (index.omitted.count(k.clause)) return;
      if (kept<G>(k.clause, index)) {
        (guard ? c.kept_guard : c.kept_effect).push_back(k);
        return;
      }
      Source& s = source(k.clause, index);
      if (s.point) return;  // its constraints come from the relation under each reading, below
      if (guard && defines(k.formula, prefix)) return;  // a quantity it chooses, left free
      (guard ? s.guards : s.effects)[x].push_back(k.formula);
    };
    for (const auto& k : e.legal) sort(k, true);
    for (const auto& k : e.effect) sort(k, false);
    for (auto& s : sources_) {
      if (!s.point) continue;
      for (const auto& [name, under] : index.readings(s.id, rules_)) {
        const auto r = step_.encode(post, under, prefix);
        std::vector<z3::expr> d, g, f;
        for (const auto& k : r.legal)
          if (k.clause == s.id) (defines(k.formula, prefix) ? d : g).push_back(k.formula);
        for (const auto& k : r.effect)
          if (k.clause == s.id) f.push_back(k.formula);
        s.defs[x].push_back(conj(ctx_, d));
        s.guards[x].push_back(conj(ctx_, g));
        s.effects[x].push_back(conj(ctx_, f));
      }
    }
    copies_.push_back(std::move(c));
  }

  Source& source(const std::string& tag, const SourceIndex<Rules>& index) {
    for (auto& s : sources_)
      if (s.id == tag) return s;
    Source s;
    s.id = tag;
    for (const auto& [name, under] : index.readings(tag, rules_)) s.readings.push_back(name);
    s.point = !s.readings.empty();
    sources_.push_back(std::move(s));
    return sources_.back();
  }

  // Each copy's free choices for a source left out: whether it applies each condition, or its reading.
  void constrain(Source& s) {
    for (int x = 0; x < 2; ++x) {
      const std::string name = fmt::format("{}/{}", x == 0 ? "A" : "B", s.id);
      if (s.point) {
        s.reading[x] = ctx_.int_const((name + "/reading").c_str());
        opt_.add(*s.reading[x] >= 0 && *s.reading[x] < static_cast<int>(s.readings.size()));
        continue;
      }
      for (std::size_t i = 0; i < s.guards[x].size(); ++i)
        s.applies[x].push_back(ctx_.bool_const(fmt::format("{}/applies{}", name, i).c_str()));
    }
  }

  // A copy legal exactly when its conditions hold; its effects when legal; the board unchanged when
  // refused; and inertia: each component of the board after that no kept constraint mentions is as it was.
  void close_copy(int x) {
    Copy<Board>& c = copies_[x];
    std::vector<z3::expr> guard;
    for (const auto& k : c.kept_guard) guard.push_back(k.formula);
    for (const auto& s : sources_)
      for (std::size_t i = 0; i < s.guards[x].size(); ++i)
        guard.push_back(s.point ? z3::implies(*s.reading[x] == static_cast<int>(i), s.guards[x][i])
                                : z3::implies(s.applies[x][i], s.guards[x][i]));
    opt_.add(c.ok == conj(ctx_, guard));
    for (const auto& s : sources_)  // a point's definitions hold whatever the outcome, at the copy's reading
      for (std::size_t i = 0; i < s.defs[x].size(); ++i)
        opt_.add(z3::implies(*s.reading[x] == static_cast<int>(i), s.defs[x][i]));
    std::vector<z3::expr> effect;
    for (const auto& k : c.kept_effect) effect.push_back(k.formula);
    for (const auto& s : sources_)
      if (s.point)
        for (std::size_t i = 0; i < s.effects[x].size(); ++i)
          effect.push_back(z3::implies(*s.reading[x] == static_cast<int>(i), s.effects[x][i]));
    opt_.add(z3::implies(c.ok, conj(ctx_, effect)));
    // An outcome is a state of the format (the game's well-formedness).
    for (const auto& k : G::format(c.post, rules_)) opt_.add(z3::implies(c.ok, k.formula));
    opt_.add(z3::implies(!c.ok, G::same(c.post, pre_)));
    for (const auto& k : G::readable(c.post)) opt_.add(k.formula);
    std::unordered_set<std::string> mentioned;
    std::unordered_set<unsigned> seen;
    for (const auto* list : {&c.kept_guard, &c.kept_effect})
      for (const auto& k : *list) constants_in(k.formula, mentioned, seen);
    const std::vector<z3::expr> before = G::components(pre_), after = G::components(c.post);
    for (std::size_t i = 0; i < after.size(); ++i) {
      std::unordered_set<std::string> here;
      std::unordered_set<unsigned> none;
      constants_in(after[i], here, none);
      bool spoken_of = false;
      for (const auto& n : here) spoken_of = spoken_of || mentioned.count(n);
      if (!spoken_of) opt_.add(after[i] == before[i]);  // the convention of inertia (G::kInertia)
    }
  }

  mutable z3::context ctx_;
  Board pre_;
  DiscoveryStep<G> step_;
  z3::optimize opt_;
  const Rules& rules_;
  Budget budget_;
  std::vector<Copy<Board>> copies_;
  std::vector<Source> sources_;
  z3::expr size_ = ctx_.int_val(0);
};

}  // namespace discovery_detail

// The search (the file's head) over one target: per source found a record with its smallest witness (a
// convention: kind "undecided", new, with `convention` set; a point: `refinds` it), each new finding
// (nothing left out separates it), then one record "none" (each shape searched to unsat: the sources not
// found listed in its note), "unknown" or "interrupted" (why). discovery_records.hpp has its body.
template <typename G>
std::vector<typename G::Witness> discover_from_words(const DiscoveryTarget<G>& target, const typename G::Rules& defaults,
                                                     const SourceIndex<typename G::Rules>& index,
                                                     const Budget& budget);

}  // namespace rulecheck::solver

#include "solver/discovery_records.hpp"
