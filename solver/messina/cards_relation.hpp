// Inside solver/messina/ only (it includes Z3): the Location Card page's actions (rules text: the
// Location Card page) as one relation between the state before and after one faction's card action,
// written once over Spaces (spaces.hpp): the membership checks build it over the board asked about
// (cards.cpp), the theorems over any board (cards_theorems.cpp), and the stacking relation's transfers and
// end of an Exploration are this relation (stacking_relation.cpp). The page's queries (must-expose,
// tie-break, bombable, support-cut) are questions about one state, written here too (end of the file).
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
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "oracle/messina/actions.hpp"
#include "oracle/messina/model.hpp"
#include "solver/messina/factions.hpp"
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

// ---- The card queries: what the page says a card's facing and holder decide in one state (cards.cpp asks
// them over the board of a `must-expose`, `tie-break`, `bombable` or `support-cut` query). Each answer is
// tagged with the clause that decides it: the name of the constraint a membership check tracks.
struct CardAnswer {
  const char* clause;
  z3::expr value;
};

// The activity whose friendliness decides whether `situation` calls for the card face-up
// (messina.cards.expose.build: a Utility built, units mustered onto the map); none for the others.
std::optional<ms::Activity> exposure_purpose(ms::ExposureSituation situation);

// messina.cards.expose.*: whether the holder must turn its card face-up in `situation`.
// `friendly_without_card`: the space is friendly to the holder for exposure_purpose(situation) with the
// card left out (the Friendly Area page, friendly_relation.hpp); read only by the situations that have one.
CardAnswer must_expose(ms::ExposureSituation situation, const z3::expr& friendly_without_card);

// messina.cards.exposed.tie-break with interpretation messina.tie-break-ally: who wins a tie between
// `sides` at a location: the side holding its card (`holds`: whether a faction holds it, face-up or not);
// a holder that is no side helps nobody or, under military-ally, the one side it consents `military` to
// (`consents`, the Friendly Area page's). The winner as a faction index of one board; -1: nobody.
CardAnswer tie_winner(const Factions& factions, const std::vector<Who>& sides, const AtWho& holds,
                      const std::function<z3::expr(const Who& giver, const Who& receiver)>& military_consent,
                      const ms::Readings& readings);

// messina.cards.hidden.invisible: bombs and missiles reach the units on the card at `w` only face-up
// (`exposed`: a CardsState's facing).
CardAnswer bombable(const AtWhere& exposed, const Where& w);
// messina.cards.hidden.support: a hit, March or Support cuts the support of the card at `w` only face-up.
CardAnswer support_cut(const AtWhere& exposed, const Where& w);

}  // namespace rulecheck::solver::messina
