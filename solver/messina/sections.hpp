// Inside solver/: what each section of the Messina encoding provides (one file per rulebook page:
// consumption.cpp, muster.cpp (the relation in muster_relation.cpp), friendly_board.cpp and population.cpp for the Friendly Area and Population page, cards.cpp
// for Location Cards). solver.cpp dispatches to them; search.hpp finds the witnesses.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "solver/messina/board.hpp"
#include "solver/messina/solver.hpp"

namespace rulecheck::solver::messina {

// An action's encoding from `before` to `after`: the conditions under which the rules allow it
// (each named by the clause that requires it) and its effect on `after` (see effect() in board.hpp;
// only meaningful when every condition holds).
struct Encoded {
  Constraints legal;
  Constraints effect;
};

// A query's answer as expressions on the board: "spaces" one Bool per board space (in the area),
// "boolean" one Bool, "faction" one Int (a faction index, -1 for nobody).
struct SymAnswer {
  enum class Type { spaces, boolean, faction } type = Type::boolean;
  std::vector<z3::expr> values;
  std::string clause;  // the clause that decides the answer
};

// nullopt: this section does not encode the action (the check reports not-encoded).
std::optional<Encoded> encode_consume(const SymBoard& before, const ms::Consume& a, const SymBoard& after,
                                      const ms::Rules& rules);
std::optional<Encoded> encode_muster(const SymBoard& before, const ms::Muster& a, const SymBoard& after,
                                     const ms::Rules& rules);
std::optional<Encoded> encode_rearm(const SymBoard& before, const ms::Rearm& a, const SymBoard& after,
                                    const ms::Rules& rules);
std::optional<Encoded> encode_place(const SymBoard& before, const ms::Place& a, const SymBoard& after,
                                    const ms::Rules& rules);
std::optional<Encoded> encode_convert(const SymBoard& before, const ms::Convert& a, const SymBoard& after,
                                      const ms::Rules& rules);
std::optional<Encoded> encode_release(const SymBoard& before, const ms::Release& a, const SymBoard& after,
                                      const ms::Rules& rules);
std::optional<Encoded> encode_expose(const SymBoard& before, const ms::Expose& a, const SymBoard& after,
                                     const ms::Rules& rules);
std::optional<Encoded> encode_hide(const SymBoard& before, const ms::Hide& a, const SymBoard& after,
                                   const ms::Rules& rules);
std::optional<Encoded> encode_transfer(const SymBoard& before, const ms::Transfer& a, const SymBoard& after,
                                       const ms::Rules& rules);
std::optional<Encoded> encode_end_exploration(const SymBoard& before, const ms::EndExploration& a,
                                              const SymBoard& after, const ms::Rules& rules);

std::optional<SymAnswer> encode_friendly_area(const SymBoard& board, const ms::FriendlyAreaQuery& q,
                                              const ms::Rules& rules);
std::optional<SymAnswer> encode_hostile(const SymBoard& board, const ms::HostileQuery& q, const ms::Rules& rules);
std::optional<SymAnswer> encode_must_expose(const SymBoard& board, const ms::MustExposeQuery& q,
                                            const ms::Rules& rules);
std::optional<SymAnswer> encode_tie_break(const SymBoard& board, const ms::TieBreakQuery& q, const ms::Rules& rules);
std::optional<SymAnswer> encode_bombable(const SymBoard& board, const ms::BombableQuery& q, const ms::Rules& rules);
std::optional<SymAnswer> encode_support_cut(const SymBoard& board, const ms::SupportCutQuery& q,
                                            const ms::Rules& rules);

// The Friendly Area (messina.friendly.*), which Muster, placement and the queries share: the page's relation
// over this board (friendly_relation.hpp, friendly_board.cpp):
// per board space, a Bool: the space is in `faction`'s Friendly Area for `purpose`.
std::vector<z3::expr> friendly_area(const SymBoard& board, int faction, ms::Activity purpose, const ms::Rules& rules);

// Each section's proofs and ambiguity witnesses (for the declared points it decides).
std::vector<MessinaProof> consumption_proofs(const ms::Rules& rules, const Budget& budget);
std::vector<MessinaProof> muster_proofs(const ms::Rules& rules, const Budget& budget);
std::vector<MessinaProof> friendly_proofs(const ms::Rules& rules, const Budget& budget);
std::vector<MessinaWitness> consumption_witnesses(const ms::Rules& rules, const Budget& budget);
std::vector<MessinaWitness> muster_witnesses(const ms::Rules& rules, const Budget& budget);
std::vector<MessinaWitness> friendly_witnesses(const ms::Rules& rules, const Budget& budget);
std::vector<MessinaWitness> cards_witnesses(const ms::Rules& rules, const Budget& budget);

}  // namespace rulecheck::solver::messina
