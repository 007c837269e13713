// Inside solver/messina/ only (it includes Z3): the Friendly Area page (friendly and hostile spaces,
// the Friendly Area, consent) as one relation of tagged constraints (friendly_relation.cpp), written
// once over spaces and factions that are either one board's or any board's (spaces.hpp, factions.hpp):
//   - over one board (friendly_board.cpp: the `friendly-area` and `hostile` queries, the placements'
//     and Muster's Friendly Area) every space and faction is a known index: "some faction" is a
//     disjunction, each quantity the page defines is its expression (no symbol, no quantifier), and the
//     least Friendly Area is the reach from the Home Spaces unrolled as many times as there are spaces;
//   - over any board (friendly_theorems.cpp, asked by `prove`) spaces and factions are uninterpreted
//     sorts, each quantity the page defines a symbol with its defining constraints tagged by their
//     clauses, and the area least through ranks.
//
// The state's fields (docs/formats.md) the page reads are `PageFields`: each faction's units (Workers
// apart) and Workers per space, its Utilities and Shields, the Location Card of each space it holds and
// whether that card is exposed, the consents between factions for each activity, its Home Spaces and
// the adjacency. What the relation gives: the answers of the `friendly-area` query for each purpose
// asked and of the `hostile` query, for the faction `f` asked about. Over any board its own auxiliary
// symbols (which spaces are friendly for each purpose, whose presence counts, the friendly component
// and its ranks) are never read by a claim.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <z3++.h>

#include "solver/messina/factions.hpp"
#include "solver/messina/solver.hpp"
#include "solver/messina/spaces.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina {

// The activities the page's consent is specific to (ms::Activity: muster, build, workers, civilians,
// military).
using Purpose = ms::Activity;
const char* purpose_name(Purpose p);

// The action of a question: a Muster adding units, or Civilians placed before orders or a Bonus
// Military Action (messina.population.placement.friendly-area), each in the Friendly Area of its
// activity (Civilians: consent per messina.civilian-consent).
enum class Placing { muster, civilians };
// The consent that lets an ally's presence count for the placing `k` (messina.civilian-consent).
Purpose purpose_of(Placing k, const ms::Readings& r);

// The spaces and factions the page ranges over: one board's (`space_count` of them, factions of a
// finite Factions) or any board's (both open).
struct PageSorts {
  Spaces spaces;
  int space_count = -1;  // -1: open
  Factions factions;

  z3::context& ctx() const { return spaces.ctx(); }
  z3::expr every_space(const std::string& name, const AtWhere& at) const {
    return messina::every_space(spaces, space_count, name, at);
  }
  z3::expr some_space(const std::string& name, const AtWhere& at) const {
    return messina::some_space(spaces, space_count, name, at);
  }
};

// The state's fields the page reads, as expressions of a space and a faction.
struct PageFields {
  std::function<z3::expr(const Who&, const Where&)> units;    // Int: units other than Workers, on the map
  std::function<z3::expr(const Who&, const Where&)> workers;  // Int: in its own Utility and as a guest
  std::function<z3::expr(const Who&, const Where&)> utility, shield, holds;  // Bool: holds = the space's card
  std::function<z3::expr(const Where&)> exposed;                              // Bool: the space's card face up
  std::function<z3::expr(Purpose, const Who& giver, const Who& receiver)> consents;  // Bool
  std::function<z3::expr(const Where& from, const Where& to)> adjacent;              // Bool
  std::function<z3::expr(const Who&, const Where&)> home;                            // Bool
  Who f;  // the faction asked about (the placer)

  // What a faction has in a space (messina.friendly.space's list): units, Workers, a Utility, a
  // Shield, or the space's card.
  z3::expr presence(const Who& g, const Where& s) const;
};

// What the page gives about `f`: which spaces are hostile to it, and its Friendly Area for each
// purpose the relation was built for.
struct FriendlyPage {
  AtWhere hostile;
  std::vector<std::pair<Purpose, AtWhere>> areas;
  const AtWhere& area(Purpose p) const;
};

// What makes `s` hostile to `f` through `g` (messina.friendly.hostile with messina.hostile-workers and
// messina.card-hostility): `g` opposes the faction (no military consent) and has units there, or (a
// reading) Workers; or holds the space's card (a reading: exposed).
struct Opposition {
  z3::expr units;  // units, or Workers under units-include-workers
  z3::expr card;
};
Opposition opposition(const PageSorts& d, const PageFields& x, const Who& g, const Where& s, const ms::Readings& r);

// The page as one relation, under readings `r` (messina.hostile-workers, messina.card-hostility,
// messina.home-space-anchor, messina.friendly-area-extent), its constraints (over any board; over one
// board none: every quantity is its expression) added to `out`, each tagged with its clause. Hostility
// is always there; the Friendly Area of each purpose in `purposes` (a question asks those it reads:
// over any board the others' constraints are the same over symbols of their own, and only slow the
// search for a model).
FriendlyPage friendly_page(const PageSorts& d, const PageFields& x, const ms::Readings& r,
                           const std::vector<Purpose>& purposes, Constraints& out);

// Which spaces are friendly to `x.f` for `p` (messina.friendly.space, .mixed, .empty, .consent), given
// which are hostile to it (a FriendlyPage's `hostile`); its constraints (over any board) added to `out`.
// The Location Card queries read it with the card left out (cards.cpp).
AtWhere friendly_spaces(const PageSorts& d, const PageFields& x, Purpose p, const AtWhere& hostile, Constraints& out);

// messina.muster.friendly-area / messina.population.placement.friendly-area: the placing `k` adds
// units (`adds` at a space) only in the Friendly Area `area` of its activity.
Named placing_in_area(const PageSorts& d, Placing k, const AtWhere& adds, const AtWhere& area);

// ---- any board: the symbols the theorems' claims read

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
  // The relation's own symbols, for the tests that read a misreading into them.
  z3::func_decl friendly_muster, counts_muster;
  z3::expr f;  // the faction asked about (the placer)

  explicit FriendlyBoard(z3::context& ctx);

  z3::func_decl consents(Purpose p) const;
  z3::func_decl area(Purpose p) const;
  z3::func_decl component(Purpose p) const;
  z3::func_decl rank(Purpose p) const;

  z3::expr presence(const z3::expr& g, const z3::expr& s) const;
  // State-format facts: counts not negative, adjacency symmetric.
  z3::expr well_formed() const;

  PageSorts sorts() const;
  PageFields fields() const;
};

// The relation over any board, with the placing `k`'s effect on units_after (placing_in_area). The
// placing `k` needs its own purpose among `purposes`.
Constraints friendly_relation(const FriendlyBoard& b, const ms::Readings& r, Placing k,
                              const std::vector<Purpose>& purposes);

}  // namespace rulecheck::solver::messina
