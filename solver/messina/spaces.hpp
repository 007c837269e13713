// Inside solver/messina/ only (it includes Z3): the spaces a section's relation ranges over, either
// one board's (finite: each space a known index, so "at every space" is a conjunction and a total an
// explicit sum: no quantifier) or any board's (an uninterpreted sort: "at every space" a forall, a
// total an integer with the facts of finite sums, sum_facts() below). A relation is written once over
// `Spaces` and `Where`; the membership checks build it over one board, the proofs over any.
//
// Over any board, the quantities a relation defines on the way (the shortfall, the tokens step 3 pays)
// are variables, each with its defining constraint tagged by the clause it encodes, so that a mutant of
// that clause changes that quantity; over one board they are the defining expressions themselves (the
// same relation with its defined variables substituted away, as Z3's solve-eqs would).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <z3++.h>

#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina {

// A space: a term of the sort, and over one board its index among the board's spaces.
struct Where {
  z3::expr term;
  int index = -1;  // -1: any space of an open sort
};
using AtWhere = std::function<z3::expr(const Where&)>;

class Spaces {
 public:
  // One board of `count` spaces.
  static Spaces finite(z3::context& ctx, int count) { return Spaces(ctx, count); }
  // Any board: spaces of the uninterpreted sort "Space".
  static Spaces open(z3::context& ctx) { return Spaces(ctx, -1); }

  z3::context& ctx() const { return *ctx_; }
  bool is_open() const { return count_ < 0; }
  const z3::sort& sort() const { return sort_; }

  // `at` holds at every space.
  z3::expr each(const AtWhere& at) const {
    if (is_open()) {
      const z3::expr s = ctx_->constant("s", sort_);
      return z3::forall(s, at({s, -1}));
    }
    z3::expr_vector all(*ctx_);
    for (int i = 0; i < count_; ++i) all.push_back(at({ctx_->int_val(i), i}));
    return z3::mk_and(all);
  }

  // The sum of `at` over the spaces. Over any board an integer named `name`, of which the proof may
  // use only sum_facts(); `at` is kept for them, so it must own what it reads (capture by value).
  z3::expr total(const std::string& name, const AtWhere& at) {
    if (is_open()) {
      for (const auto& t : totals_)
        if (t.name == name) return t.value;  // the same total asked again
      totals_.push_back({name, ctx_->int_const(("total_" + name).c_str()), at});
      return totals_.back().value;
    }
    std::vector<z3::expr> terms;
    for (int i = 0; i < count_; ++i) terms.push_back(at({ctx_->int_val(i), i}));
    z3::expr out = ctx_->int_val(0);
    for (const auto& t : terms) out = out + t;
    return terms.empty() ? ctx_->int_val(0) : out.simplify();
  }

  // Over any board, what finite sums satisfy, for the totals named so far: a total of terms none negative
  // is at least each of them and at least 0; Σa = Σb + Σd wherever a = b + d at every space, for every
  // three totals. Over one board: true.
  z3::expr sum_facts() const {
    z3::expr_vector facts(*ctx_);
    const z3::expr s = ctx_->constant("sum_at", sort_);
    for (const auto& t : totals_)
      facts.push_back(z3::implies(z3::forall(s, t.at({s, -1}) >= 0), t.value >= 0 && z3::forall(s, t.value >= t.at({s, -1}))));
    for (const auto& a : totals_)
      for (const auto& b : totals_)
        for (const auto& d : totals_) {
          if (&a == &b || &a == &d || &b == &d) continue;
          facts.push_back(z3::implies(z3::forall(s, a.at({s, -1}) == b.at({s, -1}) + d.at({s, -1})),
                                      a.value == b.value + d.value));
        }
    return facts.empty() ? ctx_->bool_val(true) : z3::mk_and(facts);
  }

  // A quantity the relation defines, tagged `clause`: over any board a variable `name` with its
  // definition added to `defs`; over one board the value itself.
  z3::expr define(Constraints& defs, const char* clause, const std::string& name, const z3::expr& value) const {
    if (!is_open()) return value;
    const z3::expr v = ctx_->int_const(name.c_str());
    defs.push_back({clause, v == value});
    return v;
  }
  z3::expr define_bool(Constraints& defs, const char* clause, const std::string& name, const z3::expr& value) const {
    if (!is_open()) return value;
    const z3::expr v = ctx_->bool_const(name.c_str());
    defs.push_back({clause, v == value});
    return v;
  }

 private:
  Spaces(z3::context& ctx, int count)
      : ctx_(&ctx), count_(count), sort_(count < 0 ? ctx.uninterpreted_sort("Space") : ctx.int_sort()) {}
  struct Total {
    std::string name;
    z3::expr value;
    AtWhere at;
  };
  z3::context* ctx_;
  int count_;
  z3::sort sort_;
  std::vector<Total> totals_;
};

}  // namespace rulecheck::solver::messina
