// Inside solver/messina/ only: what the per-action proofs for boards of any size share
// (unbounded_consumption_steps.cpp, unbounded_cards.cpp).
//
// Totals over a board of any size. Spaces are an uninterpreted sort, and first-order logic has no sum
// over one: a total (a faction's Located tokens backing its units everywhere, the Energy a Muster's
// builds cost everywhere) is an integer constant, and the only facts a proof may use of it are those
// of finite sums, stated for the functions it names: a total of a + d is the total of a plus the total
// of d, a total of terms none negative is at least each term (Ivy and TLAPS treat cardinalities and
// sums the same way: axioms of the finite case, instantiated where needed). Nothing else ties a total
// to its terms, so a proof shows the claim for every finite board.
//
// One faction's pieces over the spaces: its units of each kind on the map and on the Location Cards it
// holds (named after the spaces), and its Workers (in its own Utility or as a guest in another's).
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/messina/board.hpp"

namespace rulecheck::solver::messina {

// A term at one space.
using AtSpace = std::function<z3::expr(const z3::expr& space)>;

struct SpaceSums {
  z3::context& c;
  z3::sort space;

  z3::expr total(const std::string& name) const { return c.int_const(("total_" + name).c_str()); }
  // Σa = Σb + Σd whenever a = b + d at every space.
  z3::expr additive(const z3::expr& ta, const AtSpace& a, const z3::expr& tb, const AtSpace& b, const z3::expr& td,
                    const AtSpace& d) const {
    const z3::expr s = c.constant("sum_at", space);
    return z3::implies(z3::forall(s, a(s) == b(s) + d(s)), ta == tb + td);
  }
  // Σa of terms none negative is at least each term (and at least 0).
  z3::expr bounds_terms(const z3::expr& ta, const AtSpace& a) const {
    const z3::expr s = c.constant("sum_at", space);
    return z3::implies(z3::forall(s, a(s) >= 0), ta >= 0 && z3::forall(s, ta >= a(s)));
  }
};

// The tokens one unit of each kind takes for a faction of `kind` (messina.population.backing,
// messina.population.tokens; board.cpp's tokens_per_unit, from the ruleset).
inline std::array<int, kKinds> tokens_per_kind(const ms::Ruleset& numbers, ms::FactionKind kind) {
  std::array<int, kKinds> per{};
  for (std::size_t k = 0; k < kKinds; ++k) per[k] = tokens_per_unit(numbers, kind, ms::kUnitKinds[k]);
  return per;
}

// One faction's pieces, or counts of pieces an action names (builds, removals), per space.
struct Pieces {
  std::vector<z3::func_decl> map, card;  // per unit kind (ms::kUnitKinds' order)
  z3::func_decl workers;

  Pieces(z3::context& c, const z3::sort& space, const std::string& name)
      : workers(c.function((name + "_workers").c_str(), space, c.int_sort())) {
    for (std::size_t k = 0; k < kKinds; ++k) {
      const std::string kind(ms::piece_name(ms::kUnitKinds[k]));
      map.push_back(c.function((name + "_map_" + kind).c_str(), space, c.int_sort()));
      card.push_back(c.function((name + "_card_" + kind).c_str(), space, c.int_sort()));
    }
  }
  // Every count at `s` at least 0.
  z3::expr not_negative(const z3::expr& s) const {
    z3::expr all = workers(s) >= 0;
    for (std::size_t k = 0; k < kKinds; ++k) all = all && map[k](s) >= 0 && card[k](s) >= 0;
    return all;
  }
  // The tokens the pieces at `s` stand for, `per` tokens a unit of each kind, one a Worker.
  z3::expr tokens(const z3::expr& s, const std::array<int, kKinds>& per) const {
    z3::expr t = workers(s);
    for (std::size_t k = 0; k < kKinds; ++k)
      if (per[k] != 0) t = t + per[k] * (map[k](s) + card[k](s));
    return t;
  }
  // The map part of tokens() (no card), Workers included.
  z3::expr map_tokens(const z3::expr& s, const std::array<int, kKinds>& per) const {
    z3::expr t = workers(s);
    for (std::size_t k = 0; k < kKinds; ++k)
      if (per[k] != 0) t = t + per[k] * map[k](s);
    return t;
  }
  z3::expr card_tokens(const z3::expr& s, const std::array<int, kKinds>& per) const {
    z3::expr t = s.ctx().int_val(0);
    for (std::size_t k = 0; k < kKinds; ++k)
      if (per[k] != 0) t = t + per[k] * card[k](s);
    return t;
  }
};

// Every count of `after` equals `before`'s plus `plus` minus `minus` at every space (the functions
// named: null for none).
inline z3::expr pieces_change(const z3::expr& s, const Pieces& after, const Pieces& before, const Pieces* plus,
                              const Pieces* minus) {
  auto term = [&](const z3::func_decl& a, const z3::func_decl& b, const z3::func_decl* p, const z3::func_decl* m) {
    z3::expr rhs = b(s);
    if (p) rhs = rhs + (*p)(s);
    if (m) rhs = rhs - (*m)(s);
    return a(s) == rhs;
  };
  z3::expr all = term(after.workers, before.workers, plus ? &plus->workers : nullptr, minus ? &minus->workers : nullptr);
  for (std::size_t k = 0; k < kKinds; ++k) {
    all = all && term(after.map[k], before.map[k], plus ? &plus->map[k] : nullptr, minus ? &minus->map[k] : nullptr);
    all = all && term(after.card[k], before.card[k], plus ? &plus->card[k] : nullptr, minus ? &minus->card[k] : nullptr);
  }
  return all;
}

inline const char* kind_words(ms::FactionKind k) { return k == ms::FactionKind::human ? "human" : "AI"; }

}  // namespace rulecheck::solver::messina
