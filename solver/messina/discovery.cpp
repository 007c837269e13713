// The discovery search from the words alone (discovery.hpp): two outcomes of one step from one board
// before, each bound only by the constraints tagged with a clause of the texts and by the convention of
// inertia; the sources left out (conventions, points) are then tested on the two outcomes.
//
// Each outcome is either the step refused (the board unchanged) or a board after it. A copy is legal
// exactly when its kept conditions hold and, for each condition a source left out makes, either that
// condition holds or the copy does not apply it (a free Bool per condition and copy: whether an
// unstated decision binds here is what the search asks); a point's conditions and effects are those of
// the reading the copy takes (a free reading per copy). A source found is held in both copies for the
// next search: a convention's conditions applied and its effects asserted, a point read alike.
#include "solver/messina/discovery.hpp"

#include <array>
#include <map>
#include <optional>
#include <stdexcept>
#include <unordered_set>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "oracle/messina/oracle.hpp"
#include "oracle/rule_violation.hpp"
#include "solver/messina/discovery_step.hpp"
#include "solver/messina/reachable.hpp"
#include "solver/messina/search.hpp"

namespace rulecheck::solver::messina {

namespace {

inline constexpr const char* kInertia = "messina.convention.inertia";

// One source left out, with its constraints in each copy (0: A, 1: B). A convention's are as the relation
// gives them; a point's per reading, each reading's conditions and effects joined.
struct Source {
  std::string id;
  bool point = false;
  std::vector<std::string> readings;                   // a point's, in order
  std::array<std::vector<z3::expr>, 2> guards, effects;  // a convention's; a point's: one of each per reading
  std::array<std::vector<z3::expr>, 2> defs;             // a point's definitions of what it chooses, per reading
  std::array<std::vector<z3::expr>, 2> applies;          // a convention's: whether the copy applies each guard
  std::array<std::optional<z3::expr>, 2> reading;        // a point's: the reading the copy takes
};

struct Copy {
  SymBoard post;
  z3::expr ok;
  Constraints kept_guard, kept_effect;
};

// A definition of a quantity the relation names for one copy (`prefix`): "<prefix>name == value". Held
// whatever the outcome (a refusal is never a quantity's value taken otherwise).
bool defines(const z3::expr& f, const std::string& prefix) {
  if (!f.is_app() || (f.decl().decl_kind() != Z3_OP_EQ && f.decl().decl_kind() != Z3_OP_IFF)) return false;
  const z3::expr v = f.arg(0);
  return v.is_app() && v.num_args() == 0 && v.decl().decl_kind() == Z3_OP_UNINTERPRETED &&
         v.decl().name().str().rfind(prefix, 0) == 0;
}

z3::expr conj(z3::context& ctx, const std::vector<z3::expr>& xs) {
  z3::expr_vector v(ctx);
  for (const auto& x : xs) v.push_back(x);
  return v.empty() ? ctx.bool_val(true) : z3::mk_and(v);
}

// Whether a tag's constraints are kept (a clause of the texts) or left out (a convention or a point); a
// tag that is none of these is a constraint with no source (issue 33 item 1), refused by name.
bool kept(const std::string& tag, const SourceIndex& index) {
  if (index.is_clause(tag)) return true;
  if (index.is_convention(tag) || !index.readings(tag, ms::Rules{}).empty()) return false;
  throw std::logic_error(fmt::format(
      "the discovery search met the tag \"{}\", which is neither a clause id of rules/messina/clauses.json, a "
      "convention (messina.convention.*) nor an interpretation point: every constraint must name its source",
      tag));
}

// The uninterpreted constants a formula mentions (their names).
void constants_in(const z3::expr& e, std::unordered_set<std::string>& out, std::unordered_set<unsigned>& seen) {
  if (!seen.insert(e.id()).second) return;
  if (e.is_app()) {
    if (e.num_args() == 0 && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) out.insert(e.decl().name().str());
    for (unsigned i = 0; i < e.num_args(); ++i) constants_in(e.arg(i), out, seen);
  } else if (e.is_quantifier()) {
    constants_in(e.body(), out, seen);
  }
}

// The search over one shape, built once and asked again as sources are found.
class ShapeSearch {
 public:
  ShapeSearch(const DiscoveryTarget& target, const Shape& shape, const ms::Rules& rules, const SourceIndex& index,
              const Budget& budget)
      : pre_(free_board(ctx_, shape, "")), step_(target.make(pre_)), opt_(bounded_optimize(ctx_, budget)),
        rules_(rules), budget_(budget) {
    for (const auto& c : well_formed(pre_, rules.numbers)) opt_.add(c.formula);
    opt_.add(reachable_board(pre_, rules));
    for (const auto& c : step_.choices) opt_.add(c.formula);
    for (int x = 0; x < 2; ++x) build_copy(x, index);
    for (auto& s : sources_) constrain(s);
    for (int x = 0; x < 2; ++x) close_copy(x);
    const Copy &a = copies_[0], &b = copies_[1];
    opt_.add(a.ok != b.ok || (a.ok && b.ok && !same_state(a.post, b.post)));
    size_ = board_size(pre_);
    opt_.minimize(size_);
    // then no battle where the step looks at none
    opt_.minimize(z3::ite(pre_.battle >= 0, ctx_.int_val(1), ctx_.int_val(0)));
    // then the fewest points read otherwise than by default (index 0), so the oracle can replay it
    z3::expr away = ctx_.int_val(0);
    for (const auto& s : sources_)
      if (s.point)
        for (int x = 0; x < 2; ++x) away = away + z3::ite(*s.reading[x] == 0, ctx_.int_val(0), ctx_.int_val(1));
    opt_.minimize(away);
  }

  std::vector<Source>& sources() { return sources_; }
  const std::vector<Source>& sources() const { return sources_; }
  const Copy& copy(int x) const { return copies_[x]; }
  const SymBoard& pre() const { return pre_; }
  const z3::expr& size() const { return size_; }
  ms::Action action(const z3::model& m) const { return step_.action(m); }

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
  void build_copy(int x, const SourceIndex& index) {
    const std::string prefix = x == 0 ? "A/" : "B/";
    SymBoard post = free_board(ctx_, pre_shape(), prefix);
    const Encoded e = step_.encode(post, rules_, prefix);
    Copy c{post, ctx_.bool_const((prefix + "ok").c_str()), {}, {}};
    auto sort = [&](const Named& k, bool guard) {
      if (index.omitted.count(k.clause)) return;
      if (kept(k.clause, index)) {
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
        const Encoded r = step_.encode(post, under, prefix);
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

  Shape pre_shape() const {
    Shape s;
    for (const auto& f : pre_.factions) s.factions.push_back({f.id, f.kind});
    for (const auto& sp : pre_.spaces) s.spaces.push_back(sp.id);
    return s;
  }

  Source& source(const std::string& tag, const SourceIndex& index) {
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
    Copy& c = copies_[x];
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
    // An outcome is a state of the format (docs/formats.md): counts not negative, Located tokens backing
    // the pieces, and the rest well_formed() asks.
    for (const auto& k : well_formed(c.post, rules_.numbers)) opt_.add(z3::implies(c.ok, k.formula));
    opt_.add(z3::implies(!c.ok, same_state(c.post, pre_)));
    for (const auto& k : readable(c.post)) opt_.add(k.formula);
    std::unordered_set<std::string> mentioned;
    std::unordered_set<unsigned> seen;
    for (const auto* list : {&c.kept_guard, &c.kept_effect})
      for (const auto& k : *list) constants_in(k.formula, mentioned, seen);
    const auto before = components(pre_), after = components(c.post);
    for (std::size_t i = 0; i < after.size(); ++i) {
      std::unordered_set<std::string> here;
      std::unordered_set<unsigned> none;
      constants_in(after[i].value, here, none);
      bool spoken_of = false;
      for (const auto& n : here) spoken_of = spoken_of || mentioned.count(n);
      if (!spoken_of) opt_.add(after[i].value == before[i].value);  // kInertia
    }
  }

  z3::context ctx_;
  SymBoard pre_;
  DiscoveryStep step_;
  z3::optimize opt_;
  const ms::Rules& rules_;
  Budget budget_;
  std::vector<Copy> copies_;
  std::vector<Source> sources_;
  z3::expr size_ = ctx_.int_val(0);
};

std::vector<z3::expr> formulas(const Constraints& cs) {
  std::vector<z3::expr> out;
  for (const auto& c : cs) out.push_back(c.formula);
  return out;
}

// Whether every condition of the sources left out holds on copy `x` as that copy applies it (a point's at
// the reading the copy takes).
bool sources_hold(const z3::model& m, const ShapeSearch& search, int x) {
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

// Whether source `s` separates the two outcomes in `m` (see the file's head), and which copy it takes
// (0 or 1: the outcome it allows).
std::optional<int> separates(const z3::model& m, const ShapeSearch& search, const Source& s) {
  const bool legal[2] = {bool_value(m, search.copy(0).ok), bool_value(m, search.copy(1).ok)};
  auto holds = [&](const z3::expr& e) { return bool_value(m, e); };
  if (legal[0] != legal[1]) {
    const int refused = legal[0] ? 1 : 0;
    // It refuses what the words allow: a condition of it the refused copy applies (for a point: of the
    // reading it takes) is false, and the legal copy does not apply it (takes a reading that allows it).
    const int other = 1 - refused;
    // The copies part only in their free choices: where the refused copy's kept conditions fail, only a
    // point read otherwise (its quantities defined otherwise) can have made them fail.
    const bool kept_hold = holds(conj(search.pre().ctx(), formulas(search.copy(refused).kept_guard)));
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
                      : holds(conj(search.pre().ctx(), s.guards[x]) && conj(search.pre().ctx(), s.effects[x]));
    if (on[0] != on[1]) return on[0] ? 0 : 1;
  }
  return std::nullopt;
}

// The clauses of the kept constraints that read differently on the two outcomes (what the pair is about).
std::vector<std::string> clauses_apart(const z3::model& m, const ShapeSearch& search) {
  std::set<std::string> out;
  const Copy &a = search.copy(0), &b = search.copy(1);
  for (const auto& [x, y] : {std::pair{&a.kept_guard, &b.kept_guard}, std::pair{&a.kept_effect, &b.kept_effect}})
    for (std::size_t i = 0; i < x->size() && i < y->size(); ++i)
      if (bool_value(m, (*x)[i].formula) != bool_value(m, (*y)[i].formula)) out.insert((*x)[i].clause);
  return {out.begin(), out.end()};
}

ReadingOutcome<ms::State, ms::QueryAnswer> outcome_of(const z3::model& m, const Copy& c, std::string reading,
                                                      const std::string& rule) {
  ReadingOutcome<ms::State, ms::QueryAnswer> o;
  o.reading = std::move(reading);
  o.legal = bool_value(m, c.ok);
  if (o.legal) o.next = read_board(m, c.post);
  else o.rule = rule;
  return o;
}

// The outcome the oracle gives on the witness, as a reading name of `w` ("" when neither).
std::string oracle_today(const ms::Rules& rules, MessinaWitness& w) {
  std::optional<ms::State> next;
  std::string rule;
  try {
    next = ms::apply(rules, w.example.state, std::get<ms::Action>(w.example.step));
  } catch (const RuleViolation& v) {
    rule = v.clause();
  }
  for (auto& o : w.outcomes) {
    if (o.legal != next.has_value()) continue;
    if (!o.legal) {
      o.rule = rule;  // the oracle's clause for the refusal it gives
      return o.reading;
    }
    z3::context ctx;
    if (!unrepresentable(*next) && !unrepresentable(*o.next) &&
        same_state(pinned_board(ctx, *next), pinned_board(ctx, *o.next)).simplify().is_true())
      return o.reading;
  }
  return "";
}

}  // namespace

std::vector<MessinaWitness> discover_from_words(const DiscoveryTarget& target, const ms::Rules& defaults,
                                                const SourceIndex& index, const Budget& budget) {
  const std::vector<Shape> shapes = distinct_shapes(target.shapes);
  const std::string scope = fmt::format(
      "{}, on every board play can reach of {}: the relation's constraints tagged with a clause, every convention "
      "and point left out, and {} (what no kept sentence constrains stays as it was)",
      target.step, shapes_in_words(shapes), kInertia);
  std::vector<MessinaWitness> out;
  std::set<std::string> found, seen;
  std::string why;
  for (const Shape& shape : shapes) {
    ShapeSearch search(target, shape, defaults, index, budget);
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
      MessinaWitness w;
      w.kind = "undecided";
      w.is_new = true;
      w.found_by_search = true;
      w.scope = scope;
      w.size = int_value(m, search.size());
      w.example = Example<ms::State, Step>{read_board(m, search.pre()), Step{search.action(m)}};
      w.clauses = clauses_apart(m, search);
      // Points both copies read alike, otherwise than by default: the witness's scenarios carry them.
      ms::Rules replay = defaults;
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
        w.point = fmt::format("messina.discovery.{}.open", target.key);
        w.signature = fmt::format("{}|{}|open", target.key, differs);
        w.title = target.title + ": the texts' words allow two outcomes that no listed convention or point separates";
        w.note = "Both outcomes satisfy every constraint tagged with a clause of the texts and the convention of inertia.";
        w.outcomes = {outcome_of(m, search.copy(0), "outcome-a", "unstated"),
                      outcome_of(m, search.copy(1), "outcome-b", "unstated")};
        w.today = oracle_today(replay, w);
        out.push_back(std::move(w));
        break;  // the same pair would come again: the search of this shape stops here
      }
      bool fresh = false;
      for (const auto& [s, side] : apart) {
        seen.insert(s->id);
        if (!found.insert(s->id).second) continue;
        fresh = true;
        MessinaWitness sw = w;
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
        sw.outcomes = {outcome_of(m, search.copy(side), "as-decided", s->id),
                       outcome_of(m, search.copy(1 - side), "otherwise", s->id)};
        sw.today = oracle_today(replay, sw);
        out.push_back(std::move(sw));
      }
      for (const auto& [s, side] : apart) search.hold(*s);
      if (!fresh) break;  // only sources already held part them (cannot happen once held): asking again finds the same
    }
    if (!why.empty()) break;
  }
  // The end of the search, with the sources it met and did not find.
  MessinaWitness end;
  end.point = "messina.discovery." + target.key;
  end.kind = why.empty() ? "none" : is_interrupted(why) ? "interrupted" : "unknown";
  end.is_new = true;
  end.found_by_search = false;
  end.scope = scope;
  end.title = target.title + ": the discovery search from the words alone";
  std::vector<std::string> missed;
  {
    z3::context ctx;  // the sources the relation tags, from one build of it
    const SymBoard pre = free_board(ctx, shapes.back(), "");
    const DiscoveryStep step = target.make(pre);
    const SymBoard post = free_board(ctx, shapes.back(), "A/");
    const Encoded e = step.encode(post, defaults, "A/");
    std::set<std::string> tags;
    for (const auto* list : {&e.legal, &e.effect})
      for (const auto& k : *list)
        if (!index.omitted.count(k.clause) && !kept(k.clause, index)) tags.insert(k.clause);
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

}  // namespace rulecheck::solver::messina
