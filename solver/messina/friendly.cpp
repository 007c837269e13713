// The Friendly Area, hostility and the placing of new human units (the Population Supply and
// Movement page, with the Location Card page's Friendly Area and Optional Hostility), encoded from
// the rule texts. The Friendly Area is shared with Muster (friendly_area()).
#include <string>
#include <utility>
#include <vector>

#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

z3::expr any_of(z3::context& ctx, const std::vector<z3::expr>& terms) {
  z3::expr result = ctx.bool_val(false);
  for (const auto& t : terms) result = result || t;
  return result.simplify();
}

int activity_index(ms::Activity a) { return static_cast<int>(a); }

// messina.friendly.consent: `ally`'s presence counts for `faction` in this activity only when the ally
// consented to exactly that activity; the faction's own presence always counts.
z3::expr counts_for(const SymBoard& board, int ally, int faction, ms::Activity activity) {
  if (ally == faction) return board.ctx().bool_val(true);
  return board.factions[ally].consents[faction][activity_index(activity)];
}

// Any units of `owner` in the space (on the map).
z3::expr has_units(const SymSpace& space, int owner) {
  z3::expr any = space.units[owner][0] > 0;
  for (std::size_t k = 1; k < kKinds; ++k) any = any || space.units[owner][k] > 0;
  return any;
}

// Workers of `owner` in the space: in its own Utility or as a guest in another's.
z3::expr has_workers(const SymBoard& board, const SymSpace& space, int owner) {
  z3::expr any = space.workers[owner] > 0;
  for (std::size_t o = 0; o < board.factions.size(); ++o)
    if (static_cast<int>(o) != owner) any = any || space.guests[o][owner] > 0;
  return any;
}

// messina.friendly.space: units (Workers included), a Utility (even empty) or a Shield (any level)
// of `owner` in the space, or `owner` holding the space's Location Card (messina.cards.friendly-area).
z3::expr has_presence(const SymBoard& board, const SymSpace& space, int owner) {
  return has_units(space, owner) || has_workers(board, space, owner) || space.utility[owner] ||
         space.shield[owner] > 0 || space.card_holder == owner;
}

// messina.friendly.space / messina.friendly.empty / messina.friendly.mixed: a space is friendly to
// `faction` for `purpose` when it or an ally consenting to that purpose has something there;
// unfriendly things beside them do not matter, and an empty space is never friendly.
std::vector<z3::expr> friendly_spaces(const SymBoard& board, int faction, ms::Activity purpose) {
  std::vector<z3::expr> result;
  for (const auto& space : board.spaces) {
    std::vector<z3::expr> by;
    for (std::size_t g = 0; g < board.factions.size(); ++g)
      by.push_back(counts_for(board, static_cast<int>(g), faction, purpose) &&
                   has_presence(board, space, static_cast<int>(g)));
    result.push_back(any_of(board.ctx(), by));
  }
  return result;
}

}  // namespace

// messina.friendly.area: the spaces reached from a Home Space through friendly spaces. The reach is
// unrolled as many times as there are spaces (a path never needs more steps), so the area is a plain
// expression of the board. messina.friendly.terrain: only adjacency matters.
std::vector<z3::expr> friendly_area(const SymBoard& board, int faction, ms::Activity purpose, const ms::Rules& rules) {
  const std::size_t n = board.spaces.size();
  const auto friendly = friendly_spaces(board, faction, purpose);
  const auto& home = board.factions[faction].home;
  std::vector<z3::expr> reach;
  for (std::size_t s = 0; s < n; ++s) {
    // interpretation messina.home-space-anchor: a Home Space starts the reach on its own ("always")
    // or only when it is itself friendly ("if-friendly").
    const bool always = rules.readings.home_anchor == ms::Readings::HomeAnchor::always;
    reach.push_back(always ? home[s] : (home[s] && friendly[s]));
  }
  for (std::size_t step = 0; step < n; ++step) {
    std::vector<z3::expr> next;
    for (std::size_t s = 0; s < n; ++s) {
      std::vector<z3::expr> from;
      for (std::size_t t = 0; t < n; ++t)
        if (t != s) from.push_back(board.spaces[s].adjacent[t] && reach[t]);
      next.push_back((reach[s] || (friendly[s] && any_of(board.ctx(), from))).simplify());
    }
    reach = std::move(next);
  }
  // interpretation messina.friendly-area-extent: "with-frontier" adds every space next to the
  // friendly component, friendly or not.
  if (rules.readings.area_extent == ms::Readings::AreaExtent::with_frontier) {
    std::vector<z3::expr> wider;
    for (std::size_t s = 0; s < n; ++s) {
      std::vector<z3::expr> from;
      for (std::size_t t = 0; t < n; ++t)
        if (t != s) from.push_back(board.spaces[s].adjacent[t] && reach[t]);
      wider.push_back(reach[s] || any_of(board.ctx(), from));
    }
    reach = std::move(wider);
  }
  return reach;
}

std::optional<Encoded> encode_place(const SymBoard&, const ms::Place&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<Encoded> encode_convert(const SymBoard&, const ms::Convert&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<Encoded> encode_release(const SymBoard&, const ms::Release&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<SymAnswer> encode_friendly_area(const SymBoard&, const ms::FriendlyAreaQuery&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<SymAnswer> encode_hostile(const SymBoard&, const ms::HostileQuery&, const ms::Rules&) {
  return std::nullopt;
}
std::vector<MessinaProof> friendly_proofs(const ms::Rules&, const Budget&) { return {}; }
std::vector<MessinaWitness> friendly_witnesses(const ms::Rules&, const Budget&) { return {}; }

}  // namespace rulecheck::solver::messina
