// Muster's per-action proofs for boards of any size (unbounded.hpp, unbounded_sums.hpp): a Muster by a
// faction of either kind with any builds (on the map and onto its cards), equips and disbands at any
// spaces and Shield ops anywhere, and a Re-arm's Shield ops; every count a function over an
// uninterpreted sort of spaces. The conditions stated are those the claims rest on (muster.cpp's
// messina.muster.energy, .population, .equip, .equip.ai and the disbands' counts), so the actions
// covered are a superset of the legal ones (builds beside disbands, in any Friendly Area). Other
// factions' counts are not touched by the effect.
//
// Stacking on the map and on cards (messina.muster.stacking-kept and messina.muster.card-capacity in
// the bounded set, which restated the check they followed) is messina.stacking.map-limit and
// messina.stacking.card-limit (stacking_relation.cpp, stacking_theorems.cpp): every space and card of
// the whole state after any action that adds units.
#include <fmt/format.h>

#include "solver/messina/unbounded.hpp"
#include "solver/messina/reachable_facts.hpp"
#include "solver/messina/unbounded_sums.hpp"

namespace rulecheck::solver::messina {

namespace {

// energy-never-negative
constexpr const char* kShieldsUnchecked = "Shield ops paid but left out of the Energy check";
constexpr const char* kEquipUnchecked = "equipping paid but left out of the Energy check";
// tokens-conserved
constexpr const char* kDisbandLost = "the tokens of disbanded units leave the game (not Disaffected)";
constexpr const char* kBuildFromNowhere = "a build's tokens made Located without leaving Spare";
// located-backed
constexpr const char* kEveryBuildOneToken = "every unit built takes one token, a Mech's and the AI's Infantry too";
constexpr const char* kWorkerDisbandFree = "a disbanded Worker's token stays Located";
constexpr const char* kAiEquips = "the AI equips its Civilians as Infantry";

struct Muster {
  z3::context& c;
  const ms::Rules& rules;
  ms::FactionKind kind;
  std::string mis;
  z3::sort space;
  SpaceSums sums;
  std::array<int, kKinds> per;
  Pieces army, built, disbanded, after;
  z3::func_decl equipped, equipped_on_card, shield_built, shield_upgraded;
  z3::expr energy, energy_after, spare, located, disaffected, dead, spare_after, located_after, disaffected_after,
      dead_after;

  Muster(z3::context& ctx, const ms::Rules& r, ms::FactionKind k, std::string m)
      : c(ctx),
        rules(r),
        kind(k),
        mis(std::move(m)),
        space(ctx.uninterpreted_sort("Space")),
        sums{ctx, space},
        per(tokens_per_kind(r.numbers, k)),
        army(ctx, space, "units"),
        built(ctx, space, "built"),
        disbanded(ctx, space, "disbanded"),
        after(ctx, space, "units_after"),
        equipped(ctx.function("equipped", space, ctx.int_sort())),
        equipped_on_card(ctx.function("equipped_on_card", space, ctx.int_sort())),
        shield_built(ctx.function("shield_built", space, ctx.int_sort())),
        shield_upgraded(ctx.function("shield_upgraded", space, ctx.int_sort())),
        energy(ctx.int_const("energy")),
        energy_after(ctx.int_const("energy_after")),
        spare(ctx.int_const("spare")),
        located(ctx.int_const("located")),
        disaffected(ctx.int_const("disaffected")),
        dead(ctx.int_const("dead")),
        spare_after(ctx.int_const("spare_after")),
        located_after(ctx.int_const("located_after")),
        disaffected_after(ctx.int_const("disaffected_after")),
        dead_after(ctx.int_const("dead_after")) {}

  static constexpr std::size_t kCivilian = 0, kInfantry = 1;  // ms::kUnitKinds' order

  // The state before, the action's counts, their conditions and the units after (each space).
  z3::expr board_and_action(bool rearm) const {
    const z3::expr s = c.constant("s", space);
    z3::expr at = army.not_negative(s) && built.not_negative(s) && disbanded.not_negative(s) &&
                  equipped(s) >= 0 && equipped_on_card(s) >= 0 && shield_built(s) >= 0 && shield_built(s) <= 1 &&
                  shield_upgraded(s) >= 0 &&
                  shield_upgraded(s) <= (rearm ? rules.numbers.shield_ops_per_rearm
                                               : rules.numbers.shield_upgrades_per_muster);
    if (rearm) {
      // A Re-arm's Shield ops only.
      at = at && built.workers(s) == 0 && disbanded.workers(s) == 0 && equipped(s) == 0 && equipped_on_card(s) == 0;
      for (std::size_t k = 0; k < kKinds; ++k)
        at = at && built.map[k](s) == 0 && built.card[k](s) == 0 && disbanded.map[k](s) == 0 &&
             disbanded.card[k](s) == 0;
    } else {
      at = at && built.workers(s) == 0;  // Workers are placed, never built
      // messina.population.disband-on-shortfall: a disband names units that are there
      at = at && disbanded.workers(s) <= army.workers(s);
      for (std::size_t k = 0; k < kKinds; ++k)
        at = at && disbanded.map[k](s) <= army.map[k](s) && disbanded.card[k](s) <= army.card[k](s);
      // messina.muster.equip: the Civilians there when the Muster began; moves no token (a Civilian and
      // an Infantry take as many); messina.muster.equip.ai: never the AI.
      at = at && equipped(s) <= army.map[kCivilian](s) && equipped_on_card(s) <= army.card[kCivilian](s);
      const bool equips = (kind == ms::FactionKind::human || mis == kAiEquips) &&
                          (kind != ms::FactionKind::human || per[kCivilian] == per[kInfantry]);
      if (!equips) at = at && equipped(s) == 0 && equipped_on_card(s) == 0;
    }
    // The units after: builds added, disbands and equips applied.
    z3::expr units = after.workers(s) == army.workers(s) - disbanded.workers(s);
    for (std::size_t k = 0; k < kKinds; ++k) {
      z3::expr on_map = army.map[k](s) + built.map[k](s) - disbanded.map[k](s);
      z3::expr on_card = army.card[k](s) + built.card[k](s) - disbanded.card[k](s);
      if (k == kCivilian) on_map = on_map - equipped(s), on_card = on_card - equipped_on_card(s);
      if (k == kInfantry) on_map = on_map + equipped(s), on_card = on_card + equipped_on_card(s);
      units = units && after.map[k](s) == on_map && after.card[k](s) == on_card;
    }
    return z3::forall(s, at && units) && energy >= 0 && spare >= 0 && located >= 0 && disaffected >= 0 && dead >= 0;
  }

  // The Energy the action costs at `s` (messina.muster.unit-table, .equip, .shield.build-upgrade), less
  // what a misreading leaves out of the check.
  z3::expr cost_at(const z3::expr& s, bool checked) const {
    const ms::Ruleset& n = rules.numbers;
    z3::expr e = c.int_val(0);
    for (std::size_t k = 0; k < kKinds; ++k)
      if (int each = n.unit(ms::kUnitKinds[k]).cost; each != 0) e = e + each * (built.map[k](s) + built.card[k](s));
    if (!(checked && mis == kEquipUnchecked)) e = e + n.equip_cost * (equipped(s) + equipped_on_card(s));
    if (!(checked && mis == kShieldsUnchecked))
      e = e + n.shield_build_cost * shield_built(s) + n.shield_upgrade_cost * shield_upgraded(s);
    return e;
  }

  // messina.muster.energy: Energy pays for the whole action, and the faction has it.
  z3::expr energy_paid() const {
    const z3::expr paid = sums.total("energy_cost");
    const AtSpace all = [this](const z3::expr& s) { return cost_at(s, false); };
    z3::expr e = energy_after == energy - paid;
    if (mis != kShieldsUnchecked && mis != kEquipUnchecked) return e && energy >= paid;
    const z3::expr checked = sums.total("energy_checked"), left_out = sums.total("energy_unchecked");
    const AtSpace part = [this](const z3::expr& s) { return cost_at(s, true); };
    const AtSpace rest = [this](const z3::expr& s) { return cost_at(s, false) - cost_at(s, true); };
    return e && energy >= checked && sums.additive(paid, all, checked, part, left_out, rest);
  }

  // The tokens the builds take and the disbands free, at `s` (the text's count, or a misreading's).
  z3::expr built_tokens(const z3::expr& s, bool misread) const {
    if (misread && mis == kEveryBuildOneToken) {
      std::array<int, kKinds> one{};
      one.fill(1);
      return built.tokens(s, one);
    }
    return built.tokens(s, per);
  }
  z3::expr disbanded_tokens(const z3::expr& s, bool misread) const {
    const z3::expr t = disbanded.tokens(s, per);
    return misread && mis == kWorkerDisbandFree ? t - disbanded.workers(s) : t;
  }

  // messina.muster.population and messina.population.disband-on-shortfall: the builds' tokens go from
  // Spare to Located, the disbanded units' from Located to Disaffected.
  z3::expr population() const {
    const z3::expr took = sums.total("built_tokens"), freed = sums.total("disbanded_tokens");
    z3::expr e = spare >= took;
    e = e && spare_after == (mis == kBuildFromNowhere ? spare : spare - took);
    e = e && located_after == located + took - freed;
    e = e && disaffected_after == (mis == kDisbandLost ? disaffected : disaffected + freed);
    e = e && dead_after == dead;
    // The net tokens the encoding moves (a total of built minus disbanded tokens at each space: a
    // finite sum's fact) and, under a misreading of the counts, the text's net tied to it by the
    // difference at each space (a total nothing else constrains).
    e = e && net_read() == took - freed;
    if (counts_misread()) {
      const AtSpace right = [this](const z3::expr& s) { return built_tokens(s, false) - disbanded_tokens(s, false); };
      const AtSpace read = [this](const z3::expr& s) { return built_tokens(s, true) - disbanded_tokens(s, true); };
      e = e && sums.additive(net_read(), read, net_text(), right, sums.total("net_tokens_gap"),
                             [read, right](const z3::expr& s) { return read(s) - right(s); });
    }
    return e;
  }
  bool counts_misread() const { return mis == kEveryBuildOneToken || mis == kWorkerDisbandFree; }
  z3::expr net_read() const { return sums.total("net_tokens_read"); }
  z3::expr net_text() const { return counts_misread() ? sums.total("net_tokens") : net_read(); }
};

// Vacuity (a): the board before as play can reach it: the pieces (reachable_facts.hpp), the mat's
// tokens and the Energy not negative.
z3::expr muster_reachable(const Muster& m) {
  return pieces_reachable(m.army, m.rules.numbers.stacking_card) &&
         none_negative({m.energy, m.spare, m.located, m.disaffected, m.dead});
}

std::vector<ms::FactionKind> kinds() { return {ms::FactionKind::human, ms::FactionKind::ai}; }

UnboundedProof muster_proof(std::string id, std::string claim, std::vector<std::string> clauses,
                            std::vector<std::string> misreadings) {
  UnboundedProof p;
  p.id = std::move(id);
  p.claim = std::move(claim);
  p.covers =
      "boards of any size: any number of spaces (an uninterpreted sort), any counts, a Muster by a faction of either "
      "kind with any builds (map and cards), equips, disbands and Shield ops at any spaces, and a Re-arm; totals over "
      "the board with the facts of finite sums";
  p.clauses = std::move(clauses);
  p.misreadings = std::move(misreadings);
  p.questions_words = "faction kinds x actions";
  return p;
}

}  // namespace

std::vector<UnboundedProof> unbounded_muster(const ms::Rules& rules) {
  std::vector<UnboundedProof> out;
  const auto stated = [&](UnboundedProof& p) { p.reachable_invariants = {kFormatCounts, kCardCapacity}; };

  UnboundedProof energy =
      muster_proof("messina.muster.energy-never-negative",
                   "no legal Muster or Re-arm leaves the faction with negative Energy: the check counts every build, "
                   "equip and Shield op it pays for",
                   {"messina.muster.energy", "messina.muster.unit-table", "messina.muster.equip",
                    "messina.muster.shield.build-upgrade", "messina.muster.shield.rearm"},
                   {kShieldsUnchecked, kEquipUnchecked});
  energy.ask = [&rules](z3::context& c, const std::string& mis) {
    std::vector<Question> qs;
    for (auto kind : kinds())
      for (bool rearm : {false, true}) {
        const Muster m(c, rules, kind, mis);
        const z3::expr paid = m.sums.total("energy_cost");
        qs.push_back({fmt::format("a {} faction's {}", kind_words(kind), rearm ? "Re-arm" : "Muster"),
                      m.board_and_action(rearm) && m.energy_paid(), m.energy_after >= 0, paid > 0, muster_reachable(m)});
      }
    return qs;
  };
  energy.exercised_words = "the action costs Energy";
  stated(energy);
  out.push_back(std::move(energy));

  UnboundedProof conserved = muster_proof(
      "messina.muster.tokens-conserved",
      "a legal Muster leaves the faction's Spare + Located + Disaffected + dead unchanged",
      {"messina.muster.population", "messina.population.disband-on-shortfall", "messina.population.tokens"},
      {kDisbandLost, kBuildFromNowhere});
  conserved.ask = [&rules](z3::context& c, const std::string& mis) {
    std::vector<Question> qs;
    for (auto kind : kinds()) {
      const Muster m(c, rules, kind, mis);
      qs.push_back({fmt::format("a {} faction's Muster", kind_words(kind)), m.board_and_action(false) && m.population(),
                    m.spare_after + m.located_after + m.disaffected_after + m.dead_after ==
                        m.spare + m.located + m.disaffected + m.dead,
                    m.sums.total("built_tokens") > 0 && m.sums.total("disbanded_tokens") > 0, muster_reachable(m)});
    }
    return qs;
  };
  conserved.exercised_words = "builds take tokens and disbands free some";
  stated(conserved);
  out.push_back(std::move(conserved));

  UnboundedProof located = muster_proof(
      "messina.muster.located-backed",
      "after a legal Muster the faction's Located tokens still equal the tokens its units (map and cards) and Workers "
      "everywhere stand for",
      {"messina.muster.population", "messina.population.located", "messina.population.backing",
       "messina.muster.equip", "messina.muster.equip.ai"},
      {kEveryBuildOneToken, kWorkerDisbandFree, kAiEquips});
  located.ask = [&rules](z3::context& c, const std::string& mis) {
    std::vector<Question> qs;
    for (auto kind : kinds()) {
      const Muster m(c, rules, kind, mis);
      const z3::expr backed = m.sums.total("backed"), backed_after = m.sums.total("backed_after");
      const AtSpace before = [&](const z3::expr& s) { return m.army.tokens(s, m.per); };
      const AtSpace after = [&](const z3::expr& s) { return m.after.tokens(s, m.per); };
      const AtSpace change = [&](const z3::expr& s) { return after(s) - before(s); };
      const z3::expr changed = m.sums.total("backed_change");
      const AtSpace right = [&](const z3::expr& s) {
        return m.built_tokens(s, false) - m.disbanded_tokens(s, false);
      };
      const AtSpace zero = [&](const z3::expr&) { return m.c.int_val(0); };
      // The units' tokens change at each space by what the builds take and the disbands free (the
      // equips move none): totals of functions equal at every space are equal.
      const z3::expr premises = m.board_and_action(false) && m.population() && m.located == backed &&
                                m.sums.additive(backed_after, after, backed, before, changed, change) &&
                                m.sums.additive(changed, change, m.net_text(), right, m.c.int_val(0), zero);
      qs.push_back({fmt::format("a {} faction's Muster", kind_words(kind)), premises, m.located_after == backed_after,
                    m.sums.total("built_tokens") > 0, muster_reachable(m)});
    }
    return qs;
  };
  located.exercised_words = "builds take tokens";
  stated(located);
  out.push_back(std::move(located));
  return out;
}

}  // namespace rulecheck::solver::messina
