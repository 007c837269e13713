// Inside solver/messina/ only (it includes Z3): the Friendly Area page (friendly and hostile spaces,
// the Friendly Area, consent) as one relation of tagged constraints over boards of any size
// (friendly_relation.cpp), asked by friendly_theorems.cpp.
//
// Spaces and factions are uninterpreted sorts. The state's fields (docs/formats.md) are functions over
// them: each faction's units (Workers apart) and Workers per space, its Utilities and Shields, the
// Location Card of each space it holds and whether that card is exposed, the consents between factions
// for each activity, its Home Spaces and the adjacency. What the relation gives, beside them:
//   - the answers of the `friendly-area` query for each purpose (`area_*`) and of the `hostile` query
//     (`hostile`) for the faction `f` asked about;
//   - the units `f` has after a Muster or a placing of Civilians (`units_after`), every space it adds
//     units to in its Friendly Area for that activity.
// Its own auxiliary symbols (which spaces are friendly for each purpose, whose presence counts, the
// friendly component and its ranks) are never read by a claim.
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

#include "solver/messina/solver.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina {

// The activities the page's consent is specific to, as far as this relation needs them.
enum class Purpose { muster, civilians, military };
inline constexpr Purpose kPurposes[] = {Purpose::muster, Purpose::civilians, Purpose::military};
const char* purpose_name(Purpose p);

// The action of a question: a Muster adding units, or Civilians placed before orders or a Bonus
// Military Action (messina.population.placement.friendly-area), each in the Friendly Area of its
// activity (Civilians: consent per messina.civilian-consent).
enum class Placing { muster, civilians };

struct FriendlyBoard {
  z3::context& c;
  z3::sort space, faction;
  // The state before (docs/formats.md's fields).
  z3::func_decl units, workers;                   // (faction, space) -> Int: units not Workers, Workers
  z3::func_decl utility, shield, holds, exposed;  // (faction, space) -> Bool; exposed: space -> Bool
  z3::func_decl consents_muster, consents_civilians, consents_military;  // (giver, receiver) -> Bool
  z3::func_decl adj, home;                                               // (space, space), (faction, space) -> Bool
  // The state after a placing, and the query answers.
  z3::func_decl units_after;
  z3::func_decl area_muster, area_civilians, area_military, hostile;  // space -> Bool, for `f`
  // The relation's own symbols.
  z3::func_decl friendly_muster, friendly_civilians, friendly_military, counts_muster, counts_civilians,
      counts_military, component_muster, component_civilians, component_military, rank_muster, rank_civilians,
      rank_military;
  z3::expr f;  // the faction asked about (the placer)

  explicit FriendlyBoard(z3::context& ctx);

  z3::func_decl consents(Purpose p) const;
  z3::func_decl area(Purpose p) const;
  z3::func_decl friendly(Purpose p) const;
  z3::func_decl counts(Purpose p) const;
  z3::func_decl component(Purpose p) const;
  z3::func_decl rank(Purpose p) const;

  // What a faction has in a space (messina.friendly.space's list): units, Workers, a Utility, a
  // Shield, or the space's card.
  z3::expr presence(const z3::expr& g, const z3::expr& s) const;
  // State-format facts: counts not negative, adjacency symmetric.
  z3::expr well_formed() const;
};

// The consent that lets an ally's presence count for the placing `k` (messina.civilian-consent).
Purpose purpose_of(Placing k, const ms::Readings& r);

// The page as one relation, under readings `r` (messina.hostile-workers, messina.card-hostility,
// messina.home-space-anchor, messina.friendly-area-extent, messina.civilian-consent), with the
// placing `k`'s effect on units_after. Each constraint tagged with its clause. Hostility is always
// there; the friendly spaces and the Friendly Area of each purpose in `purposes` (a question asks
// those it reads: the others' constraints are the same, over symbols of their own, and only slow the
// search for a model). The placing `k` needs its own purpose among them.
Constraints friendly_relation(const FriendlyBoard& b, const ms::Readings& r, Placing k,
                              const std::vector<Purpose>& purposes);

}  // namespace rulecheck::solver::messina
