// The literal encoding of the Friendly Area as the placements use it (the Population Supply and
// Movement page's Friendly Area paragraph), beside the decided one (friendly_board.cpp's friendly_area()):
// each sentence as loosely as its words allow (literal_frame.hpp). Where the page leaves a choice a
// declared point names, the reading is free: whether a Home Space starts the reach when nothing
// friendly stands on it (messina.home-space-anchor), and whether the Area ends at the friendly spaces
// reached or takes in the spaces next to them (messina.friendly-area-extent). The placements are
// building and mustering purposes, so the hostility sentences (military purposes only) do not enter.
#include <cstddef>
#include <vector>

#include "solver/messina/literal_frame.hpp"

namespace rulecheck::solver::messina::literal {

namespace {

constexpr const char* kFriendlyArea = "messina.friendly.area";

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// messina.friendly.space: `owner` has Units (Worker Units among them), a Utility or a Shield in the
// space, or holds its Location Card.
z3::expr presence(const SymBoard& b, const SymSpace& sp, int owner) {
  z3::expr any = sp.utility[at(owner)] || sp.shield[at(owner)] > 0 || sp.card_holder == owner ||
                 sp.workers[at(owner)] > 0;
  for (std::size_t k = 0; k < kKinds; ++k) any = any || sp.units[at(owner)][k] > 0;
  for (std::size_t o = 0; o < b.factions.size(); ++o)
    if (o != at(owner)) any = any || sp.guests[o][at(owner)] > 0;
  return any;
}

}  // namespace

std::vector<z3::expr> literal_area(const SymBoard& b, int f, ms::Activity purpose, Freedoms& v) {
  z3::context& ctx = b.ctx();
  const std::size_t n = b.spaces.size();
  // messina.friendly.space and messina.friendly.consent: friendly when the faction, or an ally
  // consenting to this very activity, has something there; messina.friendly.empty: never when empty.
  std::vector<z3::expr> friendly;
  for (const auto& sp : b.spaces) {
    z3::expr any = ctx.bool_val(false);
    for (std::size_t g = 0; g < b.factions.size(); ++g) {
      const z3::expr counts = g == at(f) ? ctx.bool_val(true)
                                         : b.factions[g].consents[at(f)][static_cast<std::size_t>(purpose)];
      any = any || (counts && presence(b, sp, static_cast<int>(g)));
    }
    friendly.push_back(any);
  }
  // messina.friendly.area: reached from either Home Space through friendly spaces. Whether the Home
  // Space is the start on its own or only when friendly itself the words leave to
  // messina.home-space-anchor.
  const z3::expr anchor = v.reading("messina.home-space-anchor", kFriendlyArea);
  std::vector<z3::expr> reach;
  for (std::size_t s = 0; s < n; ++s)
    reach.push_back(b.factions[at(f)].home[s] && (anchor == 0 || friendly[s]));
  for (std::size_t step = 0; step < n; ++step) {  // a path never needs more steps than there are spaces
    std::vector<z3::expr> next;
    for (std::size_t s = 0; s < n; ++s) {
      z3::expr from = ctx.bool_val(false);
      for (std::size_t t = 0; t < n; ++t)
        if (t != s) from = from || (b.spaces[s].adjacent[t] && reach[t]);
      next.push_back(reach[s] || (friendly[s] && from));
    }
    reach = std::move(next);
  }
  // "the spaces a faction can reach ... through friendly spaces": whether a space reached by one step
  // from them, itself not friendly, is among them is messina.friendly-area-extent.
  const z3::expr extent = v.reading("messina.friendly-area-extent", kFriendlyArea);
  std::vector<z3::expr> area;
  for (std::size_t s = 0; s < n; ++s) {
    z3::expr next_to = ctx.bool_val(false);
    for (std::size_t t = 0; t < n; ++t)
      if (t != s) next_to = next_to || (b.spaces[s].adjacent[t] && reach[t]);
    area.push_back(reach[s] || (extent == 1 && next_to));
  }
  return area;
}

}  // namespace rulecheck::solver::messina::literal
