#include "solver/messina/outcome_search.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/messina/search.hpp"
#include "solver/open_outcome.hpp"

namespace rulecheck::solver::messina {

namespace {

// The smallest model of the search's question (by board_size of the board before): the plain
// check proved there is one; z3::optimize makes it small. nullopt when the budget ran out.
std::optional<z3::model> smallest(z3::context& ctx, const SearchBoards& boards, const z3::expr& question,
                                  const ms::Rules& rules, const Budget& budget, std::string* why_unknown) {
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& c : well_formed(boards.before, rules.numbers)) opt.add(c.formula);
  for (const auto& c : boards.step.choices) opt.add(c.formula);
  for (const Encoded& e : boards.encoded) {
    for (const auto& c : e.legal) opt.add(c.formula);
    for (const auto& c : e.effect) opt.add(c.formula);
  }
  opt.add(question);
  opt.minimize(board_size(boards.before));
  const z3::check_result r = run_check(opt);
  if (r == z3::unknown && why_unknown) *why_unknown = unknown_reason(opt, budget);
  if (r != z3::sat) return std::nullopt;
  return opt.get_model();
}

// Whether the plain question has a model: true; false with `why_unknown` set when it could not be
// decided; false with it empty when there is none.
bool has_model(const CheckResult& r, std::string* why_unknown) {
  if (r.status == Sat::unknown && why_unknown) *why_unknown = r.reason;
  return r.status == Sat::sat;
}

// Whether `e` mentions the constant `var` (a component of a free board).
bool mentions(const z3::expr& e, const z3::expr& var, std::set<unsigned>& seen) {
  if (!seen.insert(e.id()).second) return false;
  if (z3::eq(e, var)) return true;
  if (!e.is_app()) return false;
  for (unsigned i = 0; i < e.num_args(); ++i)
    if (mentions(e.arg(i), var, seen)) return true;
  return false;
}

// The keys of the components where two outcome boards differ in the model.
std::vector<Component> differing(const z3::model& m, const SymBoard& x, const SymBoard& y) {
  std::vector<Component> out;
  const auto a = components(x), b = components(y);
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!z3::eq(m.eval(a[i].value, true), m.eval(b[i].value, true))) out.push_back(a[i]);
  return out;
}

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

MessinaWitness new_finding(const Probe& probe, const char* kind, const z3::model& m, const SearchBoards& boards) {
  MessinaWitness w;
  w.point = fmt::format("messina.{}.{}", kind, probe.name);
  w.kind = kind;
  w.is_new = true;
  w.size = int_value(m, board_size(boards.before));
  w.example = Example<ms::State, Step>{read_board(m, boards.before), boards.step.step_in(m)};
  return w;
}

ReadingOutcome<ms::State, ms::QueryAnswer> legal_outcome(std::string name, const z3::model& m, const SymBoard& after) {
  ReadingOutcome<ms::State, ms::QueryAnswer> o;
  o.reading = std::move(name);
  o.legal = true;
  o.next = read_board(m, after);
  return o;
}

// Asserts that every component of `board` has its value in `m` (the witness's state, pinned).
std::vector<z3::expr> pinned_to(const z3::model& m, const SymBoard& board) {
  std::vector<z3::expr> out;
  for (const auto& c : components(board)) out.push_back(c.value == m.eval(c.value, true));
  return out;
}

}  // namespace

std::optional<MessinaWitness> undecided_witness(const Probe& probe, const ms::Rules& rules, const Budget& budget,
                                                std::string* why_unknown) {
  if (cancel_requested()) {  // stopped: nothing more is built
    if (why_unknown) *why_unknown = kInterrupted;
    return std::nullopt;
  }
  z3::context ctx;
  const auto boards = search_boards(ctx, probe.shape, probe.step, 2);
  if (!boards) {
    if (why_unknown) *why_unknown = kNotEncoded;
    return std::nullopt;
  }
  const OutcomeQuestion two_outcomes = [](const SearchBoards& b) {
    return !same_state(b.outcomes[0], b.outcomes[1]);
  };
  if (!has_model(search_step(ctx, *boards, two_outcomes, rules, budget), why_unknown)) return std::nullopt;
  const auto m = smallest(ctx, *boards, two_outcomes(*boards), rules, budget, why_unknown);
  if (!m) return std::nullopt;
  MessinaWitness w = new_finding(probe, "undecided", *m, *boards);
  // The clauses: the effect constraints that speak of a component where the outcomes differ (they
  // hold for both, so they do not decide it).
  std::vector<std::string> keys;
  for (const Component& c : differing(*m, boards->outcomes[0], boards->outcomes[1])) {
    keys.push_back(c.key);
    for (std::size_t i = 0; i < boards->outcomes.size(); ++i)
      for (const auto& e : boards->encoded[i].effect) {
        std::set<unsigned> seen;
        const auto here = components(boards->outcomes[i]);
        for (const auto& h : here)
          if (h.key == c.key && mentions(e.formula, h.value, seen)) w.clauses.push_back(e.clause);
      }
  }
  sort_unique(w.clauses);
  w.title = fmt::format("{}: the text allows more than one outcome", probe.title);
  w.note = fmt::format(
      "Every condition for the step holds and the step names all of the player's choices, yet two different states "
      "satisfy every effect the text gives; they differ at {}{}.",
      fmt::join(keys, ", "),
      w.clauses.empty() ? " (no effect constraint speaks of it)"
                        : fmt::format(", which only {} speak of", fmt::join(w.clauses, ", ")));
  w.outcomes.push_back(legal_outcome("outcome-1", *m, boards->outcomes[0]));
  w.outcomes.push_back(legal_outcome("outcome-2", *m, boards->outcomes[1]));
  return w;
}

std::optional<MessinaWitness> dead_end_witness(const Probe& probe, const ms::Rules& rules, const Budget& budget,
                                               std::string* why_unknown) {
  if (cancel_requested()) {  // stopped: nothing more is built
    if (why_unknown) *why_unknown = kInterrupted;
    return std::nullopt;
  }
  z3::context ctx;
  const auto boards = search_boards(ctx, probe.shape, probe.step, 1);
  if (!boards) {
    if (why_unknown) *why_unknown = kNotEncoded;
    return std::nullopt;
  }
  const SymBoard& after = boards->outcomes.front();
  const Constraints format_after = well_formed(after, rules.numbers);
  const OutcomeQuestion malformed = [&](const SearchBoards&) { return !all_of(ctx, format_after); };
  if (!has_model(search_step(ctx, *boards, malformed, rules, budget), why_unknown)) return std::nullopt;
  const auto m = smallest(ctx, *boards, malformed(*boards), rules, budget, why_unknown);
  if (!m) return std::nullopt;
  MessinaWitness w = new_finding(probe, "dead-end", *m, *boards);
  // The clauses: an unsat core of the step's conditions, its effect and a well-formed outcome, on
  // the witness's board (pinned; the step's choices as the model has them).
  Constraints tracked = boards->encoded.front().legal;
  const auto& effect = boards->encoded.front().effect;
  tracked.insert(tracked.end(), effect.begin(), effect.end());
  std::vector<z3::expr> facts = pinned_to(*m, boards->before);
  for (const auto& c : boards->step.choices) facts.push_back(c.formula);
  for (const auto& c : format_after) facts.push_back(c.formula);
  const CheckResult core = check_named(ctx, facts, tracked, budget);
  if (core.status == Sat::unsat) w.clauses = core.core;
  std::vector<std::string> broken;
  for (const auto& c : format_after)
    if (!bool_value(*m, c.formula)) broken.push_back(c.formula.to_string());
  w.title = fmt::format("{}: the text allows the step but no state can follow it", probe.title);
  w.note = fmt::format(
      "Every condition for the step holds, but the outcome its effects give is no valid state: it breaks {} (with {}).",
      broken.empty() ? std::string("the state format") : broken.front(), fmt::join(w.clauses, ", "));
  w.outcomes.push_back(legal_outcome("effect", *m, after));
  return w;
}

std::vector<MessinaWitness> open_outcome_records(const std::vector<Probe>& probes, const ms::Rules& rules,
                                                 const Budget& budget) {
  std::vector<MessinaWitness> out;
  for (const Probe& p : probes) {
    const std::string scope =
        fmt::format("{} on every well-formed board (any counts, adjacency, homes, consents and cards) of {}", p.title,
                    shapes_in_words({p.shape}));
    out.push_back(open_outcome_record<MessinaWitness>(
        fmt::format("messina.new.{}", p.name),
        fmt::format("{}: a step the text leaves undecided, or allows with no outcome", p.title), scope,
        [&](std::string* why) { return undecided_witness(p, rules, budget, why); },
        [&](std::string* why) { return dead_end_witness(p, rules, budget, why); }));
  }
  return out;
}

std::vector<MessinaWitness> open_outcomes(const std::vector<Probe>& probes, const ms::Rules& rules,
                                          const Budget& budget) {
  std::vector<MessinaWitness> out;
  for (auto& w : open_outcome_records(probes, rules, budget))
    if (is_finding_kind(w.kind)) out.push_back(std::move(w));
  return out;
}

std::vector<Probe> action_probes(const ms::Rules& rules) {
  using P = ms::Piece;
  using T = ms::PlacementTime;
  const ms::Where a{"A", false}, b{"B", false}, card_a{"A", true}, card_b{"B", true};
  const Shape two = small_shape(2, true);
  const Shape with_ai = small_shape(2, true, ms::FactionKind::ai);
  ms::UnitCounts one_infantry;
  one_infantry[P::infantry] = 1;
  auto probe = [&](std::string name, const Shape& shape, ms::Action action, std::string title) {
    return Probe{std::move(name), shape, fixed_action(std::move(action), rules), std::move(title)};
  };
  std::vector<Probe> out;
  out.push_back(Probe{"consume", with_ai, every_consumption(rules), "Red's Consumption, step 3 naming any units"});
  out.push_back(probe("muster-builds", with_ai,
                      ms::Muster{"Red", {{a, P::infantry, 2}, {card_a, P::civilian, 1}, {b, P::fighter, 1}},
                                 {{a, 1}}, {{b, ms::ShieldOpKind::build}}, {}},
                      "Red musters 2 Infantry at A, a Civilian onto card A and a Fighter at B, equips 1 at A and "
                      "builds a Shield at B"));
  out.push_back(probe("muster-disbands", with_ai,
                      ms::Muster{"Red",
                                 {},
                                 {},
                                 {{a, ms::ShieldOpKind::upgrade}},
                                 {{a, P::civilian, 1}, {b, P::worker, 1}, {card_a, P::infantry, 1}}},
                      "Red upgrades A's Shield and disbands a Civilian at A, a Worker at B and an Infantry on card A"));
  out.push_back(probe("muster-ai", with_ai,
                      ms::Muster{"Blue", {{a, P::civilian, 1}, {card_b, P::infantry, 1}, {b, P::mech, 1}}, {}, {}, {}},
                      "the AI Blue musters a Civilian at A, an Infantry onto card B and a Mech at B"));
  out.push_back(probe("rearm", with_ai, ms::Rearm{"Red", {{a, ms::ShieldOpKind::build}}}, "Red re-arms a Shield at A"));
  out.push_back(probe("place-workers", two,
                      ms::Place{"Red",
                                T::industry,
                                {{{a, P::worker, 2}, ms::TokenSource::spare, std::nullopt},
                                 {{b, P::worker, 1}, ms::TokenSource::spare, "Blue"}}},
                      "Red places 2 Workers at A and 1 in Blue's Utility at B"));
  out.push_back(probe("place-civilians", two,
                      ms::Place{"Red",
                                T::before_orders,
                                {{{a, P::civilian, 2}, ms::TokenSource::spare, std::nullopt},
                                 {{card_b, P::civilian, 1}, ms::TokenSource::spare, std::nullopt}}},
                      "Red places 2 Civilians at A and 1 onto card B before orders"));
  out.push_back(probe("place-home-defence", two,
                      ms::Place{"Red",
                                T::home_defence,
                                {{{a, P::civilian, 1}, ms::TokenSource::disaffected, std::nullopt},
                                 {{a, P::civilian, 1}, ms::TokenSource::spare, std::nullopt}}},
                      "Red places a Civilian from Disaffected and one from Spare at A in home defence"));
  out.push_back(probe("convert-to-workers", two, ms::Convert{"Red", "A", P::civilian, P::worker, 2, "Blue"},
                      "Red converts 2 Civilians at A to Workers in Blue's Utility"));
  out.push_back(probe("convert-infantry", two, ms::Convert{"Red", "B", P::infantry, P::worker, 1, std::nullopt},
                      "Red converts an Infantry at B to a Worker"));
  out.push_back(
      probe("release", two, ms::Release{"Red", {a, P::civilian, 1}}, "Red releases a Civilian at A to Spare"));
  out.push_back(probe("expose", two, ms::Expose{"Red", "A"}, "Red exposes card A"));
  out.push_back(probe("hide", two, ms::Hide{"Red", "A"}, "Red hides card A"));
  out.push_back(probe("transfer", two, ms::Transfer{"Red", "A", one_infantry},
                      "Red transfers an Infantry from card A to the map"));
  out.push_back(probe("end-exploration", two, ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_infantry}}, {"B"}},
                      "Red ends an Exploration: an Infantry from card A to the map, card B discarded"));
  return out;
}

}  // namespace rulecheck::solver::messina
