// Inside solver/messina/ only (it includes Z3): a faction's Population Mat and pieces as the theorems
// read them over any board (the relations' Mat and Army, consumption_relation.hpp, left open): every
// field a constant or a function of the space of an uninterpreted sort. Shared by the theorems of the
// sections whose relations read them (consumption_theorems.cpp, population_theorems.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/messina/consumption_relation.hpp"

namespace rulecheck::solver::messina {

// The Mat's fields as constants named with `at` ("", "_after", ...).
inline Mat mat_named(z3::context& c, const std::string& at) {
  auto v = [&](const char* what) { return c.int_const((std::string(what) + at).c_str()); };
  return {v("round"), v("phase"), v("disaffected"), v("spare"), v("located"), v("dead"), v("food"), v("water")};
}

// A faction's pieces over any board: a function of the space per unit kind (map, card) and Workers.
struct OpenArmy {
  std::vector<z3::func_decl> map, card;
  z3::func_decl workers;
  OpenArmy(z3::context& c, const z3::sort& space, const std::string& name)
      : workers(c.function((name + "_workers").c_str(), space, c.int_sort())) {
    for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k) {
      const std::string kind(ms::piece_name(ms::kUnitKinds[k]));
      map.push_back(c.function((name + "_map_" + kind).c_str(), space, c.int_sort()));
      card.push_back(c.function((name + "_card_" + kind).c_str(), space, c.int_sort()));
    }
  }
  Army view() const {
    return {[m = map](const Where& w, std::size_t k) { return m[k](w.term); },
            [cd = card](const Where& w, std::size_t k) { return cd[k](w.term); },
            [wk = workers](const Where& w) { return wk(w.term); }};
  }
};

// No count of the pieces at `w` is negative.
inline z3::expr not_negative(const Army& a, const Where& w) {
  z3::expr ok = a.workers(w) >= 0;
  for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k) ok = ok && a.map(w, k) >= 0 && a.card(w, k) >= 0;
  return ok;
}

}  // namespace rulecheck::solver::messina
