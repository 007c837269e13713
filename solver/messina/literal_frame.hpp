// Inside the literal encoding only (literal.cpp, literal_shields.cpp, literal_units.cpp): what the
// step relations share. The frame (the one assumption: what no sentence of a step touches stays as
// it was), the free variables (a declared point's reading, or an open Bool for a silence of the
// words), and the clause ids the literal constraints are tagged with. Not for other folders.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "solver/messina/board.hpp"

namespace rulecheck::solver::messina::literal {

inline constexpr const char* kWhen = "messina.muster.when";
inline constexpr const char* kArea = "messina.muster.friendly-area";
inline constexpr const char* kHighTech = "messina.muster.high-tech";
inline constexpr const char* kEnergy = "messina.muster.energy";
inline constexpr const char* kUnitTable = "messina.muster.unit-table";
inline constexpr const char* kPopulation = "messina.muster.population";
inline constexpr const char* kStacking = "messina.muster.stacking";
inline constexpr const char* kOverLimit = "messina.muster.stacking.over-limit";
inline constexpr const char* kNoBuildDisband = "messina.muster.no-build-disband";
inline constexpr const char* kEquip = "messina.muster.equip";
inline constexpr const char* kEquipAi = "messina.muster.equip.ai";
inline constexpr const char* kShieldOp = "messina.muster.shield.build-upgrade";
inline constexpr const char* kShieldNotBoth = "messina.muster.shield.not-both";
inline constexpr const char* kShieldOneUpgrade = "messina.muster.shield.one-upgrade";
inline constexpr const char* kRearm = "messina.muster.shield.rearm";
inline constexpr const char* kNoStructures = "messina.cards.no-structures";
inline constexpr const char* kCapacity = "messina.cards.capacity";
inline constexpr const char* kMusterOnto = "messina.cards.muster-onto";
inline constexpr const char* kSevenPerLocation = "messina.cards.seven-per-location";
inline constexpr const char* kHolding = "messina.cards.holding";
inline constexpr const char* kTransfer = "messina.cards.transfer";
inline constexpr const char* kHandLimit = "messina.cards.hand-limit";
inline constexpr const char* kDiscardEmpty = "messina.cards.discard-empty";
inline constexpr const char* kWorkersPlaced = "messina.population.placement.workers";
inline constexpr const char* kDisband = "messina.population.disband-on-shortfall";

// The numbers a sentence states that no ruleset key holds: the Location Card page's total of one
// location (map and card together). On today's texts it is the two limits added, as that sentence
// derives it (rules/messina/numbers.json); an edited text may state another.
struct Stated {
  int location_total = 0;
};
inline Stated stated_by(const ms::Ruleset& numbers) { return {numbers.stacking_map + numbers.stacking_card}; }

// A declared interpretation point the literal steps meet: its readings in ms::Readings' order (0: the
// default) and how to set one.
struct PointReadings {
  std::string point;
  std::vector<std::string> names;
  std::function<void(ms::Readings&, int)> set;
};
// Every point the literal encoding meets (the Shield sentences' and the unit steps').
const std::vector<PointReadings>& literal_points();
const PointReadings* point_named(const std::string& id);

struct Freedom {
  std::string tag;     // "messina.shield-consent" (a point) or "open:<what>"
  std::string clause;  // the clause whose words leave it free (a point: the clause it bears on)
  std::string says;    // what the choice is, in words
  z3::expr var;
  int readings = 0;  // a point: how many readings; 0 for an open Bool
};

class Freedoms {
 public:
  Freedoms(z3::context& ctx, std::string copy) : ctx_(ctx), copy_(std::move(copy)) {}
  // A declared point's reading (an Int from 0, the default, to readings - 1).
  z3::expr reading(const std::string& point, const char* clause) {
    const PointReadings* p = point_named(point);
    return get(point, clause, "the reading of " + point, static_cast<int>(p->names.size()));
  }
  // Whether a condition reaches a case the words are silent on.
  z3::expr open(const std::string& what, const char* clause, const std::string& says) {
    return get("open:" + what, clause, says, 0);
  }
  const std::vector<Freedom>& all() const { return vars_; }
  const Freedom* find(const std::string& tag) const {
    for (const auto& f : vars_)
      if (f.tag == tag) return &f;
    return nullptr;
  }
  z3::expr domains() const {
    z3::expr d = ctx_.bool_val(true);
    for (const auto& f : vars_)
      if (f.readings > 0) d = d && f.var >= 0 && f.var < f.readings;
    return d;
  }

 private:
  z3::expr get(const std::string& tag, const char* clause, const std::string& says, int readings) {
    for (const auto& f : vars_)
      if (f.tag == tag) return f.var;
    const std::string name = fmt::format("{}#{}", tag, copy_);
    vars_.push_back(
        {tag, clause, says, readings > 0 ? ctx_.int_const(name.c_str()) : ctx_.bool_const(name.c_str()), readings});
    return vars_.back().var;
  }
  z3::context& ctx_;
  std::string copy_;
  std::vector<Freedom> vars_;
};

// What the round's earlier Muster did to the Shield of a space (the two-step kinds).
struct Earlier {
  bool built = false;
  int upgrades = 0;
};

// One step of the relation: whether it is allowed, the board after it (when allowed), and the
// conditions, each under its clause.
struct LiteralStep {
  z3::expr ok;
  SymBoard post;
  Constraints conditions;
};

// messina.muster.high-tech: at one of the builder's Home Spaces, or at a Utility of the builder or of
// an ally consenting to the muster; messina.high-tech-home lets a consenting ally's Home Space serve.
z3::expr high_tech_site(const SymBoard& b, int f, int s, Freedoms& v);

// The Shield ops of one Muster (in_rearm false) or one Re-arm, from `pre` onto `step.post`; their
// Energy added to `energy` (literal_shields.cpp).
void shield_ops(const SymBoard& pre, int f, const std::vector<ms::ShieldOp>& ops, bool in_rearm,
                const std::map<ms::SpaceId, Earlier>& earlier, Freedoms& v, const ms::Rules& rules, LiteralStep& step,
                int& energy);

// The unit steps of one Muster: builds, equipping Civilians, disbands, from `pre` onto `step.post`;
// their Energy added to `energy` (literal_units.cpp). Worker disbands are not encoded (the caller
// keeps them out: unit_steps_encoded()).
void unit_ops(const SymBoard& pre, int f, const ms::Muster& a, Freedoms& v, const ms::Rules& rules,
              const Stated& stated, LiteralStep& step, int& energy);
bool unit_steps_encoded(const ms::Muster& a);

// The Location Card page's transfer of units from a card to the map, and the end of an Exploration
// Action (cards emptied and discarded under the hand limit), onto `step.post` (literal_cards.cpp).
void transfer_op(const SymBoard& pre, int f, const ms::Transfer& t, Freedoms& v, const ms::Rules& rules,
                 LiteralStep& step);
void end_exploration_ops(const SymBoard& pre, int f, const ms::EndExploration& a, Freedoms& v, const ms::Rules& rules,
                         LiteralStep& step);

// A faction's Consumption, step 3's units as the action names them (literal_consumption.cpp), and
// turning a held Location Card face-down (literal_hide.cpp), onto `step.post`.
void consume_op(const SymBoard& pre, int f, const ms::Consume& a, Freedoms& v, const ms::Rules& rules,
                LiteralStep& step);
void hide_op(const SymBoard& pre, int f, const ms::Hide& h, Freedoms& v, LiteralStep& step);
// The Population Supply and Movement page's placement of new human units (a Place action) onto
// `step.post` (literal_placement.cpp).
void place_op(const SymBoard& pre, int f, const ms::Place& a, Freedoms& v, const ms::Rules& rules, LiteralStep& step);
// The Friendly Area of `f` for a building or mustering purpose, its sentences' silences free
// (literal_friendly.cpp).
std::vector<z3::expr> literal_area(const SymBoard& b, int f, ms::Activity purpose, Freedoms& v);

// ---- the step kinds and their relation (literal_steps.cpp) ----

// One step kind the searches ask about: a Muster, a Re-arm, or a Muster then a Re-arm in one round.
struct Kind {
  std::string name;
  std::string title;
  std::optional<ms::Muster> muster;  // the round's Muster (first, when there is a Re-arm after it)
  std::optional<ms::Rearm> rearm;
  bool own_shield = false;  // the step raises the builder's own Shield, standing at A before it
  // a step of the Location Card page (a transfer, an Exploration's end, hiding a card) or a Consumption
  std::optional<ms::Action> other = std::nullopt;
  // Declared points held at one reading in every search of the kind (the case it asks about needs
  // it; a point found and held at its default by an earlier kind gives way): point -> reading.
  std::map<std::string, int> fixed = {};
};
// The step a kind asks about (the Re-arm of a two-step kind).
ms::Action action_of(const Kind& k);

// One copy of a kind's relation from `pre`. For a Muster then a Re-arm, `mid` is the board the Re-arm
// starts from (the Muster's outcome at the Re-arm's moment); the Muster must be allowed.
struct CopyOf {
  Freedoms v;
  std::optional<LiteralStep> muster;
  std::optional<SymBoard> mid;
  LiteralStep last;
};

CopyOf relation(const Kind& k, const SymBoard& pre, const std::string& copy, const ms::Rules& rules,
                bool replaying_last_only, const Stated& stated);
// How many of two copies' free choices stand away from the decided encoding: a point off its default
// reading, an open condition not applying. A witness search minimises it after the board's size, so
// that of the smallest boards it takes one where the two outcomes depart from today's choices at as few
// places as they can (a pair that needs a second silence only where no board without it exists).
inline z3::expr choices_away(const Freedoms& x, const Freedoms& y) {
  z3::context& ctx = x.domains().ctx();
  z3::expr away = ctx.int_val(0);
  for (const Freedoms* v : {&x, &y})
    for (const Freedom& f : v->all())
      away = away + z3::ite(f.readings > 0 ? f.var == 0 : f.var, ctx.int_val(0), ctx.int_val(1));
  return away;
}

inline CopyOf relation(const Kind& k, const SymBoard& pre, const std::string& copy, const ms::Rules& rules,
                       bool replaying_last_only) {
  return relation(k, pre, copy, rules, replaying_last_only, stated_by(rules.numbers));
}
std::vector<Kind> kinds();
const Kind* kind_named(const std::string& name);
// The shapes the searches try, smallest first.
std::vector<Shape> literal_shapes();

}  // namespace rulecheck::solver::messina::literal
