// Inside solver/messina/ only (it includes Z3): the Location Card page's actions (rules text: the
// Location Card page) as one relation between the state before and after one faction's card action,
// written once over Spaces (spaces.hpp): the membership checks build it over the board asked about
// (cards.cpp), the theorems over any board (cards_theorems.cpp).
//
// Every space has the Location Card named after it, so the cards range over the spaces: "every card"
// is "every space", and a count of cards (the hand, the discards) is a total over the spaces (over any
// board an integer with the facts of finite sums, spaces.hpp).
//
// What it reads and writes: the moment, the actor's Located tokens, and at each space whether the actor
// holds the card, whether nobody does, whether it is face-up, the units on it, and the actor's units on
// the map and Workers there. What the board around says at a space (the units the map limit reads
// there) is a CardsGround. The action is a CardsChoice: which cards it names, the units it moves from
// each card to its map space, and the cards it discards.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include <z3++.h>

#include "oracle/messina/model.hpp"
#include "solver/messina/spaces.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina {

namespace ms = rulecheck::messina;

using PerKind = std::function<z3::expr(const Where&, std::size_t kind)>;  // ms::kUnitKinds' order

// What a card action reads and writes of one state.
struct CardsState {
  z3::expr phase;    // the index of ms::Phase
  z3::expr located;  // the actor's Located tokens
  AtWhere holds;     // the actor holds the space's card
  AtWhere unheld;    // nobody holds it
  AtWhere exposed;   // it is face-up
  PerKind card;      // the units on it (its holder's)
  PerKind map;       // the actor's units on the map there
  AtWhere workers;   // the actor's Workers there (its own Utility and as a guest)
};

// What the board around says at each space, before the action.
struct CardsGround {
  AtWhere counted;  // the units the map limit reads there for the actor (messina.stacking-scope)
};

// The action: the cards it names (the card exposed or hidden, each card a transfer empties), the units
// of each kind it moves from each card to the map space of the same name, the cards it discards.
struct CardsChoice {
  AtWhere named;
  PerKind moved;
  AtWhere discarded;
};

enum class CardAction { expose, hide, transfer, end_exploration };

// The relation, its guard apart from its effect, both tagged clause by clause; the counts of cards the
// hand limit reads at the end of an Exploration (the actor's hand before, the cards discarded; 0 for the
// other actions), for the theorems' vacuity checks (never a claim).
struct CardsRelation {
  Constraints guard, effect;
  z3::expr hand, discards;
  Constraints all() const {
    Constraints out = guard;
    out.insert(out.end(), effect.begin(), effect.end());
    return out;
  }
};

CardsRelation cards_relation(Spaces& spaces, CardAction what, const CardsState& before, const CardsGround& ground,
                             const CardsChoice& choice, const CardsState& after, const ms::Rules& rules);

// The cards the actor holds in `state`, as a total over the spaces named `name`.
z3::expr cards_held(Spaces& spaces, const CardsState& state, const std::string& name);

}  // namespace rulecheck::solver::messina
