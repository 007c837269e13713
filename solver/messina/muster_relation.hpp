// Inside solver/messina/ only (it includes Z3): the Muster Phase and the Re-arm Shield op (rules text:
// the Muster page, and the Location Card page's parts on mustering onto cards) as one relation between
// the state before and after one faction's Muster or Re-arm, written once over Spaces (spaces.hpp):
// the membership checks build it over the board asked about (muster.cpp), the theorems over any board
// (stacking_relation.cpp's Muster, muster_theorems.cpp).
//
// What it reads and writes: the moment, the builder's Energy and Population Mat (Spare, Located,
// Disaffected), its pieces at each space (Army: units on the map and on the card it holds there,
// Workers) and its Shield level at each space. What the board around says at a space (Friendly Area,
// high-tech sites, the stacking count, the card's units, Shields standing) is a Ground: over one board
// computed from it, over any board uninterpreted. The action is a MusterChoice: its counts per space.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <string>

#include <z3++.h>

#include "oracle/messina/model.hpp"
#include "solver/messina/board.hpp"
#include "solver/messina/consumption_relation.hpp"
#include "solver/messina/spaces.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina {

// The moment and the builder's supplies a Muster or Re-arm reads and writes.
struct Purse {
  z3::expr round, phase;  // phase: the index of ms::Phase
  z3::expr energy, spare, located, disaffected;
};

// What the board says at each space that the builder's action is judged by (the board before it:
// messina.convention.muster-judged-on-start).
struct Ground {
  AtWhere friendly;         // in the builder's Friendly Area for mustering (messina.muster.friendly-area)
  AtWhere shield_friendly;  // in it for a Shield (interpretation messina.shield-consent)
  AtWhere high_tech;        // a site for a high-tech build (messina.muster.high-tech)
  AtWhere holds;            // the builder holds the space's Location Card
  AtWhere counted;          // the units the map limit reads there (messina.stacking-scope)
  AtWhere card_units;       // every unit on the space's Location Card
  AtWhere shield_blocks;    // a Shield standing there rules out a new one (messina.shield-per-space)
  AtWhere own_shield;       // the builder's Shield level there (0: none)
};

// The action's counts at each space: units built on the map and onto the card, disbanded from each,
// Civilians equipped on each, Workers disbanded, Shields built and upgraded; and what names no legal
// part of a Muster (Workers built, Workers disbanded from a card, Shield ops on a card), counted so
// the guard refuses it.
struct MusterChoice {
  std::function<z3::expr(const Where&, std::size_t kind)> built_map, built_card, disbanded_map, disbanded_card;
  AtWhere built_workers, disbanded_workers, disbanded_card_workers;
  AtWhere equipped_map, equipped_card;
  AtWhere shield_builds, shield_upgrades, card_shield_ops;
};

enum class MusterKind { muster, rearm };

// The relation, its guard apart from its effect, both tagged clause by clause; and the action's totals
// (Energy paid, tokens the builds take and the disbands free), for vacuity checks (never a claim).
struct MusterRelation {
  Constraints guard, effect;
  z3::expr cost, built_tokens, disbanded_tokens;
  Constraints all() const {
    Constraints out = guard;
    out.insert(out.end(), effect.begin(), effect.end());
    return out;
  }
};

// One Muster (or Re-arm) by a faction of `kind`: `before`/`army`/`ground` the state before, `choice`
// the action, `after`/`army_after`/`shield_after` the state after. `prefix` names the totals over any
// board.
struct MusterState {
  Purse purse;
  Army army;
  AtWhere shield;  // the builder's Shield level at each space
};
// `sources_apart` (the discovery search's build, discovery.hpp): each constraint a point's reading or a
// convention makes is tagged with that source's id, apart from the clause's; otherwise (the membership
// checks, the theorems) such a constraint is tagged with the clause whose sentence it settles and the
// formulas are those asked before the discovery.
MusterRelation muster_relation(Spaces& spaces, MusterKind what, ms::FactionKind kind, const MusterState& before,
                               const Ground& ground, const MusterChoice& choice, const MusterState& after,
                               const ms::Rules& rules, const std::string& prefix, bool sources_apart = false);


// The Population tokens the builds at `w` take (messina.muster.population) and the disbands there free
// (messina.population.disband-on-shortfall), for a faction of `kind`.
z3::expr built_tokens_at(const MusterChoice& c, const Where& w, const ms::Ruleset& numbers, ms::FactionKind kind);
z3::expr disbanded_tokens_at(const MusterChoice& c, const Where& w, const ms::Ruleset& numbers, ms::FactionKind kind);

// messina.muster.high-tech: a unit whose build costs at least the high-tech threshold.
bool is_high_tech(const ms::Ruleset& numbers, ms::Piece p);

}  // namespace rulecheck::solver::messina
