// The Friendly Area page's relation (friendly_relation.cpp) over one board: the board's spaces and
// factions as known indices, the state's fields read off the SymBoard (pinned for a membership check,
// free for a witness search). It answers the `friendly-area` and `hostile` queries, and gives the
// placements (population.cpp) and Muster (muster.cpp) their Friendly Area (friendly_area()).
#include "solver/messina/friendly_board.hpp"

#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

constexpr const char* kArea = "messina.friendly.area";
constexpr const char* kHostile = "messina.friendly.hostile";
constexpr const char* kCardHostility = "messina.cards.exposed.hostility";

std::size_t at(const Where& s) { return static_cast<std::size_t>(s.index); }
std::size_t at(const Who& g) { return static_cast<std::size_t>(g.index); }

std::vector<z3::expr> per_space(const SymBoard& b, const AtWhere& at_space) {
  std::vector<z3::expr> out;
  for (std::size_t s = 0; s < b.spaces.size(); ++s) out.push_back(at_space({b.ctx().int_val(static_cast<int>(s)), static_cast<int>(s)}));
  return out;
}

}  // namespace

PageFields fields_of(const SymBoard& b, int f) {
  const SymBoard* board = &b;
  auto units = [board](const Who& g, const Where& s) {
    const Kinds& u = board->spaces[at(s)].units[at(g)];
    z3::expr n = u[0];
    for (std::size_t k = 1; k < kKinds; ++k) n = n + u[k];
    return n;
  };
  // Its Workers in its own Utility and as a guest in another's.
  auto workers = [board](const Who& g, const Where& s) {
    const SymSpace& sp = board->spaces[at(s)];
    z3::expr n = sp.workers[at(g)];
    for (std::size_t o = 0; o < board->factions.size(); ++o)
      if (o != at(g)) n = n + sp.guests[o][at(g)];
    return n;
  };
  return {units,
          workers,
          [board](const Who& g, const Where& s) { return board->spaces[at(s)].utility[at(g)]; },
          [board](const Who& g, const Where& s) { return board->spaces[at(s)].shield[at(g)] > 0; },
          [board](const Who& g, const Where& s) { return board->spaces[at(s)].card_holder == g.index; },
          [board](const Where& s) { return board->spaces[at(s)].card_exposed; },
          [board](Purpose p, const Who& giver, const Who& receiver) {
            return board->factions[at(giver)].consents[at(receiver)][static_cast<std::size_t>(p)];
          },
          [board](const Where& from, const Where& to) { return board->spaces[at(to)].adjacent[at(from)]; },
          [board](const Who& g, const Where& s) { return board->factions[at(g)].home[at(s)]; },
          {b.ctx().int_val(f), f}};
}

PageSorts sorts_of(const SymBoard& b) {
  return {Spaces::finite(b.ctx(), static_cast<int>(b.spaces.size())), static_cast<int>(b.spaces.size()),
          Factions::finite(b.ctx(), static_cast<int>(b.factions.size()))};
}

FriendlyPage page_of(const SymBoard& b, int f, const std::vector<Purpose>& purposes, const ms::Rules& rules) {
  Constraints none;  // over one board the page defines every quantity as its expression
  return friendly_page(sorts_of(b), fields_of(b, f), rules.readings, purposes, none);
}

std::vector<z3::expr> friendly_area(const SymBoard& board, int faction, ms::Activity purpose, const ms::Rules& rules) {
  return per_space(board, page_of(board, faction, {purpose}, rules).area(purpose));
}

std::optional<SymAnswer> encode_friendly_area(const SymBoard& board, const ms::FriendlyAreaQuery& q,
                                              const ms::Rules& rules) {
  const int f = board.faction_index(q.faction);
  if (f < 0) return std::nullopt;
  return SymAnswer{SymAnswer::Type::spaces, friendly_area(board, f, q.purpose, rules), kArea};
}

std::optional<SymAnswer> encode_hostile(const SymBoard& board, const ms::HostileQuery& q, const ms::Rules& rules) {
  const int f = board.faction_index(q.faction);
  const int s = board.space_index(q.at);
  if (f < 0 || s < 0) return std::nullopt;
  const PageSorts d = sorts_of(board);
  const PageFields x = fields_of(board, f);
  const Where where{board.ctx().int_val(s), s};
  const z3::expr hostile = page_of(board, f, {}, rules).hostile(where);
  SymAnswer answer{SymAnswer::Type::boolean, {hostile}, kHostile};
  // When the only thing that could make the space hostile is an opposing faction's card whose facing
  // decides, the card page's hostility clause is the one deciding the answer.
  ms::Readings held = rules.readings;
  held.card_hostility = ms::Readings::CardHostility::held;
  const z3::expr card = d.factions.some("g", [&](const Who& g) { return opposition(d, x, g, where, held).card; });
  const z3::expr units = d.factions.some("g", [&](const Who& g) { return opposition(d, x, g, where, rules.readings).units; });
  if ((card && !units && !board.spaces[static_cast<std::size_t>(s)].card_exposed).simplify().is_true())
    answer.clause = kCardHostility;
  return answer;
}

}  // namespace rulecheck::solver::messina
