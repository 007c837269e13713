// Messina's solver entry points: each step goes to its section's encoding (search.hpp), checked
// on a board pinned to the concrete state.
#include "solver/messina/solver.hpp"
#include "solver/messina/section_theorems.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/messina/literal.hpp"
#include "solver/messina/outcome_search.hpp"
#include "solver/messina/reachable.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/unbounded.hpp"
#include "solver/parallel.hpp"
#include "solver/strength.hpp"

namespace rulecheck::solver::messina {

namespace {

// The claimed next state names the same factions and spaces as the state before.
bool same_shape(const ms::State& a, const ms::State& b) {
  auto keys = [](const auto& m) {
    std::vector<std::string> k;
    for (const auto& [id, v] : m) k.push_back(id);
    return k;
  };
  return keys(a.factions) == keys(b.factions) && keys(a.spaces) == keys(b.spaces);
}

// One context per thread for membership checks: making a context costs more than a closed check,
// and the expressions of one check are freed when it returns (Z3 counts references).
z3::context& check_context() {
  thread_local z3::context ctx;
  return ctx;
}

OutcomeCheck forbidden(std::vector<std::string> clauses, std::string why) {
  return OutcomeCheck{Membership::forbidden, std::move(clauses), std::move(why)};
}

OutcomeCheck over_budget(const Broken& b) {
  return OutcomeCheck{Membership::unknown, {},
                      is_interrupted(b.reason) ? "the solver was interrupted" : "solver budget exceeded: " + b.reason};
}

// Claimed legal with a next state: every condition and every effect equation must hold.
OutcomeCheck check_claimed_legal(z3::context& ctx, const Encoded& e, const Budget& budget) {
  Constraints all = e.legal;
  all.insert(all.end(), e.effect.begin(), e.effect.end());
  const Broken broken = broken_clauses(ctx, {}, all, budget);
  if (broken.unknown) return over_budget(broken);
  if (broken.clauses.empty()) return OutcomeCheck{Membership::allowed, {}, "the rules allow this outcome"};
  return forbidden(broken.clauses, "the rules do not allow this outcome: it breaks " + clause_list(broken.clauses));
}

// Claimed illegal: some condition must fail.
OutcomeCheck check_claimed_illegal(z3::context& ctx, const Encoded& e, const std::string& claimed_rule,
                                   const Budget& budget) {
  const Broken broken = broken_clauses(ctx, {}, e.legal, budget);
  if (broken.unknown) return over_budget(broken);
  const std::vector<std::string>& why = broken.clauses;
  // Illegal by the clause claimed, or by any clause the action breaks (the oracle names the first;
  // another that also forbids it is an alternative). A clause the action does not break is no
  // reason, even when another is.
  const bool named_broken = claimed_rule.empty() || std::find(why.begin(), why.end(), claimed_rule) != why.end();
  if (!why.empty() && named_broken)
    return OutcomeCheck{Membership::allowed, why, "the rules forbid the action: " + clause_list(why)};
  if (!why.empty())
    return forbidden({claimed_rule}, fmt::format("the action is illegal, but {} does not forbid it here; {} does",
                                                 claimed_rule, clause_list(why)));
  std::vector<std::string> clauses;
  if (!claimed_rule.empty()) clauses.push_back(claimed_rule);
  return forbidden(clauses, claimed_rule.empty()
                                ? "the rules allow the action: every condition for it holds"
                                : fmt::format("the rules allow the action: {} does not forbid it here", claimed_rule));
}

// The skeleton of a concrete state, in the pinned board's order: its factions (with their kinds)
// and spaces.
Shape shape_of(const ms::State& state) {
  Shape shape;
  for (const auto& [id, f] : state.factions) shape.factions.emplace_back(id, f.kind);
  for (const auto& [id, space] : state.spaces) shape.spaces.push_back(id);
  return shape;
}

// Where `model` gives `other` values that `given` does not have: "key: value instead of value", the
// first `limit` of them.
std::vector<std::string> differences(const z3::model& model, const SymBoard& other, const SymBoard& given,
                                     std::size_t limit) {
  const auto a = components(other), b = components(given);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < a.size() && out.size() < limit; ++i) {
    const z3::expr value = model.eval(a[i].value, true);
    if (z3::eq(value.simplify(), b[i].value.simplify())) continue;
    out.push_back(fmt::format("{}: {} instead of {}", a[i].key, value.to_string(), b[i].value.to_string()));
  }
  return out;
}

}  // namespace

OutcomeCheck check_only_next_state(const ms::Rules& rules, const ms::State& before, const ms::Action& action,
                                   const ms::State& after, const Budget& budget) {
  if (auto why = unrepresentable(before)) return OutcomeCheck{Membership::not_encoded, {}, *why};
  if (auto why = unrepresentable(after)) return OutcomeCheck{Membership::not_encoded, {}, *why};
  if (!same_shape(before, after)) return OutcomeCheck{Membership::not_encoded, {}, "the next state has another shape"};
  z3::context& ctx = check_context();
  const SymBoard b = pinned_board(ctx, before);
  const SymBoard given = pinned_board(ctx, after);
  const SymBoard other = free_board(ctx, shape_of(after), "other");
  const auto encoded = encode_action(b, action, other, rules);
  if (!encoded) return OutcomeCheck{Membership::not_encoded, {}, "the solver does not encode this action yet"};
  z3::solver solver = bounded_solver(ctx, budget);
  for (const Named& n : encoded->legal) solver.add(n.formula);
  for (const Named& n : encoded->effect) solver.add(n.formula);
  for (const Named& n : well_formed(other, rules.numbers)) solver.add(n.formula);  // a state of the format
  solver.add(!same_state(other, given));
  const CheckResult result = checked(solver, budget);
  if (result.status == Sat::unknown) return over_budget(Broken{true, result.reason, {}});
  if (result.status == Sat::unsat) return OutcomeCheck{Membership::allowed, {}, "the rules allow no other next state"};
  const auto where = differences(*result.model, other, given, 4);
  return forbidden({}, fmt::format("the rules also allow another next state, where {}", fmt::join(where, "; ")));
}

OutcomeCheck check_action(const ms::Rules& rules, const ms::State& before, const ms::Action& action,
                          const std::optional<ms::State>& after, const std::string& claimed_rule,
                          const Budget& budget) {
  if (auto why = unrepresentable(before)) return OutcomeCheck{Membership::not_encoded, {}, *why};
  if (after) {
    if (auto why = unrepresentable(*after)) return OutcomeCheck{Membership::not_encoded, {}, *why};
    if (!same_shape(before, *after))
      return forbidden({}, "the claimed next state declares other factions or spaces than the state before");
  }
  z3::context& ctx = check_context();
  const SymBoard b = pinned_board(ctx, before);
  const SymBoard a = after ? pinned_board(ctx, *after) : b;
  const auto encoded = encode_action(b, action, a, rules);
  if (!encoded) return OutcomeCheck{Membership::not_encoded, {}, "the solver does not encode this action yet"};
  return after ? check_claimed_legal(ctx, *encoded, budget)
               : check_claimed_illegal(ctx, *encoded, claimed_rule, budget);
}

OutcomeCheck check_query(const ms::Rules& rules, const ms::State& state, const ms::Query& query,
                         const ms::QueryAnswer& claimed, const Budget& budget) {
  if (auto why = unrepresentable(state)) return OutcomeCheck{Membership::not_encoded, {}, *why};
  z3::context& ctx = check_context();
  const SymBoard b = pinned_board(ctx, state);
  const auto answer = encode_query(b, query, rules);
  if (!answer) return OutcomeCheck{Membership::not_encoded, {}, "the solver does not encode this query yet"};
  const Broken broken = broken_clauses(ctx, {}, {{answer->clause, answer_is(b, *answer, claimed)}}, budget);
  if (broken.unknown) return over_budget(broken);
  if (broken.clauses.empty()) return OutcomeCheck{Membership::allowed, {}, "the rules give this answer"};
  return forbidden(broken.clauses, "the rules give another answer: " + clause_list(broken.clauses));
}

namespace {

// Each theorem of the sections written as one relation on its own context, two at a time.
std::vector<MessinaProof> section_records(const std::vector<MessinaTheorem>& theorems, const ms::Rules& rules,
                                          const Budget& budget) {
  std::vector<std::function<std::vector<MessinaProof>()>> tasks;
  for (const MessinaTheorem& t : theorems)
    tasks.push_back([&t, &rules, &budget] { return theorem_records<ms::State, Step>({t}, rules, budget); });
  return run_in_order(tasks);
}

}  // namespace

std::vector<MessinaProof> prove(const ms::Rules& rules, const Budget& budget) {
  std::vector<MessinaProof> out = section_records(section_theorems(rules), rules, budget);
  for (auto& p : unbounded_proofs(rules, budget)) out.push_back(std::move(p));
  return out;
}

StrengthReport<ms::State, Step> prove_with_strength(const ms::Rules& rules, const Budget& budget) {
  const std::vector<MessinaTheorem> theorems = section_theorems(rules);
  const std::vector<RuleMutant<ms::Rules>> variants = rule_mutants(rules);
  // The theorems proved two at a time; then each theorem's mutants, one theorem after another, its
  // questions and rule mutants shared out between the threads (a context each); the sources merged.
  std::vector<MessinaProof> proved = section_records(theorems, rules, budget);
  StrengthReport<ms::State, Step> report;
  std::vector<std::vector<SourceStrength>> per_theorem;
  SharedMutants shared;
  for (std::size_t i = 0; i < theorems.size(); ++i) {
    std::vector<MessinaProof> one{std::move(proved[i])};
    per_theorem.push_back(
        section_strength<ms::State, Step>({theorems[i]}, rules, variants, one, budget, &shared, kSolverThreads));
    report.proofs.push_back(std::move(one.front()));
  }
  report.sources = merge_strength(per_theorem);
  std::vector<MessinaProof> rest = unbounded_proofs(rules, budget);
  unbounded_strength(rest, rules, budget);
  for (auto& p : rest) report.proofs.push_back(std::move(p));
  return report;
}

std::vector<MessinaProof> prove_bounded(const ms::Rules& rules, const Budget& budget) {
  // The sections' proofs share nothing: two threads, the records in the sections' order.
  std::vector<std::function<std::vector<MessinaProof>()>> sections;
  for (auto section : {&consumption_proofs, &muster_proofs, &friendly_proofs, &prove_reachable_kept})
    sections.push_back([section, &rules, &budget] { return section(rules, budget); });
  return run_in_order(sections);
}

std::vector<MessinaProof> prove_bounded_with_strength(const ms::Rules& rules, const Budget& budget) {
  std::vector<MessinaProof> proofs = prove_bounded(rules, budget);
  check_strength<ms::State, Step>(
      proofs, [&rules](const Budget& under) { return prove_bounded(rules, under); }, budget);
  return proofs;
}

std::vector<MessinaWitness> ambiguities(const ms::Rules& defaults, const Budget& budget, bool literal_search) {
  // The sections' witnesses, then (beside the declared points) the steps the text leaves undecided
  // or allows with no outcome: independent searches on two threads, the findings in this order.
  std::vector<std::function<std::vector<MessinaWitness>()>> searches;
  for (auto section : {&consumption_witnesses, &muster_witnesses, &friendly_witnesses, &cards_witnesses})
    searches.push_back([section, &defaults, &budget] { return section(defaults, budget); });
  const std::vector<Probe> probes = action_probes(defaults);
  for (const Probe& probe : probes)
    searches.push_back([&probe, &defaults, &budget] { return open_outcome_records({probe}, defaults, budget); });
  // The literal encoding's discovery search (literal.hpp): what the words alone leave open.
  if (literal_search) searches.push_back([&defaults, &budget] { return discover(defaults, budget); });
  if (literal_search) searches.push_back([&defaults, &budget] { return discover_queries(defaults, budget); });
  std::vector<MessinaWitness> all = run_in_order(searches);
  fold_refindings(all);
  // New findings (not yet a declared point) first: they are what the designer has not seen.
  auto new_finding = [](const MessinaWitness& w) { return w.is_new && is_finding_kind(w.kind); };
  std::stable_sort(all.begin(), all.end(),
                   [&](const MessinaWitness& x, const MessinaWitness& y) { return new_finding(x) && !new_finding(y); });
  return all;
}

}  // namespace rulecheck::solver::messina
