// The literal encoding of the Muster page's Shield sentences and of the Re-arm sentence (rules/messina
// muster page, paragraph 7): each Shield build or upgrade, of a Muster or of a Re-arm (a Bonus
// Military Action), as loosely as its words allow (literal_frame.hpp; the search over it is literal.cpp).
#include <map>

#include "solver/messina/literal_frame.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina::literal {

z3::expr high_tech_site(const SymBoard& b, int f, int s, Freedoms& v) {
  const z3::expr ally_home = v.reading("messina.high-tech-home", kHighTech) == 1;
  z3::expr ok = b.factions[f].home[s];
  for (std::size_t g = 0; g < b.factions.size(); ++g) {
    const int ally = static_cast<int>(g);
    const z3::expr agrees =
        ally == f ? b.ctx().bool_val(true) : b.factions[g].consents[f][static_cast<int>(ms::Activity::muster)];
    ok = ok || (b.spaces[s].utility[g] && agrees);
    if (ally != f) ok = ok || (ally_home && b.factions[g].home[s] && agrees);
  }
  return ok;
}

// The Shield ops of one Muster (in_rearm false) or one Re-arm, from `pre` onto `step.post`.
void shield_ops(const SymBoard& pre, int f, const std::vector<ms::ShieldOp>& ops, bool in_rearm,
                const std::map<ms::SpaceId, Earlier>& earlier, Freedoms& v, const ms::Rules& rules, LiteralStep& step,
                int& energy) {
  z3::context& ctx = pre.ctx();
  const auto friendly_build = friendly_area(pre, f, ms::Activity::build, rules);
  const auto friendly_muster = friendly_area(pre, f, ms::Activity::muster, rules);
  const z3::expr consent = v.reading("messina.shield-consent", kArea);
  Constraints& c = step.conditions;
  for (const auto& op : ops) {
    const int s = pre.space_index(op.where.space);
    // messina.cards.no-structures: a Shield stands on a map space, never on a card.
    if (op.where.on_card) {
      c.push_back({kNoStructures, ctx.bool_val(false)});
      continue;
    }
    const SymSpace& sp = pre.spaces[s];
    const z3::expr area = z3::ite(consent == 0, friendly_build[s], friendly_muster[s]);
    const z3::expr own = sp.shield[f] > 0;
    z3::expr any_standing = ctx.bool_val(false);
    for (std::size_t g = 0; g < pre.factions.size(); ++g) any_standing = any_standing || sp.shield[g] > 0;
    if (in_rearm) {
      // messina.muster.shield.rearm: the Re-arm sentence says only that Shields may "similarly" be
      // built or upgraded once; whether the Muster's Friendly Area condition (which refuses, when it
      // binds) comes with it is open.
      c.push_back({kArea, z3::implies(v.open("rearm-in-area", kRearm,
                                             "whether the Muster's Friendly Area condition binds a Re-arm's Shield"),
                                      area)});
    }
    if (op.op == ms::ShieldOpKind::build) {
      // messina.muster.friendly-area: a new Shield goes into the builder's Friendly Area (whose consent
      // counts is messina.shield-consent).
      if (!in_rearm) c.push_back({kArea, area});
      // messina.muster.shield.build-upgrade with messina.shield-per-space: a Shield is built where none
      // stands (any faction's, or the builder's own).
      const z3::expr per_space = v.reading("messina.shield-per-space", kShieldOp);
      c.push_back({kShieldOp, z3::ite(per_space == 0, !any_standing, !own)});
      // messina.muster.high-tech with messina.shield-high-tech: a 3E Shield may count as high tech.
      if (rules.numbers.shield_build_cost >= rules.numbers.high_tech_min_cost)
        c.push_back({kHighTech,
                     z3::implies(v.reading("messina.shield-high-tech", kHighTech) == 1, high_tech_site(pre, f, s, v))});
      step.post.spaces[s].shield[f] = ctx.int_val(1);  // the first level
      energy += rules.numbers.shield_build_cost;
      continue;
    }
    // An upgrade. messina.muster.friendly-area speaks of new Shields being built: whether it also
    // binds raising a Shield that already stands is open.
    if (!in_rearm)
      c.push_back({kArea, z3::implies(v.open("upgrade-in-area", kArea,
                                             "whether the Friendly Area condition for new Shields binds an upgrade"),
                                      area)});
    // convention messina.convention.upgrade-own-shield: the oracle's choice is the Bool upgrade-own-only set
    // messina.muster.shield.build-upgrade names no owner for the Shield upgraded: the builder's own, or
    // any Shield standing there, is open.
    const z3::expr own_only =
        v.open("upgrade-own-only", kShieldOp, "whether only the builder's own Shield may be upgraded");
    z3::expr other = ctx.bool_val(false);
    for (std::size_t g = 0; g < pre.factions.size(); ++g)
      if (static_cast<int>(g) != f) other = other || sp.shield[g] > 0;
    c.push_back({kShieldOp, own || (!own_only && other)});
    // the level raised: the builder's own Shield, else the first other Shield standing there
    z3::expr taken = own;
    step.post.spaces[s].shield[f] = z3::ite(own, sp.shield[f] + 1, sp.shield[f]);
    for (std::size_t g = 0; g < pre.factions.size(); ++g) {
      if (static_cast<int>(g) == f) continue;
      const z3::expr here = !taken && sp.shield[g] > 0;
      step.post.spaces[s].shield[g] = z3::ite(here, sp.shield[g] + 1, sp.shield[g]);
      taken = taken || here;
    }
    energy += rules.numbers.shield_upgrade_cost;
    // The round's earlier Muster touched this Shield. messina.muster.shield.one-upgrade and .not-both
    // count within one Muster Phase; the texts never say whether a Re-arm falls within it (the
    // Re-arm sentence speaks only of a later Muster Phase).
    const auto e = earlier.find(op.where.space);
    if (in_rearm && e != earlier.end()) {
      // convention messina.convention.rearm-after-muster-apart: the oracle's choice is this Bool unset
      const z3::expr within = v.open("rearm-within-muster-phase", kShieldOneUpgrade,
                                     "whether a Re-arm in the round of a Muster falls within that Muster Phase");
      if (e->second.upgrades > 0)
        c.push_back({kShieldOneUpgrade, z3::implies(within, ctx.bool_val(e->second.upgrades + 1 <=
                                                                         rules.numbers.shield_upgrades_per_muster))});
      if (e->second.built) c.push_back({kShieldNotBoth, !within});
    }
  }
  // messina.muster.shield.not-both, .one-upgrade within the step's own ops (closed: the action's).
  std::map<ms::SpaceId, int> builds, upgrades;
  for (const auto& op : ops) (op.op == ms::ShieldOpKind::build ? builds : upgrades)[op.where.space]++;
  for (const auto& [space, n] : upgrades) {
    c.push_back({kShieldNotBoth, ctx.bool_val(builds.count(space) == 0)});
    c.push_back({kShieldOneUpgrade, ctx.bool_val(n <= rules.numbers.shield_upgrades_per_muster)});
  }
}

}  // namespace rulecheck::solver::messina::literal
