#include "solver/messina/search.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/messina/reachable.hpp"

namespace rulecheck::solver::messina {

namespace {

template <typename T>
std::optional<Encoded> encode_one(const SymBoard& b, const T& a, const SymBoard& after, const ms::Rules& rules) {
  if constexpr (std::is_same_v<T, ms::Consume>)
    return encode_consume(b, a, after, rules);
  else if constexpr (std::is_same_v<T, ms::Muster>)
    return encode_muster(b, a, after, rules);
  else if constexpr (std::is_same_v<T, ms::Rearm>)
    return encode_rearm(b, a, after, rules);
  else if constexpr (std::is_same_v<T, ms::Place>)
    return encode_place(b, a, after, rules);
  else if constexpr (std::is_same_v<T, ms::Convert>)
    return encode_convert(b, a, after, rules);
  else if constexpr (std::is_same_v<T, ms::Release>)
    return encode_release(b, a, after, rules);
  else if constexpr (std::is_same_v<T, ms::Expose>)
    return encode_expose(b, a, after, rules);
  else if constexpr (std::is_same_v<T, ms::Hide>)
    return encode_hide(b, a, after, rules);
  else if constexpr (std::is_same_v<T, ms::Transfer>)
    return encode_transfer(b, a, after, rules);
  else
    return encode_end_exploration(b, a, after, rules);
}

template <typename T>
std::optional<SymAnswer> answer_one(const SymBoard& b, const T& q, const ms::Rules& rules) {
  if constexpr (std::is_same_v<T, ms::FriendlyAreaQuery>)
    return encode_friendly_area(b, q, rules);
  else if constexpr (std::is_same_v<T, ms::HostileQuery>)
    return encode_hostile(b, q, rules);
  else if constexpr (std::is_same_v<T, ms::MustExposeQuery>)
    return encode_must_expose(b, q, rules);
  else if constexpr (std::is_same_v<T, ms::TieBreakQuery>)
    return encode_tie_break(b, q, rules);
  else if constexpr (std::is_same_v<T, ms::BombableQuery>)
    return encode_bombable(b, q, rules);
  else
    return encode_support_cut(b, q, rules);
}

z3::expr answers_differ(const SymAnswer& a, const SymAnswer& b) {
  z3::expr_vector d(a.values.front().ctx());
  for (std::size_t i = 0; i < a.values.size(); ++i) d.push_back(a.values[i] != b.values[i]);
  return z3::mk_or(d);
}

}  // namespace

std::optional<Encoded> encode_action(const SymBoard& before, const ms::Action& action, const SymBoard& after,
                                     const ms::Rules& rules) {
  return std::visit([&](const auto& a) { return encode_one(before, a, after, rules); }, action);
}

std::optional<SymAnswer> encode_query(const SymBoard& board, const ms::Query& query, const ms::Rules& rules) {
  return std::visit([&](const auto& q) { return answer_one(board, q, rules); }, query);
}

z3::expr answer_is(const SymBoard& board, const SymAnswer& answer, const ms::QueryAnswer& claimed) {
  z3::context& ctx = board.ctx();
  switch (answer.type) {
    case SymAnswer::Type::spaces: {
      const auto* spaces = std::get_if<std::vector<ms::SpaceId>>(&claimed);
      if (!spaces) return ctx.bool_val(false);
      z3::expr_vector eq(ctx);
      for (const auto& id : *spaces)
        if (board.space_index(id) < 0) return ctx.bool_val(false);
      for (std::size_t s = 0; s < board.spaces.size(); ++s) {
        const bool listed = std::find(spaces->begin(), spaces->end(), board.spaces[s].id) != spaces->end();
        eq.push_back(answer.values[s] == ctx.bool_val(listed));
      }
      return z3::mk_and(eq);
    }
    case SymAnswer::Type::boolean: {
      const auto* b = std::get_if<bool>(&claimed);
      return b ? answer.values[0] == ctx.bool_val(*b) : ctx.bool_val(false);
    }
    case SymAnswer::Type::faction: {
      const auto* f = std::get_if<std::optional<ms::FactionId>>(&claimed);
      if (!f) return ctx.bool_val(false);
      const int index = *f ? board.faction_index(**f) : -1;
      if (*f && index < 0) return ctx.bool_val(false);
      return answer.values[0] == ctx.int_val(index);
    }
  }
  return ctx.bool_val(false);
}

ms::QueryAnswer read_answer(const z3::model& m, const SymBoard& board, const SymAnswer& answer) {
  switch (answer.type) {
    case SymAnswer::Type::spaces: {
      std::vector<ms::SpaceId> out;
      for (std::size_t s = 0; s < board.spaces.size(); ++s)
        if (bool_value(m, answer.values[s])) out.push_back(board.spaces[s].id);
      std::sort(out.begin(), out.end());
      return out;
    }
    case SymAnswer::Type::boolean: return bool_value(m, answer.values[0]);
    case SymAnswer::Type::faction: {
      const int f = int_value(m, answer.values[0]);
      return f < 0 ? std::optional<ms::FactionId>{} : std::optional<ms::FactionId>{board.factions[f].id};
    }
  }
  return false;
}

z3::expr board_size(const SymBoard& b) {
  z3::context& ctx = b.ctx();
  std::vector<z3::expr> terms = {b.round - 1};
  for (const auto& f : b.factions)
    for (const auto& e : {f.disaffected, f.spare, f.located, f.dead, f.food, f.water, f.energy}) terms.push_back(e);
  for (const auto& sp : b.spaces) {
    for (std::size_t f = 0; f < b.factions.size(); ++f) {
      for (const auto& u : sp.units[f]) terms.push_back(u);
      terms.push_back(sp.workers[f]);
      for (const auto& g : sp.guests[f]) terms.push_back(g);
      terms.push_back(sp.shield[f]);
      terms.push_back(z3::ite(sp.utility[f], ctx.int_val(1), ctx.int_val(0)));
    }
    for (const auto& u : sp.card_units) terms.push_back(u);
    terms.push_back(z3::ite(sp.card_holder >= 0, ctx.int_val(1), ctx.int_val(0)));
    for (const auto& a : sp.adjacent) terms.push_back(z3::ite(a, ctx.int_val(1), ctx.int_val(0)));
  }
  return sum(ctx, terms);
}

RulesChoice reading_of(const ms::Rules& base, std::string name, const std::function<void(ms::Readings&)>& set) {
  RulesChoice c{std::move(name), base};
  set(c.rules.readings);
  return c;
}

Shape small_shape(int spaces, bool two_factions, ms::FactionKind second) {
  Shape s;
  s.factions.push_back({"Red", ms::FactionKind::human});
  if (two_factions) s.factions.push_back({"Blue", second});
  // Each faction its own Home Space (messina.reachable.own-home-spaces, after
  // messina.convention.own-home-spaces): a shape has a space for each of its factions at least.
  spaces = std::max(spaces, static_cast<int>(s.factions.size()));
  if (auto why = too_many_spaces(spaces)) {
    s.too_large = *why;
    return s;
  }
  for (int i = 0; i < spaces; ++i) s.spaces.push_back(std::string(1, static_cast<char>('A' + i)));
  return s;
}

namespace {

// A step the solver does not encode yet: the search ends unknown, with no reason to report.
struct NotEncoded {};

// The search on one shape: the witness, or nullopt with `why_unknown` set when the question ended
// unknown (kept when already set).
std::optional<MessinaWitness> search_shape(const WitnessSpec& spec, const Shape& shape, const Budget& budget,
                                           std::string& why_unknown);

}  // namespace

bool same_shape(const Shape& a, const Shape& b) {
  return a.factions == b.factions && a.spaces == b.spaces && a.too_large == b.too_large;
}

std::vector<Shape> distinct_shapes(const std::vector<Shape>& shapes) {
  std::vector<Shape> out;
  for (const Shape& s : shapes)
    if (std::none_of(out.begin(), out.end(), [&](const Shape& o) { return same_shape(o, s); })) out.push_back(s);
  return out;
}

WitnessSearch search_witness(const WitnessSpec& spec, const Budget& budget) {
  std::string why_unknown;  // a shape's question ended unknown: why (the first reason kept)
  // A shape asked with fewer spaces than factions is the next one up (small_shape): asked once.
  for (const Shape& shape : distinct_shapes(spec.shapes)) {
    if (!shape.too_large.empty()) return {SearchStatus::unknown, std::nullopt, shape.too_large};
    if (cancel_requested()) return {SearchStatus::unknown, std::nullopt, kInterrupted};  // nothing more is built
    try {
      auto found = search_shape(spec, shape, budget, why_unknown);
      if (found) return {SearchStatus::found, std::move(found), ""};
    } catch (const z3::exception& e) {
      return {SearchStatus::unknown, std::nullopt, failure_reason(e)};
    } catch (const NotEncoded&) {
      return {SearchStatus::unknown, std::nullopt, kNotEncoded};
    }
    if (is_interrupted(why_unknown)) break;
  }
  return {why_unknown.empty() ? SearchStatus::none : SearchStatus::unknown, std::nullopt, why_unknown};
}

namespace {

std::optional<MessinaWitness> search_shape(const WitnessSpec& spec, const Shape& shape, const Budget& budget,
                                           std::string& why_unknown) {
  {
    z3::context ctx;
    const SymBoard before = free_board(ctx, shape, "");
    const Step step = spec.step(shape);
    z3::optimize opt = bounded_optimize(ctx, budget);
    // Each fact goes to the optimiser as it is made (the order in which terms are made steers
    // which of the smallest states Z3 returns) and is kept for the precheck.
    std::vector<z3::expr> facts;
    auto assert_fact = [&](const z3::expr& f) {
      opt.add(f);
      facts.push_back(f);
    };
    // The state is well formed under every choice's numbers: the first choice's terms, then each
    // other choice's terms the first does not have (Z3 shares equal terms: an equal term has the
    // same id), so that choices of equal numbers ask exactly what one would.
    std::set<unsigned> asserted;
    for (std::size_t i = 0; i < spec.choices.size(); ++i)
      for (const auto& c : well_formed(before, spec.choices[i].rules.numbers))
        if (asserted.insert(c.formula.id()).second || i == 0) assert_fact(c.formula);
    if (spec.assume)
      for (const auto& c : spec.assume(before)) assert_fact(c.formula);
    if (spec.reachable)
      for (const auto& choice : spec.choices) assert_fact(reachable_board(before, choice.rules));

    const std::size_t n = spec.choices.size();
    std::vector<SymBoard> afters;
    std::vector<z3::expr> legal;
    std::vector<Constraints> conditions;
    std::vector<SymAnswer> answers;
    const bool is_query = std::holds_alternative<ms::Query>(step);
    for (std::size_t i = 0; i < n; ++i) {
      const ms::Rules& under = spec.choices[i].rules;
      if (is_query) {
        auto a = encode_query(before, std::get<ms::Query>(step), under);
        if (!a) throw NotEncoded{};
        answers.push_back(*a);
        continue;
      }
      afters.push_back(free_board(ctx, shape, fmt::format("after{}", i)));
      auto e = encode_action(before, std::get<ms::Action>(step), afters.back(), under);
      if (!e) throw NotEncoded{};
      legal.push_back(all_of(ctx, e->legal));
      conditions.push_back(e->legal);
      assert_fact(z3::implies(legal.back(), all_of(ctx, e->effect)));
    }
    z3::expr_vector differ(ctx);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        if (is_query)
          differ.push_back(answers_differ(answers[i], answers[j]));
        else
          differ.push_back(legal[i] != legal[j] || (legal[i] && legal[j] && !same_state(afters[i], afters[j])));
      }
    assert_fact(z3::mk_or(differ));

    // Can the choices differ on this shape at all? (A proof that they cannot is cheaper than an
    // optimisation that finds nothing.)
    z3::check_result can_differ = z3::sat;
    if (spec.precheck) {
      z3::solver plain = bounded_solver(ctx, budget);
      for (const auto& f : facts) plain.add(f);
      can_differ = run_check(plain);
      if (can_differ == z3::unsat) return std::nullopt;
      if (can_differ == z3::unknown && why_unknown.empty()) why_unknown = unknown_reason(plain, budget);
    }

    const z3::expr size = board_size(before);
    opt.minimize(size);
    // Then no battle unless the point needs one (Z3 ranks the objectives in the order given): a
    // battle space the step does not look at would only clutter the witness.
    opt.minimize(z3::ite(before.battle >= 0, ctx.int_val(1), ctx.int_val(0)));
    const z3::check_result found = run_check(opt);
    if (found != z3::sat) {
      if (found == z3::unknown && why_unknown.empty()) why_unknown = unknown_reason(opt, budget);
      return std::nullopt;
    }
    const z3::model m = opt.get_model();

    MessinaWitness w;
    w.point = spec.point;
    w.clauses = spec.clauses;
    w.title = spec.title;
    w.note = spec.note;
    w.other_readings = spec.other_readings;
    w.size = int_value(m, size);
    w.example = Example<ms::State, Step>{read_board(m, before), step};
    for (std::size_t i = 0; i < n; ++i) {
      ReadingOutcome<ms::State, ms::QueryAnswer> o;
      o.reading = spec.choices[i].name;
      o.is_query = is_query;
      if (is_query) {
        o.answer = read_answer(m, before, answers[i]);
      } else {
        o.legal = bool_value(m, legal[i]);
        if (o.legal) o.next = read_board(m, afters[i]);
        // Illegal: the clause of the first condition the witness breaks (conditions run in the
        // order "who may, when, where, what it costs", as docs/formats.md orders the checks).
        if (!o.legal)
          for (const auto& c : conditions[i])
            if (!bool_value(m, c.formula)) {
              o.rule = c.clause;
              break;
            }
      }
      w.outcomes.push_back(std::move(o));
    }
    return w;
  }
}

}  // namespace

std::string shapes_in_words(const std::vector<Shape>& shapes) {
  std::string out;
  for (const Shape& s : distinct_shapes(shapes)) {
    std::vector<std::string> factions;
    for (const auto& [id, kind] : s.factions)
      factions.push_back(fmt::format("{} ({})", id, kind == ms::FactionKind::ai ? "the AI" : "human"));
    out += fmt::format("{}{} space{} with {}", out.empty() ? "" : "; ", s.spaces.size(),
                       s.spaces.size() == 1 ? "" : "s", fmt::join(factions, " and "));
  }
  return out;
}

std::optional<MessinaWitness> find_witness(const ms::Rules&, const WitnessSpec& spec, const Budget& budget) {
  WitnessSpec on_reachable = spec;
  on_reachable.reachable = true;
  WitnessSearch found = search_witness(on_reachable, budget);
  const std::string scope =
      fmt::format("the point's step on every board play can reach (any counts, adjacency, homes, consents and cards{}) "
                  "of {}",
                  spec.assume ? ", within the search's assumptions" : "", shapes_in_words(spec.shapes));
  if (found.witness) {
    found.witness->scope = scope;
    return std::move(found.witness);
  }
  // No witness: said as a record of its own, "none" (every shape's question unsat) or, when the
  // search could not decide, "unknown" or "interrupted" with why in the note; never merged.
  MessinaWitness w;
  w.point = spec.point;
  w.kind = found.status == SearchStatus::none ? "none" : is_interrupted(found.reason) ? "interrupted" : "unknown";
  w.clauses = spec.clauses;
  w.title = spec.title;
  w.note = found.status == SearchStatus::none ? spec.note : found.reason;
  w.scope = scope;
  return w;
}

}  // namespace rulecheck::solver::messina
