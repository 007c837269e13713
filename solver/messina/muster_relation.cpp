// The Muster Phase and the Re-arm Shield op as one relation over Spaces (muster_relation.hpp), clause
// by clause. The oracle's reading of each clause is in oracle/messina/muster.cpp.
#include "solver/messina/muster_relation.hpp"

#include <utility>

#include "solver/messina/board.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;
constexpr std::size_t kCivilian = 0, kInfantry = 1;  // ms::kUnitKinds' order

// Clause ids (rules/messina/clauses.json), as the oracle cites them for the same checks.
constexpr const char* kWhen = "messina.muster.when";
constexpr const char* kArea = "messina.muster.friendly-area";
constexpr const char* kHighTech = "messina.muster.high-tech";
constexpr const char* kStacking = "messina.muster.stacking";
constexpr const char* kOverLimit = "messina.muster.stacking.over-limit";
constexpr const char* kEnergy = "messina.muster.energy";
constexpr const char* kPopulation = "messina.muster.population";
constexpr const char* kEquip = "messina.muster.equip";
constexpr const char* kEquipAi = "messina.muster.equip.ai";
constexpr const char* kNoBuildDisband = "messina.muster.no-build-disband";
constexpr const char* kShieldOp = "messina.muster.shield.build-upgrade";
constexpr const char* kShieldNotBoth = "messina.muster.shield.not-both";
constexpr const char* kShieldOneUpgrade = "messina.muster.shield.one-upgrade";
constexpr const char* kRearm = "messina.muster.shield.rearm";
constexpr const char* kMusterOnto = "messina.cards.muster-onto";
constexpr const char* kNoStructures = "messina.cards.no-structures";
constexpr const char* kPlacedMilitary = "messina.population.placement.military";
constexpr const char* kWorkersPlaced = "messina.population.placement.workers";
constexpr const char* kDisband = "messina.population.disband-on-shortfall";
// The points and conventions whose constraints the discovery search's build tags apart (Build::source).
constexpr const char* kBuildDisbandPoint = "messina.build-disband";
constexpr const char* kCardInArea = "messina.card-in-area";
constexpr const char* kOverLimitCardPoint = "messina.over-limit-card";
constexpr const char* kEquipBuiltPoint = "messina.equip-built-civilians";
constexpr const char* kDisbandBuiltPoint = "messina.disband-built-units";
constexpr const char* kUpgradeAreaPoint = "messina.shield-upgrade-area";
constexpr const char* kShieldHighTechPoint = "messina.shield-high-tech";
constexpr const char* kHighTechOntoCard = "messina.convention.high-tech-onto-card";
constexpr const char* kUpgradeOwn = "messina.convention.upgrade-own-shield";
constexpr const char* kMusterDisbands = "messina.convention.muster-disbands";

using PerKind = std::function<z3::expr(const Where&, std::size_t)>;

z3::expr kinds_at(const PerKind& f, const Where& w) {
  z3::expr t = f(w, 0);
  for (std::size_t k = 1; k < kKinds; ++k) t = t + f(w, k);
  return t;
}

// One Muster's relation as it is built: the spaces, the parts, the rules.
struct Build {
  Spaces& spaces;
  MusterKind what;
  ms::FactionKind kind;
  const MusterState &before, &after;
  const Ground& ground;
  const MusterChoice& choice;
  const ms::Rules& rules;
  std::string prefix;
  bool apart;  // the discovery search's build: each point's and convention's constraint under its own id
  MusterRelation out;

  z3::context& ctx() const { return spaces.ctx(); }
  void guard(const char* clause, const z3::expr& e) { out.guard.push_back({clause, e}); }
  void guard_each(const char* clause, const AtWhere& at) { guard(clause, spaces.each(at)); }
  void effect(const char* clause, const z3::expr& e) { out.effect.push_back({clause, e}); }
  z3::expr total(const std::string& name, const AtWhere& at) { return spaces.total(prefix + name, at); }
  bool muster() const { return what == MusterKind::muster; }
  const char* shield_clause() const { return muster() ? kShieldOp : kRearm; }
  // A constraint a point's reading or a convention makes: tagged with that source in the discovery
  // search's build (muster_relation.hpp), else with the clause whose sentence it settles, as the oracle
  // names it (the membership checks, the theorems).
  const char* source(const char* own, const char* clause) const { return apart ? own : clause; }
};

// The builder's units of kind k at a place after the builds and equips (before the disbands).
z3::expr with_builds(const PerKind& army, const PerKind& built, const AtWhere& equipped, const Where& w,
                     std::size_t k) {
  z3::expr n = army(w, k) + built(w, k);
  if (k == kCivilian) n = n - equipped(w);
  if (k == kInfantry) n = n + equipped(w);
  return n;
}

// The Energy the action costs at a space (messina.muster.unit-table, .equip, .shield.build-upgrade).
AtWhere cost_at(const MusterChoice& c, const ms::Ruleset& n) {
  return [c, n](const Where& w) {
    z3::expr e = w.term.ctx().int_val(0);
    for (std::size_t k = 0; k < kKinds; ++k)
      if (const int each = n.unit(ms::kUnitKinds[k]).cost; each != 0)
        e = e + each * (c.built_map(w, k) + c.built_card(w, k));
    return e + n.equip_cost * (c.equipped_map(w) + c.equipped_card(w)) + n.shield_build_cost * c.shield_builds(w) +
           n.shield_upgrade_cost * c.shield_upgrades(w);
  };
}

// messina.muster.when: the Alternating Phase of the rounds of the Muster parity (a phase, if named, the
// Muster); a Re-arm (messina.muster.shield.rearm), a Bonus Military Action: its phase only
// (messina.convention.rearm-any-round), at most shield_ops_per_rearm ops, and nothing but Shield ops.
void timing(Build& b) {
  const Purse& p = b.before.purse;
  if (b.muster()) {
    b.guard(kWhen, z3::mod(p.round, 2) == b.rules.numbers.round_parity_muster &&
                       (p.phase == static_cast<int>(ms::Phase::unspecified) ||
                        p.phase == static_cast<int>(ms::Phase::muster)));
    return;
  }
  const MusterChoice& c = b.choice;
  b.guard(kRearm, p.phase == static_cast<int>(ms::Phase::rearm));
  b.guard(kRearm, b.total("shield_ops", [c](const Where& w) {
    return c.shield_builds(w) + c.shield_upgrades(w) + c.card_shield_ops(w);
  }) <= b.rules.numbers.shield_ops_per_rearm);
  b.guard_each(kRearm, [c](const Where& w) {
    return kinds_at(c.built_map, w) + kinds_at(c.built_card, w) + kinds_at(c.disbanded_map, w) +
               kinds_at(c.disbanded_card, w) + c.built_workers(w) + c.disbanded_workers(w) +
               c.disbanded_card_workers(w) + c.equipped_map(w) + c.equipped_card(w) ==
           0;
  });
}

// messina.muster.no-build-disband, interpretation messina.build-disband: which builds a disband rules out.
void builds_beside_disbands(Build& b) {
  const MusterChoice& c = b.choice;
  const z3::expr disbands = b.total("disbands", [c](const Where& w) {
    return kinds_at(c.disbanded_map, w) + kinds_at(c.disbanded_card, w) + c.disbanded_workers(w) +
           c.disbanded_card_workers(w);
  });
  const z3::expr builds = b.total(
      "builds", [c](const Where& w) { return kinds_at(c.built_map, w) + kinds_at(c.built_card, w) + c.built_workers(w); });
  switch (b.rules.readings.build_disband) {
    case R::BuildDisband::builds_and_equip: {
      // equipping makes Infantry for Energy like a build, so it is banned beside a disband too
      const z3::expr equips =
          b.total("equips", [c](const Where& w) { return c.equipped_map(w) + c.equipped_card(w); });
      b.guard(b.source(kBuildDisbandPoint, kNoBuildDisband), z3::implies(disbands > 0, builds == 0 && equips == 0));
      break;
    }
    case R::BuildDisband::builds_only:
      b.guard(b.source(kBuildDisbandPoint, kNoBuildDisband), z3::implies(disbands > 0, builds == 0));
      break;
    case R::BuildDisband::move_or_convert:
      // only a build and a disband of one kind at one place may stand together: every disband is of the
      // kind and at the place of each build
      b.guard_each(b.source(kBuildDisbandPoint, kNoBuildDisband), [c, disbands](const Where& w) {
        z3::expr ok = z3::implies(c.built_workers(w) > 0, disbands == c.disbanded_workers(w));
        for (std::size_t k = 0; k < kKinds; ++k)
          ok = ok && z3::implies(c.built_map(w, k) > 0, disbands == c.disbanded_map(w, k)) &&
               z3::implies(c.built_card(w, k) > 0, disbands == c.disbanded_card(w, k));
        return ok;
      });
      break;
  }
}

// Where each build may stand: Workers are placed in Industry, never built; onto a card the builder
// holds (messina.cards.muster-onto, its facing not asked: messina.cards.hidden.secret-muster), in the
// Friendly Area (interpretation messina.card-in-area for a card), a high-tech unit at a high-tech site
// (messina.convention.high-tech-onto-card: a card's own map space).
void build_sites(Build& b) {
  const MusterChoice& c = b.choice;
  const Ground& g = b.ground;
  const bool every_card = b.rules.readings.card_in_area == R::CardInArea::every_held_card;
  const ms::Ruleset n = b.rules.numbers;
  b.guard_each(kWorkersPlaced, [c](const Where& w) { return c.built_workers(w) == 0; });
  b.guard_each(kMusterOnto, [c, g](const Where& w) { return z3::implies(kinds_at(c.built_card, w) > 0, g.holds(w)); });
  auto high_tech_built = [n](const PerKind& built, const Where& w) {
    z3::expr high = w.term.ctx().int_val(0);
    for (std::size_t k = 0; k < kKinds; ++k)
      if (is_high_tech(n, ms::kUnitKinds[k])) high = high + built(w, k);
    return high;
  };
  if (b.apart) {  // the map's sentence, the card's reading (point) and the card's site (convention) apart
    b.guard_each(kArea, [c, g](const Where& w) { return z3::implies(kinds_at(c.built_map, w) > 0, g.friendly(w)); });
    b.guard_each(kCardInArea, [c, g, every_card](const Where& w) {
      return z3::implies(kinds_at(c.built_card, w) > 0, every_card ? w.term.ctx().bool_val(true) : g.friendly(w));
    });
    b.guard_each(kHighTech, [c, g, high_tech_built](const Where& w) {
      return z3::implies(high_tech_built(c.built_map, w) > 0, g.high_tech(w));
    });
    b.guard_each(kHighTechOntoCard, [c, g, high_tech_built](const Where& w) {
      return z3::implies(high_tech_built(c.built_card, w) > 0, g.high_tech(w));
    });
    return;
  }
  b.guard_each(kArea, [c, g, every_card](const Where& w) {
    const z3::expr card_ok = every_card ? w.term.ctx().bool_val(true) : g.friendly(w);
    return z3::implies(kinds_at(c.built_map, w) > 0, g.friendly(w)) &&
           z3::implies(kinds_at(c.built_card, w) > 0, card_ok);
  });
  b.guard_each(kHighTech, [c, g, high_tech_built](const Where& w) {
    return z3::implies(high_tech_built(c.built_map, w) + high_tech_built(c.built_card, w) > 0, g.high_tech(w));
  });
}

// messina.muster.stacking (the map limit; the card's own: messina.cards.seven-per-location, Workers in
// Utilities never counted: messina.muster.stacking.workers, Shields neither:
// messina.convention.shield-not-stacked) and messina.muster.stacking.over-limit (interpretation
// messina.over-limit-card: under card-too the over-limit space's card takes nothing new either).
void stacking(Build& b) {
  const MusterChoice& c = b.choice;
  const Ground& g = b.ground;
  const int lm = b.rules.numbers.stacking_map, lc = b.rules.numbers.stacking_card;
  // The count is read after the builds and before the disbands (as the oracle reads it): a disband in the
  // same Muster makes no room for a build.
  b.guard_each(kOverLimit,
               [c, g, lm](const Where& w) { return z3::implies(kinds_at(c.built_map, w) > 0, g.counted(w) <= lm); });
  b.guard_each(kStacking, [c, g, lm](const Where& w) {
    const z3::expr on_map = kinds_at(c.built_map, w);
    return z3::implies(on_map > 0, g.counted(w) + on_map <= lm);
  });
  // (over the discovery search's boards stated under either reading, so that the search meets the point)
  const bool card_too = b.rules.readings.over_limit_card == R::OverLimitCard::card_too;
  if (card_too || b.apart)
    b.guard_each(b.source(kOverLimitCardPoint, kOverLimit), [c, g, lm, card_too](const Where& w) {
      return z3::implies(kinds_at(c.built_card, w) > 0, card_too ? g.counted(w) <= lm : w.term.ctx().bool_val(true));
    });
  b.guard_each(kStacking, [c, g, lc](const Where& w) {
    const z3::expr on_card = kinds_at(c.built_card, w);
    return z3::implies(on_card > 0, g.card_units(w) + on_card <= lc);
  });
}

// messina.muster.equip: a human faction's own Civilians become Infantry (on a card: one it holds); it
// moves no token, so a Civilian and an Infantry must take as many; messina.muster.equip.ai: never the
// AI. Interpretation messina.equip-built-civilians: the Civilians there at the start, or those and the
// ones this Muster builds there. messina.muster.equip.stacking: no count changes, no stacking check.
void equips(Build& b) {
  const MusterChoice& c = b.choice;
  const Ground& g = b.ground;
  const Army& army = b.before.army;
  const bool human = b.kind == ms::FactionKind::human;
  const bool same_tokens = !human || tokens_per_unit(b.rules.numbers, b.kind, ms::Piece::civilian) ==
                                         tokens_per_unit(b.rules.numbers, b.kind, ms::Piece::infantry);
  const bool built_too = b.rules.readings.equip_built_civilians == R::EquipBuiltCivilians::built_too;
  b.guard_each(kEquipAi, [c, human](const Where& w) {
    return z3::implies(c.equipped_map(w) + c.equipped_card(w) > 0, w.term.ctx().bool_val(human));
  });
  auto within = [c, army, built_too](const Where& w) {  // the Civilians there to equip
    const z3::expr map_civ = army.map(w, kCivilian) + (built_too ? c.built_map(w, kCivilian) : w.term.ctx().int_val(0));
    const z3::expr card_civ =
        army.card(w, kCivilian) + (built_too ? c.built_card(w, kCivilian) : w.term.ctx().int_val(0));
    return c.equipped_map(w) <= map_civ && c.equipped_card(w) <= card_civ;
  };
  auto sentence = [c, g, same_tokens](const Where& w) {
    const z3::expr any = c.equipped_map(w) + c.equipped_card(w) > 0;
    return z3::implies(any, w.term.ctx().bool_val(same_tokens)) && z3::implies(c.equipped_card(w) > 0, g.holds(w));
  };
  if (b.apart) {  // which Civilians may be equipped is the point's reading
    b.guard_each(kEquip, sentence);
    b.guard_each(kEquipBuiltPoint, within);
    return;
  }
  b.guard_each(kEquip, [sentence, within](const Where& w) { return sentence(w) && within(w); });
}

// convention messina.convention.muster-disbands: a disband takes only what stands there after the
// builds and equips; under interpretation messina.disband-built-units = at-start also only what stood
// there when the Muster began. A Worker stands in a Utility on the map, never on a card.
void disbands(Build& b) {
  const MusterChoice& c = b.choice;
  const Army& army = b.before.army;
  const bool at_start = b.rules.readings.disband_built_units == R::DisbandBuiltUnits::at_start;
  auto there = [c, army](const Where& w) {
    z3::expr ok = c.disbanded_card_workers(w) == 0 && c.disbanded_workers(w) <= army.workers(w);
    for (std::size_t k = 0; k < kKinds; ++k)
      ok = ok && c.disbanded_map(w, k) <= with_builds(army.map, c.built_map, c.equipped_map, w, k) &&
           c.disbanded_card(w, k) <= with_builds(army.card, c.built_card, c.equipped_card, w, k);
    return ok;
  };
  auto at_the_start = [c, army](const Where& w) {
    z3::expr ok = w.term.ctx().bool_val(true);
    for (std::size_t k = 0; k < kKinds; ++k)
      ok = ok && c.disbanded_map(w, k) <= army.map(w, k) && c.disbanded_card(w, k) <= army.card(w, k);
    return ok;
  };
  if (b.apart) {  // which units may be disbanded is the point's reading
    b.guard_each(kDisband, there);
    b.guard_each(kDisbandBuiltPoint, [at_the_start, at_start](const Where& w) {
      return at_start ? at_the_start(w) : w.term.ctx().bool_val(true);
    });
    return;
  }
  b.guard_each(kDisband, [there, at_the_start, at_start](const Where& w) {
    return at_start ? there(w) && at_the_start(w) : there(w);
  });
}

// convention messina.convention.rearm-takes-muster-limits: a Re-arm's Shield ops are judged by these too
// messina.muster.shield.build-upgrade and its limits: a new Shield where none rules it out, in the
// Friendly Area (an upgrade too under interpretation messina.shield-upgrade-area friendly-area), one
// per space; an upgrade raises the builder's own Shield, not beside a build there
// (messina.muster.shield.not-both), at most shield_upgrades_per_muster times (.one-upgrade); under
// messina.shield-high-tech shields-too a Shield costing the high-tech threshold stands at a high-tech
// site; never on a card (messina.cards.no-structures).
void shield_ops(Build& b) {
  const MusterChoice& c = b.choice;
  const Ground& g = b.ground;
  const ms::Ruleset n = b.rules.numbers;
  const bool upgrade_in_area = b.rules.readings.shield_upgrade_area == R::ShieldUpgradeArea::friendly_area;
  const bool high = b.rules.readings.shield_high_tech == R::ShieldHighTech::shields_too &&
                    n.shield_build_cost >= n.high_tech_min_cost;
  b.guard_each(kNoStructures, [c](const Where& w) { return c.card_shield_ops(w) == 0; });
  b.guard_each(kShieldNotBoth,
               [c](const Where& w) { return z3::implies(c.shield_upgrades(w) > 0, c.shield_builds(w) == 0); });
  b.guard_each(kShieldOneUpgrade, [c, n](const Where& w) { return c.shield_upgrades(w) <= n.shield_upgrades_per_muster; });
  if (b.apart) {  // the build's sentence, the upgrade's area (point) and whose Shield it raises (convention) apart
    b.guard_each(kArea, [c, g](const Where& w) { return z3::implies(c.shield_builds(w) > 0, g.shield_friendly(w)); });
    b.guard_each(kUpgradeAreaPoint, [c, g, upgrade_in_area](const Where& w) {
      return z3::implies(c.shield_upgrades(w) > 0, upgrade_in_area ? g.shield_friendly(w) : w.term.ctx().bool_val(true));
    });
    b.guard_each(kShieldOp, [c, g](const Where& w) {
      return c.shield_builds(w) <= 1 && z3::implies(c.shield_builds(w) > 0, !g.shield_blocks(w));
    });
    b.guard_each(kUpgradeOwn, [c, g](const Where& w) { return z3::implies(c.shield_upgrades(w) > 0, g.own_shield(w) > 0); });
  } else {
    b.guard_each(kArea, [c, g, upgrade_in_area](const Where& w) {
      const z3::expr upgrade = upgrade_in_area ? c.shield_upgrades(w) > 0 : w.term.ctx().bool_val(false);
      return z3::implies(c.shield_builds(w) > 0 || upgrade, g.shield_friendly(w));
    });
    b.guard_each(kShieldOp, [c, g](const Where& w) {
      return c.shield_builds(w) <= 1 && z3::implies(c.shield_builds(w) > 0, !g.shield_blocks(w)) &&
             z3::implies(c.shield_upgrades(w) > 0, g.own_shield(w) > 0);
    });
  }
  if (high || b.apart)
    b.guard_each(b.source(kShieldHighTechPoint, kHighTech), [c, g, high](const Where& w) {
      return z3::implies(c.shield_builds(w) > 0, high ? g.high_tech(w) : w.term.ctx().bool_val(true));
    });
}

// messina.muster.energy: Energy pays for every build, equip and Shield op; messina.muster.population:
// the builds' tokens go from Spare to Located (messina.population.backing); the disbands' tokens go
// from Located to Disaffected (messina.population.disband-on-shortfall).
void supplies(Build& b) {
  const MusterChoice c = b.choice;
  const ms::Ruleset n = b.rules.numbers;
  const ms::FactionKind kind = b.kind;
  b.out.cost = b.total("energy_cost", cost_at(c, n));
  b.out.built_tokens = b.total("built_tokens", [c, n, kind](const Where& w) { return built_tokens_at(c, w, n, kind); });
  b.out.disbanded_tokens =
      b.total("disbanded_tokens", [c, n, kind](const Where& w) { return disbanded_tokens_at(c, w, n, kind); });
  const Purse &p = b.before.purse, &q = b.after.purse;
  b.guard(kEnergy, p.energy >= b.out.cost);
  b.guard(kPopulation, p.spare >= b.out.built_tokens);
  b.effect(kEnergy, q.energy == p.energy - b.out.cost);
  b.effect(kPopulation, q.spare == p.spare - b.out.built_tokens);
  b.effect(kPopulation, q.located == p.located + b.out.built_tokens - b.out.disbanded_tokens);
  // where a disband's tokens go (a shortfall's sentence; for a Muster's disband: messina.convention.muster-disbands)
  b.effect(b.source(kMusterDisbands, kDisband), q.disaffected == p.disaffected + b.out.disbanded_tokens);
}

// The builder's pieces after: builds added, equips turned, disbands taken (on the map:
// messina.population.placement.military; onto a card: messina.cards.muster-onto; Workers:
// messina.population.disband-on-shortfall); its Shields: a new one at level 1, an upgrade one level
// up (messina.convention.shield-level-unbounded: no highest level).
void pieces_after(Build& b) {
  const MusterChoice& c = b.choice;
  const Army &army = b.before.army, &next = b.after.army;
  const AtWhere shield = b.before.shield, shield_after = b.after.shield;
  b.effect(kPlacedMilitary, b.spaces.each([c, army, next](const Where& w) {
    z3::expr e = w.term.ctx().bool_val(true);
    for (std::size_t k = 0; k < kKinds; ++k)
      e = e && next.map(w, k) == with_builds(army.map, c.built_map, c.equipped_map, w, k) - c.disbanded_map(w, k);
    return e;
  }));
  b.effect(kMusterOnto, b.spaces.each([c, army, next](const Where& w) {
    z3::expr e = w.term.ctx().bool_val(true);
    for (std::size_t k = 0; k < kKinds; ++k)
      e = e && next.card(w, k) == with_builds(army.card, c.built_card, c.equipped_card, w, k) - c.disbanded_card(w, k);
    return e;
  }));
  b.effect(kDisband, b.spaces.each([c, army, next](const Where& w) {
    return next.workers(w) == army.workers(w) - c.disbanded_workers(w);
  }));
  b.effect(b.shield_clause(), b.spaces.each([c, shield, shield_after](const Where& w) {
    return shield_after(w) == z3::ite(c.shield_builds(w) > 0, w.term.ctx().int_val(1), shield(w) + c.shield_upgrades(w));
  }));
}

}  // namespace

bool is_high_tech(const ms::Ruleset& numbers, ms::Piece p) { return numbers.unit(p).cost >= numbers.high_tech_min_cost; }

z3::expr built_tokens_at(const MusterChoice& c, const Where& w, const ms::Ruleset& numbers, ms::FactionKind kind) {
  const std::array<int, kKinds> per = tokens_per_unit_kind(numbers, kind);
  z3::expr t = w.term.ctx().int_val(0);
  for (std::size_t k = 0; k < kKinds; ++k)
    if (per[k] != 0) t = t + per[k] * (c.built_map(w, k) + c.built_card(w, k));
  return t;
}

z3::expr disbanded_tokens_at(const MusterChoice& c, const Where& w, const ms::Ruleset& numbers, ms::FactionKind kind) {
  const std::array<int, kKinds> per = tokens_per_unit_kind(numbers, kind);
  z3::expr t = tokens_per_unit(numbers, kind, ms::Piece::worker) * (c.disbanded_workers(w) + c.disbanded_card_workers(w));
  for (std::size_t k = 0; k < kKinds; ++k)
    if (per[k] != 0) t = t + per[k] * (c.disbanded_map(w, k) + c.disbanded_card(w, k));
  return t;
}

MusterRelation muster_relation(Spaces& spaces, MusterKind what, ms::FactionKind kind, const MusterState& before,
                               const Ground& ground, const MusterChoice& choice, const MusterState& after,
                               const ms::Rules& rules, const std::string& prefix, bool sources_apart) {
  z3::context& ctx = spaces.ctx();
  Build b{spaces, what, kind, before, after, ground, choice, rules, prefix, sources_apart,
          MusterRelation{{}, {}, ctx.int_val(0), ctx.int_val(0), ctx.int_val(0)}};
  timing(b);
  if (b.muster()) {
    builds_beside_disbands(b);
    build_sites(b);
    stacking(b);
    equips(b);
    disbands(b);
  }
  shield_ops(b);
  supplies(b);
  pieces_after(b);
  return std::move(b.out);
}

}  // namespace rulecheck::solver::messina
