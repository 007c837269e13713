// The states play can reach (rules/messina/invariants.json), written again over the encoding's
// board from the invariants' own words (not from oracle/messina/reachable.cpp), and the one-step
// proofs that every legal action of the scope keeps them: a board that keeps every invariant, a
// legal action, and the board after it breaking one is unsat.
//
// Bounded: the scope below names the boards and the actions. A faction's kind is part of a board's
// shape here, which no action can change; the one-ai-faction record says so instead of claiming a
// solver question it does not ask.
#include "solver/messina/reachable.hpp"

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/misreading.hpp"

namespace rulecheck::solver::messina {

namespace {

using ms::Piece;

struct ReachableInvariant {
  std::string id;
  std::vector<std::string> clauses;
  // The invariant on a board of the encoding.
  std::function<z3::expr(const SymBoard&, const ms::Rules&)> holds;
  // Non-null: kept by the encoding's structure (no action writes what it reads), why; not a proof (it
  // would hold whatever the rules said: hollow), so not asked of the solver nor reported as proved.
  const char* by_construction = nullptr;
};

z3::expr is_phase(const SymBoard& b, ms::Phase p) { return b.phase == b.ctx().int_val(static_cast<int>(p)); }

// messina.reachable.alternating-phase: at the Muster Phase the round has the Muster parity, at the
// Consumption Phase the Consumption parity.
z3::expr alternating_phase(const SymBoard& b, const ms::Rules& rules) {
  const auto& n = rules.numbers;
  return implies(is_phase(b, ms::Phase::muster), z3::mod(b.round, 2) == n.round_parity_muster) &&
         implies(is_phase(b, ms::Phase::consumption), z3::mod(b.round, 2) == n.round_parity_consumption);
}

// messina.reachable.one-ai-faction: at most one faction is the AI (kinds are the shape's).
z3::expr one_ai_faction(const SymBoard& b, const ms::Rules&) {
  int ai = 0;
  for (const SymFaction& f : b.factions) ai += f.kind == ms::FactionKind::ai ? 1 : 0;
  return b.ctx().bool_val(ai <= 1);
}

// messina.reachable.two-home-spaces: each faction has at most two Home Spaces.
z3::expr two_home_spaces(const SymBoard& b, const ms::Rules&) {
  return for_every_faction(b, [&](int f) {
    std::vector<z3::expr> homes;
    for (const z3::expr& h : b.factions[f].home) homes.push_back(z3::ite(h, b.ctx().int_val(1), b.ctx().int_val(0)));
    return sum(b.ctx(), homes) <= 2;
  });
}

// messina.reachable.own-home-spaces: no space is a Home Space of two factions (each faction's Home
// Spaces are its own: messina.convention.own-home-spaces, the pages never say how the map is set up).
z3::expr own_home_spaces(const SymBoard& b, const ms::Rules&) {
  return for_every_space(b, [&](int s) {
    std::vector<z3::expr> homes;
    for (const SymFaction& f : b.factions)
      homes.push_back(z3::ite(f.home[static_cast<std::size_t>(s)], b.ctx().int_val(1), b.ctx().int_val(0)));
    return sum(b.ctx(), homes) <= 1;
  });
}

// messina.reachable.one-shield-per-space: under the one-per-space reading of
// messina.shield-per-space, at most one faction has a Shield (a level above 0) in each space.
z3::expr one_shield_per_space(const SymBoard& b, const ms::Rules& rules) {
  if (rules.readings.shield_per_space != ms::Readings::ShieldPerSpace::one_per_space) return b.ctx().bool_val(true);
  return for_every_space(b, [&](int s) {
    std::vector<z3::expr> shields;
    for (const z3::expr& level : b.spaces[s].shield)
      shields.push_back(z3::ite(level > 0, b.ctx().int_val(1), b.ctx().int_val(0)));
    return sum(b.ctx(), shields) <= 1;
  });
}

// messina.reachable.workers-in-own-utilities: under the own reading of messina.worker-utility no
// Utility holds another faction's Workers.
z3::expr workers_in_own_utilities(const SymBoard& b, const ms::Rules& rules) {
  if (rules.readings.worker_utility != ms::Readings::WorkerUtility::own) return b.ctx().bool_val(true);
  return for_every_space(b, [&](int s) {
    z3::expr_vector none(b.ctx());
    for (const auto& per_owner : b.spaces[s].guests)
      for (const z3::expr& n : per_owner) none.push_back(n == 0);
    return z3::mk_and(none);
  });
}

const std::vector<ReachableInvariant>& reachable_invariants() {
  static const std::vector<ReachableInvariant> all = {
      {"messina.reachable.alternating-phase",
       {"messina.muster.when", "messina.consumption.when"},
       &alternating_phase,
       "no action of the encoding changes the round or the phase"},
      {"messina.reachable.one-ai-faction",
       {"messina.population.backing", "messina.muster.equip", "messina.muster.equip.ai"},
       &one_ai_faction,
       "a faction's kind is part of the board's shape, which no action of the encoding changes"},
      {"messina.reachable.two-home-spaces",
       {"messina.friendly.area"},
       &two_home_spaces,
       "no action of the encoding changes a faction's Home Spaces"},
      {"messina.reachable.own-home-spaces",
       {"messina.friendly.area", "messina.population.home-defence"},
       &own_home_spaces,
       "no action of the encoding changes a faction's Home Spaces"},
      {"messina.reachable.one-shield-per-space",
       {"messina.muster.shield.build-upgrade", "messina.muster.shield.rearm"},
       &one_shield_per_space},
      {"messina.reachable.workers-in-own-utilities",
       {"messina.population.placement.workers", "messina.population.interconversion"},
       &workers_in_own_utilities},
  };
  return all;
}

// ---- the scope ----

ms::Where at(const char* s) { return ms::Where{s, false}; }

ms::UnitCounts units_of(Piece p, int n) {
  ms::UnitCounts u;
  u[p] = n;
  return u;
}

// Every kind of action the encoding has, each aimed at what could break an invariant: Shields
// built and upgraded by Muster and Re-arm (by either faction, where another may stand), Workers
// placed and converted into the faction's own Utility and into another's, Consumption with every
// step-3 choice, placements at each moment, releases, card actions.
std::vector<std::pair<std::string, ms::Action>> scope_actions() {
  using K = ms::ShieldOpKind;
  using T = ms::PlacementTime;
  const ms::TokenSource spare = ms::TokenSource::spare;
  return {
      {"Blue's Consumption", ms::Consume{"Blue", {}}},
      {"Red places a Worker in its Utility at A (Industry)",
       ms::Place{"Red", T::industry, {{{at("A"), Piece::worker, 1}, spare, std::nullopt}}}},
      {"Red places a Worker in Blue's Utility at A (Industry)",
       ms::Place{"Red", T::industry, {{{at("A"), Piece::worker, 1}, spare, "Blue"}}}},
      {"Red places 2 Civilians at A from its Disaffected in home defence",
       ms::Place{"Red", T::home_defence, {{{at("A"), Piece::civilian, 2}, ms::TokenSource::disaffected, std::nullopt}}}},
      {"Red places a Civilian at A before orders",
       ms::Place{"Red", T::before_orders, {{{at("A"), Piece::civilian, 1}, spare, std::nullopt}}}},
      {"Red places a Civilian at A in home defence",
       ms::Place{"Red", T::home_defence, {{{at("A"), Piece::civilian, 1}, spare, std::nullopt}}}},
      {"Red converts a Civilian at A to a Worker in its Utility",
       ms::Convert{"Red", "A", Piece::civilian, Piece::worker, 1, std::nullopt}},
      {"Red converts a Civilian at A to a Worker in Blue's Utility",
       ms::Convert{"Red", "A", Piece::civilian, Piece::worker, 1, "Blue"}},
      {"Red converts an Infantry at A to a Worker", ms::Convert{"Red", "A", Piece::infantry, Piece::worker, 1, std::nullopt}},
      {"Red converts a Worker at A to a Civilian", ms::Convert{"Red", "A", Piece::worker, Piece::civilian, 1, std::nullopt}},
      {"Red releases a Worker at A", ms::Release{"Red", {at("A"), Piece::worker, 1}}},
      {"Red builds an Infantry and a Shield at A", ms::Muster{"Red", {{at("A"), Piece::infantry, 1}}, {}, {{at("A"), K::build}}, {}}},
      {"Red upgrades its Shield at A and disbands a Worker at B",
       ms::Muster{"Red", {}, {}, {{at("A"), K::upgrade}}, {{at("B"), Piece::worker, 1}}}},
      {"Blue (the AI) builds a Civilian and a Shield at B",
       ms::Muster{"Blue", {{at("B"), Piece::civilian, 1}}, {}, {{at("B"), K::build}}, {}}},
      {"Red re-arms a Shield at A", ms::Rearm{"Red", {{at("A"), K::build}}}},
      {"Red re-arms by upgrading its Shield at B", ms::Rearm{"Red", {{at("B"), K::upgrade}}}},
      {"Blue re-arms a Shield at C", ms::Rearm{"Blue", {{at("C"), K::build}}}},
      {"Red exposes card A", ms::Expose{"Red", "A"}},
      {"Red hides card A", ms::Hide{"Red", "A"}},
      {"Red moves an Infantry from card A to the map", ms::Transfer{"Red", "A", units_of(Piece::infantry, 1)}},
      {"Red ends its Exploration moving a Civilian from card A to the map",
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", units_of(Piece::civilian, 1)}}, {}}},
  };
}

struct ScopeStep {
  std::string name;
  ProofStep step;
};

std::vector<ScopeStep> scope_steps(const ms::Rules& rules) {
  std::vector<ScopeStep> out{{"Red's Consumption with every step-3 choice", every_consumption(rules)}};
  for (auto& [name, action] : scope_actions()) out.push_back({name, fixed_action(std::move(action), rules)});
  return out;
}

// The two shapes: Blue the AI (the AI's Muster and Consumption) and Blue human (a human's Utility
// for Red's Workers to enter).
std::vector<std::pair<std::string, Shape>> scope_shapes() {
  return {{"Blue the AI", small_shape(3, true, ms::FactionKind::ai)},
          {"Blue human", small_shape(3, true, ms::FactionKind::human)}};
}

constexpr const char* kScope =
    "boards of 3 spaces A, B, C with any adjacency, homes, consents and counts, Red human and Blue either "
    "human or the AI; each action of the list in docs/solver.md \"States play can reach\" (Shield builds and "
    "upgrades by Muster and Re-arm, Worker placements and conversions into either faction's Utility, Red's "
    "Consumption with every step-3 choice, Blue's Consumption, placements at each moment, a release, card actions "
    "and transfers; no discard: the hand limit needs more cards than the scope's 3)";

// A board that keeps every invariant (of those asked), well formed, and a legal step from it.
void add_reachable_step(z3::solver& s, const SearchBoards& boards, const ms::Rules& rules, const Budget& budget) {
  for (const auto& c : well_formed(boards.before, rules.numbers)) s.add(c.formula);
  for (const auto& c : boards.step.choices) s.add(c.formula);
  add_step(s, boards.encoded.front(), budget);
  if (budget.misreading && budget.misreading->part == Misreading::Part::effect)
    for (const auto& c : readable(boards.outcomes.front())) s.add(c.formula);
  for (const auto& inv : reachable_invariants()) s.add(inv.holds(boards.before, rules));
}

void refute(MessinaProof& p, const z3::model& m, const SearchBoards& boards, const std::string& step,
            const std::string& shape) {
  p.status = ProofStatus::refuted;
  p.detail = fmt::format("a legal step breaks it: {} ({})", step, shape);
  p.counterexample = Example<ms::State, Step>{read_board(m, boards.before), boards.step.step_in(m)};
  p.counterexample_next = read_board(m, boards.outcomes.front());
}

// Why a check ended unknown, as a proof's detail.
std::string unknown_detail(const std::string& reason, const std::string& step, const std::string& shape) {
  return is_interrupted(reason) ? reason : fmt::format("solver budget exceeded on {} ({}): {}", step, shape, reason);
}

// The records of the invariants kept by construction are dropped: they are not proofs.
// (`proofs` holds one record per invariant, in the invariants' order.)
std::vector<MessinaProof> without_by_construction(std::vector<MessinaProof> proofs) {
  std::vector<MessinaProof> out;
  for (std::size_t k = 0; k < proofs.size(); ++k)
    if (!reachable_invariants()[k].by_construction) out.push_back(std::move(proofs[k]));
  return out;
}

}  // namespace

z3::expr reachable_board(const SymBoard& board, const ms::Rules& rules) {
  z3::expr all = board.ctx().bool_val(true);
  for (const auto& inv : reachable_invariants()) all = all && inv.holds(board, rules);
  return all;
}

std::vector<std::string> reachable_invariant_ids() {
  std::vector<std::string> out;
  for (const auto& i : reachable_invariants()) out.push_back(i.id);
  return out;
}

std::vector<MessinaProof> prove_reachable_kept(const ms::Rules& rules, const Budget& budget) {
  const auto& invariants = reachable_invariants();
  std::vector<MessinaProof> proofs;
  for (const auto& inv : invariants) {
    proofs.push_back(
        proof_of<ms::State, Step>(inv.id, "every legal action keeps it", inv.clauses, ProofScope{false, kScope}));
  }
  // Under `prove --strength` only the proof the misreading is asked of runs; none of those kept by
  // construction.
  for (std::size_t k = 0; k < proofs.size(); ++k)
    if (!set_aside_unless_asked(proofs[k], budget.misreading) && invariants[k].by_construction)
      proofs[k].status = ProofStatus::unknown;  // not asked either: dropped below
  if (!any_standing(proofs))
    return without_by_construction(std::move(proofs));
  std::vector<std::string> never_legal;
  int legal_somewhere = 0;
  for (const auto& [shape_name, shape] : scope_shapes())
    for (const ScopeStep& scope : scope_steps(rules)) {
      if (cancel_requested()) {  // stopped: nothing more is built
        leave_standing(proofs, ProofStatus::interrupted, kInterrupted);
        return without_by_construction(std::move(proofs));
      }
      z3::context ctx;
      const auto boards = search_boards(ctx, shape, scope.step, 1);
      if (!boards) {
        leave_standing(proofs, ProofStatus::unknown, "the encoding has no effect for: " + scope.name);
        return without_by_construction(std::move(proofs));
      }
      z3::solver any = one_shot_solver(ctx, budget);
      add_reachable_step(any, *boards, rules, budget);
      const CheckResult exists = checked(any);  // is the step legal from some board play can reach?
      if (exists.status == Sat::unknown) {
        leave_standing(proofs, solver::undecided(exists.reason), unknown_detail(exists.reason, scope.name, shape_name));
        return without_by_construction(std::move(proofs));
      }
      if (exists.status == Sat::unsat) {
        never_legal.push_back(fmt::format("{} ({})", scope.name, shape_name));
        continue;
      }
      ++legal_somewhere;
      for (std::size_t k = 0; k < invariants.size(); ++k) {
        MessinaProof& p = proofs[k];
        if (p.status != ProofStatus::proved) continue;
        z3::solver s = one_shot_solver(ctx, budget);
        add_reachable_step(s, *boards, rules, budget);
        s.add(!invariants[k].holds(boards->outcomes.front(), rules));
        const CheckResult r = checked(s);
        if (r.status == Sat::unknown) {
          p.status = solver::undecided(r.reason);
          p.detail = unknown_detail(r.reason, scope.name, shape_name);
        } else if (r.status == Sat::sat) {
          refute(p, *r.model, *boards, scope.name, shape_name);
        }
      }
    }
  if (legal_somewhere == 0) {
    leave_standing(proofs, ProofStatus::unknown, "vacuous: no action of the scope is legal from a board play can reach");
    return without_by_construction(std::move(proofs));
  }
  for (auto& p : proofs)
    if (p.status == ProofStatus::proved)
      p.vacuity = never_legal.empty()
                     ? fmt::format("{} actions legal from some board of the scope", legal_somewhere)
                     : fmt::format("{} actions legal from some board of the scope; never legal from one that keeps "
                                   "the invariants: {}",
                                   legal_somewhere, fmt::join(never_legal, "; "));
  return without_by_construction(std::move(proofs));
}

std::vector<std::pair<std::string, std::string>> reachable_by_construction() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& inv : reachable_invariants())
    if (inv.by_construction) out.emplace_back(inv.id, inv.by_construction);
  return out;
}

}  // namespace rulecheck::solver::messina
