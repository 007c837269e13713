// Inside solver/messina/ only (it includes Z3): the factions a section's relation ranges over, beside
// its spaces (spaces.hpp), either one board's (finite: each faction a known index, "some faction" a
// disjunction, no quantifier) or any board's (an uninterpreted sort "Faction": a quantifier). Also the
// named quantifiers over spaces a relation needs when it nests them ("every t next to s"): Spaces::each
// names its variable "s" only.
#pragma once

#include <functional>
#include <string>

#include <z3++.h>

#include "solver/messina/spaces.hpp"

namespace rulecheck::solver::messina {

// A faction: a term of the sort, and over one board its index among the board's factions.
struct Who {
  z3::expr term;
  int index = -1;  // -1: any faction of an open sort
};
using AtWho = std::function<z3::expr(const Who&)>;

class Factions {
 public:
  static Factions finite(z3::context& ctx, int count) { return Factions(ctx, count); }
  static Factions open(z3::context& ctx) { return Factions(ctx, -1); }

  z3::context& ctx() const { return *ctx_; }
  bool is_open() const { return count_ < 0; }
  int count() const { return count_; }
  const z3::sort& sort() const { return sort_; }

  // Faction `index` of one board.
  Who at(int index) const { return {ctx_->int_val(index), index}; }

  // `at` holds of every faction / of some faction; `name` names the variable over any board.
  z3::expr each(const std::string& name, const AtWho& at) const {
    if (is_open()) {
      const z3::expr g = ctx_->constant(name.c_str(), sort_);
      return z3::forall(g, at({g, -1}));
    }
    z3::expr out = ctx_->bool_val(true);
    for (int i = 0; i < count_; ++i) out = out && at(this->at(i));
    return out.simplify();
  }
  z3::expr some(const std::string& name, const AtWho& at) const {
    if (is_open()) {
      const z3::expr g = ctx_->constant(name.c_str(), sort_);
      return z3::exists(g, at({g, -1}));
    }
    z3::expr out = ctx_->bool_val(false);
    for (int i = 0; i < count_; ++i) out = out || at(this->at(i));
    return out.simplify();
  }

  // Whether two factions are different ones: over one board known, over any board a formula.
  z3::expr differ(const Who& a, const Who& b) const {
    if (a.index >= 0 && b.index >= 0) return ctx_->bool_val(a.index != b.index);
    return a.term != b.term;
  }

 private:
  Factions(z3::context& ctx, int count)
      : ctx_(&ctx), count_(count), sort_(count < 0 ? ctx.uninterpreted_sort("Faction") : ctx.int_sort()) {}
  z3::context* ctx_;
  int count_;
  z3::sort sort_;
};

// `at` holds at every space / at some space, the variable named `name` over any board; over one board
// of `count` spaces a conjunction / disjunction.
inline z3::expr every_space(const Spaces& spaces, int count, const std::string& name, const AtWhere& at) {
  if (spaces.is_open()) {
    const z3::expr s = spaces.ctx().constant(name.c_str(), spaces.sort());
    return z3::forall(s, at({s, -1}));
  }
  z3::expr out = spaces.ctx().bool_val(true);
  for (int i = 0; i < count; ++i) out = out && at({spaces.ctx().int_val(i), i});
  return out.simplify();
}
inline z3::expr some_space(const Spaces& spaces, int count, const std::string& name, const AtWhere& at) {
  if (spaces.is_open()) {
    const z3::expr s = spaces.ctx().constant(name.c_str(), spaces.sort());
    return z3::exists(s, at({s, -1}));
  }
  z3::expr out = spaces.ctx().bool_val(false);
  for (int i = 0; i < count; ++i) out = out || at({spaces.ctx().int_val(i), i});
  return out.simplify();
}

}  // namespace rulecheck::solver::messina
