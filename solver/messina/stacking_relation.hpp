// Inside solver/messina/ only (it includes Z3): stacking as one relation over boards of any size
// (stacking_relation.cpp), for the theorems of stacking_theorems.cpp.
//
// Spaces and factions are uninterpreted sorts. A state is what the state format says of stacking
// (docs/formats.md): each faction's units of each kind on each map space, its Workers in the
// Utilities of each space (its own and as a guest), and for each space's Location Card whether it is
// held, by whom, face-up or not, and the holder's units of each kind on it. Two totals over the
// factions, per space, are the state's too: every faction's units on the map there, and every
// faction's Workers there; the only facts used of them are those of finite sums (a total changes by
// the change of its one term that changes; Spaces::sum_facts, solver/messina/spaces.hpp, does the same over
// spaces).
//
// The relation is every action that adds units to a space or a card, each with its parameters as
// functions over spaces (any number of builds, placements or transfers, anywhere), by one faction
// (the actor); a Boolean per action kind says which action it is (a question fixes one), and every
// constraint of a kind is guarded by it. Each constraint is tagged with the clause it encodes.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/messina/board.hpp"
#include "solver/messina/solver.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina::stacking {

// The action kinds that add units to a space, a card or a Utility.
enum class ActionKind {
  muster,             // builds onto the map and held cards, with disbands and equips
  civilians,          // Civilians placed before orders or a Bonus Military Action (map or held card)
  home_defence,       // Civilians placed at the attacked Home Space
  workers_placed,     // Workers placed into Utilities during Industry
  interconversion,    // Civilian <-> Worker, Infantry -> Worker during Industry (Workers leaving a Utility)
  transfer,           // units moved from face-up cards to their map spaces
  end_exploration,    // transfers and discards at the end of an Exploration
};
inline constexpr std::array<ActionKind, 7> kActionKinds = {
    ActionKind::muster,          ActionKind::civilians, ActionKind::home_defence, ActionKind::workers_placed,
    ActionKind::interconversion, ActionKind::transfer,  ActionKind::end_exploration};
const char* action_words(ActionKind k);

// One state of the board, as stacking reads it.
struct StackState {
  std::vector<z3::func_decl> map;   // per unit kind: (faction, space) -> units on the map
  z3::func_decl workers;            // (faction, space) -> Workers in Utilities there
  std::vector<z3::func_decl> card;  // per unit kind: space -> the holder's units on that space's card
  z3::func_decl held, holder, exposed;
  z3::func_decl board_units, board_workers;  // space -> totals over every faction

  StackState(z3::context& c, const z3::sort& space, const z3::sort& faction, const std::string& suffix);
  // A faction's military units on the map at a space (Workers in Utilities are not among them).
  z3::expr units(const z3::expr& g, const z3::expr& s) const;
  // The units on a space's card.
  z3::expr card_units(const z3::expr& s) const;
};

// The board before and after one action, the actor and the action's parameters.
struct StackVars {
  z3::context& c;
  z3::sort space, faction;
  StackState before, after;
  z3::expr actor, battle;  // battle: the attacked Home Space (home defence)
  std::vector<z3::expr> is;  // per ActionKind: this action is of that kind
  // Muster: builds and disbands per unit kind on the map and on cards, Worker disbands, equips.
  std::vector<z3::func_decl> built_map, built_card, disbanded_map, disbanded_card;
  z3::func_decl disbanded_workers, equipped_map, equipped_card;
  // Civilians placed on the map and onto cards; Workers placed; interconversion per space.
  z3::func_decl placed_map, placed_card, workers_placed, to_worker, from_worker, infantry_to_worker;
  // Transfers per unit kind from a card to its map space; cards discarded.
  std::vector<z3::func_decl> transferred;
  z3::func_decl discarded;
  z3::func_decl counted;  // the units the stacking limit reads at a space, for the actor (the relation's)
  z3::expr s, g;          // bound variables

  explicit StackVars(z3::context& ctx);
  z3::expr kind(ActionKind k) const { return is[static_cast<std::size_t>(k)]; }
  // Exactly `k` is the action's kind.
  z3::expr only(ActionKind k) const;
  // The domains of the action's parameters (none negative), the state before well-formed (counts not
  // negative, a card's units only on a held card and within its limit, as the validator requires),
  // and the facts of finite sums of the two totals.
  z3::expr premises(ActionKind k, int card_limit) const;
  // Totals: the units (Workers) of every faction at a space change by the change of the actor's there
  // when no other faction's change.
  z3::expr sum_facts() const;
};

// The relation, clause by clause, under `rules` (its numbers and readings).
Constraints stacking_relation(const StackVars& v, const ms::Rules& rules);

}  // namespace rulecheck::solver::messina::stacking
