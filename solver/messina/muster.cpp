// The Muster Phase and the Re-arm Shield op (rules/messina muster page, and the Location Card page's
// parts on mustering onto cards and their stacking room), encoded from the texts: where units and
// Shields may be built, what they cost in Energy and Spare tokens, the stacking limits, equipping
// Civilians, builds beside disbands, and the effect of one Muster or Re-arm on the board.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using ms::Piece;

// Clause ids (rules/messina/clauses.json), as the oracle cites them for the same checks.
constexpr const char* kWhen = "messina.muster.when";
constexpr const char* kBuildsOnly = "messina.muster.builds-only";
constexpr const char* kArea = "messina.muster.friendly-area";
constexpr const char* kHighTech = "messina.muster.high-tech";
constexpr const char* kStacking = "messina.muster.stacking";
constexpr const char* kOverLimit = "messina.muster.stacking.over-limit";
constexpr const char* kEnergy = "messina.muster.energy";
constexpr const char* kPopulation = "messina.muster.population";
constexpr const char* kEquip = "messina.muster.equip";
constexpr const char* kEquipAi = "messina.muster.equip.ai";
constexpr const char* kNoOtherChange = "messina.muster.equip.no-other-change";
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

constexpr int kWorker = static_cast<int>(Piece::worker);  // a disband may name Workers: index 5

int piece_index(Piece p) { return static_cast<int>(p); }
int activity_index(ms::Activity a) { return static_cast<int>(a); }

z3::expr kinds_total(const Kinds& k) {
  z3::expr t = k[0];
  for (std::size_t i = 1; i < kKinds; ++i) t = t + k[i];
  return t;
}

// messina.friendly.consent: whether `giver`'s presence counts for `receiver` in an activity; a
// faction's own presence always does.
z3::expr consents(const SymBoard& b, int giver, int receiver, ms::Activity a) {
  if (giver == receiver) return b.ctx().bool_val(true);
  return b.factions[giver].consents[receiver][activity_index(a)];
}

// messina.muster.stacking: the units counted against a map space's limit of 5 when `builder` builds
// there. messina.muster.stacking.workers: Workers sit in Utilities, apart from the units, so they are
// simply never counted. Interpretation messina.stacking-scope: every faction's units, or the
// builder's own only.
z3::expr stacked_on_map(const SymBoard& b, int space, int builder, const ms::Rules& rules) {
  z3::expr n = b.ctx().int_val(0);
  for (std::size_t f = 0; f < b.factions.size(); ++f)
    if (rules.readings.stacking_scope == ms::Readings::StackingScope::all_factions || static_cast<int>(f) == builder)
      n = n + kinds_total(b.spaces[space].units[f]);
  return n;
}

// convention messina.convention.high-tech-consent-is-muster: the ally consents to muster
// messina.muster.high-tech: a build costing 3E or more stands at one of the builder's Home Spaces or
// at a Utility of the builder or of an ally consenting to the muster. Interpretation
// messina.high-tech-home decides whether a consenting ally's Home Space serves too.
z3::expr high_tech_site(const SymBoard& b, int f, int s, const ms::Rules& rules) {
  z3::context& ctx = b.ctx();
  z3::expr_vector ok(ctx);
  ok.push_back(b.factions[f].home[s]);
  for (std::size_t g = 0; g < b.factions.size(); ++g) {
    const int ally = static_cast<int>(g);
    const z3::expr agrees = consents(b, ally, f, ms::Activity::muster);
    ok.push_back(b.spaces[s].utility[g] && agrees);
    if (ally != f && rules.readings.high_tech_home == ms::Readings::HighTechHome::consenting_ally)
      ok.push_back(b.factions[g].home[s] && agrees);
  }
  return z3::mk_or(ok);
}

// Interpretation messina.shield-consent: whose consent makes a space friendly for a Shield.
ms::Activity shield_purpose(const ms::Rules& rules) {
  return rules.readings.shield_consent == ms::Readings::ShieldConsent::build ? ms::Activity::build
                                                                             : ms::Activity::muster;
}

// A place of the board: a map space, or the Location Card named after it.
using Place = std::pair<int, bool>;

// The action's counts gathered per place and piece (the action is concrete: these are numbers).
struct Tally {
  std::map<Place, std::array<int, kKinds>> built;  // unit builds (Workers are never built)
  std::map<Place, int> equipped;                   // Civilians turned into Infantry
  std::map<Place, std::array<int, 6>> disbanded;   // per piece, Workers last
  int energy = 0;                                  // what the whole action costs
  int tokens = 0;                                  // Spare tokens the builds commit
  int disbanded_tokens = 0;                        // Located tokens the disbands turn Disaffected
};

// The Civilians, Infantry, ... of `f` at a place (on a card: only when `f` holds it).
z3::expr units_of(const SymBoard& b, int f, const Place& at, std::size_t k) {
  const SymSpace& sp = b.spaces[at.first];
  if (!at.second) return sp.units[f][k];
  return z3::ite(sp.card_holder == f, sp.card_units[k], b.ctx().int_val(0));
}

// ---- the Shield ops a Muster and a Re-arm share ----

// messina.muster.shield.not-both, .one-upgrade: per Shield within one Muster (or Re-arm); a space
// takes one new Shield at most.
Constraints shield_ops_distinct(z3::context& ctx, const std::vector<ms::ShieldOp>& ops, const ms::Rules& rules) {
  std::map<ms::SpaceId, int> builds, upgrades;
  for (const auto& op : ops) (op.op == ms::ShieldOpKind::build ? builds : upgrades)[op.where.space]++;
  Constraints c;
  for (const auto& [space, n] : upgrades) {
    c.push_back({kShieldNotBoth, ctx.bool_val(builds.count(space) == 0)});
    c.push_back({kShieldOneUpgrade, ctx.bool_val(n <= rules.numbers.shield_upgrades_per_muster)});
  }
  for (const auto& [space, n] : builds) c.push_back({kShieldOp, ctx.bool_val(n <= 1)});
  return c;
}

// convention messina.convention.muster-judged-on-start: builds and ops are judged on the board before the action
// Each op's conditions, judged on the board before the action; adds its Energy to `energy`.
std::optional<Constraints> shield_op_conditions(const SymBoard& b, int f, const std::vector<ms::ShieldOp>& ops,
                                                const ms::Rules& rules, int& energy) {
  z3::context& ctx = b.ctx();
  const auto friendly = friendly_area(b, f, shield_purpose(rules), rules);
  Constraints c = shield_ops_distinct(ctx, ops, rules);
  for (const auto& op : ops) {
    const int s = b.space_index(op.where.space);
    if (s < 0) return std::nullopt;
    // messina.cards.no-structures: a Shield is never placed on a card, only on its map space.
    if (op.where.on_card) {
      c.push_back({kNoStructures, ctx.bool_val(false)});
      continue;
    }
    const SymSpace& sp = b.spaces[s];
    // messina.muster.friendly-area binds a build; interpretation messina.shield-upgrade-area says whether
    // it binds an upgrade too ("friendly-area") or not ("anywhere").
    if (op.op == ms::ShieldOpKind::build ||
        rules.readings.shield_upgrade_area == ms::Readings::ShieldUpgradeArea::friendly_area)
      c.push_back({kArea, friendly[s]});
    if (op.op == ms::ShieldOpKind::build) {
      // Interpretation messina.shield-per-space: any Shield there rules out a new one, or only the
      // builder's own.
      z3::expr_vector standing(ctx);
      for (std::size_t g = 0; g < b.factions.size(); ++g)
        if (rules.readings.shield_per_space == ms::Readings::ShieldPerSpace::one_per_space || static_cast<int>(g) == f)
          standing.push_back(sp.shield[g] > 0);
      c.push_back({kShieldOp, !z3::mk_or(standing)});
      // Interpretation messina.shield-high-tech: under shields-too a Shield costing the high-tech
      // threshold is placed like a high-tech unit.
      if (rules.readings.shield_high_tech == ms::Readings::ShieldHighTech::shields_too &&
          rules.numbers.shield_build_cost >= rules.numbers.high_tech_min_cost)
        c.push_back({kHighTech, high_tech_site(b, f, s, rules)});
      energy += rules.numbers.shield_build_cost;
    } else {
      c.push_back({kShieldOp, sp.shield[f] > 0});  // an upgrade raises the builder's own Shield
      energy += rules.numbers.shield_upgrade_cost;
    }
  }
  return c;
}

// convention messina.convention.shield-level-unbounded: no highest level
// The Shield levels after the ops: a new Shield stands at level 1, each upgrade adds one level (two
// upgrades of one Shield, where shield_upgrades_per_muster allows them, add two).
void apply_shield_ops(const SymBoard& before, SymBoard& next, int f, const std::vector<ms::ShieldOp>& ops,
                      std::vector<std::pair<std::string, std::string>>& changed, const char* clause) {
  for (const auto& op : ops) {
    if (op.where.on_card) continue;
    const int s = before.space_index(op.where.space);
    next.spaces[s].shield[f] =
        op.op == ms::ShieldOpKind::build ? before.ctx().int_val(1) : next.spaces[s].shield[f] + 1;
    changed.push_back({"/spaces/" + before.spaces[s].id + "/shields/" + before.factions[f].id + "/level", clause});
  }
}

// ---- the Muster's parts ----

// messina.muster.no-build-disband, interpretation messina.build-disband: which builds a disband
// rules out. The action alone decides it (closed formulas).
Constraints build_disband_conditions(z3::context& ctx, const ms::Muster& a, const ms::Rules& rules) {
  Constraints c;
  if (a.disband.empty()) return c;
  switch (rules.readings.build_disband) {
    case ms::Readings::BuildDisband::builds_and_equip:
      // equipping makes Infantry for Energy like a build, so it is banned beside a disband too
      c.push_back({kNoBuildDisband, ctx.bool_val(a.builds.empty() && a.equip.empty())});
      break;
    case ms::Readings::BuildDisband::builds_only: c.push_back({kNoBuildDisband, ctx.bool_val(a.builds.empty())}); break;
    case ms::Readings::BuildDisband::move_or_convert:
      // only a pairing that moves a unit (its kind gone elsewhere) or converts one (another kind
      // gone from the same place) is banned
      for (const auto& built : a.builds)
        for (const auto& gone : a.disband) {
          const bool same_place = built.where == gone.where;
          c.push_back({kNoBuildDisband, ctx.bool_val(same_place && built.piece == gone.piece)});
        }
      break;
  }
  return c;
}

// messina.muster.when: the Alternating Phase of the rounds of the Muster parity (a phase, if named,
// must be the Muster).
z3::expr muster_time(const SymBoard& b, const ms::Rules& rules) {
  return z3::mod(b.round, 2) == rules.numbers.round_parity_muster &&
         (b.phase == static_cast<int>(ms::Phase::unspecified) || b.phase == static_cast<int>(ms::Phase::muster));
}

// Where each unit build may stand, and its costs into the tally.
Constraints build_site_conditions(const SymBoard& b, int f, const ms::Muster& a, const ms::Rules& rules, Tally& t) {
  z3::context& ctx = b.ctx();
  const auto friendly = friendly_area(b, f, ms::Activity::muster, rules);
  Constraints c;
  for (const auto& build : a.builds) {
    const int s = b.space_index(build.where.space);
    if (build.piece == Piece::worker) {
      // Workers enter during Industry, never in a Muster.
      c.push_back({kWorkersPlaced, ctx.bool_val(false)});
      continue;
    }
    const Place at{s, build.where.on_card};
    if (at.second) {
      // messina.cards.muster-onto: onto a card the faction holds, under the map's conditions.
      // Interpretation messina.card-in-area: a held card is in the area with its space, or always.
      // messina.cards.hidden.secret-muster: its facing does not matter.
      c.push_back({kMusterOnto, b.spaces[s].card_holder == f});
      c.push_back({kArea, rules.readings.card_in_area == ms::Readings::CardInArea::every_held_card ? ctx.bool_val(true)
                                                                                                   : friendly[s]});
    } else {
      c.push_back({kArea, friendly[s]});
    }
    if (is_high_tech(rules.numbers, build.piece)) c.push_back({kHighTech, high_tech_site(b, f, s, rules)});
    auto& counts = t.built[at];  // value-initialised to zeros on first use
    counts[piece_index(build.piece)] += build.count;
    t.energy += build.count * rules.numbers.unit(build.piece).cost;  // messina.muster.unit-table
    t.tokens += build.count * tokens_per_unit(rules.numbers, b.factions[f].kind, build.piece);
  }
  return c;
}

// messina.muster.stacking (5 on a map space, 2 on a card, each counted apart:
// messina.cards.seven-per-location) and messina.muster.stacking.over-limit.
Constraints stacking_conditions(const SymBoard& b, int f, const Tally& t, const ms::Rules& rules) {
  const int map_limit = rules.numbers.stacking_map, card_limit = rules.numbers.stacking_card;
  Constraints c;
  for (const auto& [at, counts] : t.built) {
    int added = 0;
    for (int n : counts) added += n;
    const int s = at.first;
    const z3::expr on_map = stacked_on_map(b, s, f, rules);
    if (!at.second) {
      // a space already over its limit keeps its units but takes nothing new
      c.push_back({kOverLimit, on_map <= map_limit});
      c.push_back({kStacking, on_map + added <= map_limit});
    } else {
      // interpretation messina.over-limit-card: under card-too the over-limit space's card takes
      // nothing new either
      if (rules.readings.over_limit_card == ms::Readings::OverLimitCard::card_too)
        c.push_back({kOverLimit, on_map <= map_limit});
      // messina.cards.capacity: the card's own limit (cited as the stacking rule, as the oracle does)
      c.push_back({kStacking, kinds_total(b.spaces[s].card_units) + added <= card_limit});
    }
  }
  return c;
}

// messina.muster.equip: a human faction's own Civilians become Infantry at equip_cost each;
// messina.muster.equip.stacking: the count of units is unchanged, so no stacking condition.
Constraints equip_conditions(const SymBoard& b, int f, const ms::Muster& a, const ms::Rules& rules, Tally& t) {
  z3::context& ctx = b.ctx();
  Constraints c;
  for (const auto& eq : a.equip) {
    const int s = b.space_index(eq.where.space);
    // messina.muster.equip.ai: the AI builds Infantry but never converts its Civilians.
    c.push_back({kEquipAi, ctx.bool_val(b.factions[f].kind == ms::FactionKind::human)});
    // Equipping changes a unit's kind and moves no token: a Civilian and an Infantry must take the same
    // tokens (always so under the default unit table; the AI is refused above).
    c.push_back({kEquip, ctx.bool_val(b.factions[f].kind != ms::FactionKind::human ||
                                      tokens_per_unit(rules.numbers, b.factions[f].kind, Piece::civilian) ==
                                          tokens_per_unit(rules.numbers, b.factions[f].kind, Piece::infantry))});
    // a card carries its holder's units only: on another's card there is nothing of `f`'s
    if (eq.where.on_card) c.push_back({kEquip, b.spaces[s].card_holder == f});
    t.equipped[{s, eq.where.on_card}] += eq.count;
    t.energy += eq.count * rules.numbers.equip_cost;
  }
  // interpretation messina.equip-built-civilians: the Civilians equipped are those there when the Muster
  // began ("at-start"), or those and the Civilians this Muster builds there ("built-too").
  const bool built_too = rules.readings.equip_built_civilians == ms::Readings::EquipBuiltCivilians::built_too;
  for (const auto& [at, n] : t.equipped) {
    const auto built = t.built.find(at);
    const int built_civilians = built_too && built != t.built.end() ? built->second[piece_index(Piece::civilian)] : 0;
    c.push_back({kEquip, units_of(b, f, at, piece_index(Piece::civilian)) + built_civilians >= n});
  }
  return c;
}

// convention messina.convention.muster-disbands: voluntary disbands in a Muster, tokens to Disaffected
// The disbands' tally (tokens turn Disaffected).
void tally_disbands(const SymBoard& b, int f, const std::vector<ms::PieceCount>& disband, const ms::Rules& rules,
                    Tally& t) {
  for (const auto& d : disband) {
    const int s = b.space_index(d.where.space);
    t.disbanded[{s, d.where.on_card}][piece_index(d.piece)] += d.count;
    t.disbanded_tokens += d.count * tokens_per_unit(rules.numbers, b.factions[f].kind, d.piece);
  }
}

// The Workers of `f` at a space: in its own Utility and as guests in others'.
z3::expr workers_of(const SymBoard& b, int f, int s) {
  z3::expr n = b.spaces[s].workers[f];
  for (std::size_t o = 0; o < b.factions.size(); ++o)
    if (static_cast<int>(o) != f) n = n + b.spaces[s].guests[o][f];
  return n;
}

// The next board: builds, equipping, Shields, then disbands (of what stands after the builds).
struct MusterNext {
  SymBoard next;
  std::vector<std::pair<std::string, std::string>> changed;
};

std::string unit_key(const SymBoard& b, int f, const Place& at, std::size_t k) {
  const std::string kind(ms::piece_name(ms::kUnitKinds[k]));
  if (at.second) return "/cards/" + b.spaces[at.first].id + "/units/" + kind;
  return "/spaces/" + b.spaces[at.first].id + "/units/" + b.factions[f].id + "/" + kind;
}

z3::expr& unit_slot(SymBoard& b, int f, const Place& at, std::size_t k) {
  return at.second ? b.spaces[at.first].card_units[k] : b.spaces[at.first].units[f][k];
}

MusterNext muster_next(const SymBoard& before, int f, const ms::Muster& a, const Tally& t) {
  z3::context& ctx = before.ctx();
  MusterNext out{before, {}};
  SymBoard& next = out.next;
  std::map<std::string, std::string> clause_of;
  // messina.muster.equip.no-other-change: the builder's units (and any card's) change only as the
  // builds, equips and disbands below say; any other change of a unit count breaks it.
  for (std::size_t s = 0; s < before.spaces.size(); ++s)
    for (std::size_t k = 0; k < kKinds; ++k) {
      clause_of[unit_key(before, f, {static_cast<int>(s), false}, k)] = kNoOtherChange;
      clause_of[unit_key(before, f, {static_cast<int>(s), true}, k)] = kNoOtherChange;
    }
  for (const auto& [at, counts] : t.built)
    for (std::size_t k = 0; k < kKinds; ++k)
      if (counts[k] != 0) {
        unit_slot(next, f, at, k) = unit_slot(next, f, at, k) + counts[k];
        clause_of[unit_key(before, f, at, k)] = at.second ? kMusterOnto : kPlacedMilitary;
      }
  const std::size_t civ = piece_index(Piece::civilian), inf = piece_index(Piece::infantry);
  for (const auto& [at, n] : t.equipped) {
    unit_slot(next, f, at, civ) = unit_slot(next, f, at, civ) - n;
    unit_slot(next, f, at, inf) = unit_slot(next, f, at, inf) + n;
    clause_of[unit_key(before, f, at, civ)] = kEquip;
    clause_of[unit_key(before, f, at, inf)] = kEquip;
  }
  for (const auto& [at, counts] : t.disbanded) {
    for (std::size_t k = 0; k < kKinds; ++k)
      if (counts[k] != 0) {
        unit_slot(next, f, at, k) = unit_slot(next, f, at, k) - counts[k];
        clause_of[unit_key(before, f, at, k)] = kDisband;
      }
    const int workers = counts[kWorker];
    if (workers == 0 || at.second) continue;
    // docs/formats.md: a leaving Worker leaves the faction's own Utility first, then those it is a
    // guest in, in faction order.
    SymSpace& sp = next.spaces[at.first];
    const std::string p = "/spaces/" + sp.id + "/utilities/";
    z3::expr left = ctx.int_val(workers);
    const z3::expr own = min_of(left, sp.workers[f]);
    sp.workers[f] = sp.workers[f] - own;
    left = left - own;
    clause_of[p + before.factions[f].id + "/workers"] = kDisband;
    for (std::size_t o = 0; o < before.factions.size(); ++o) {
      if (static_cast<int>(o) == f) continue;
      const z3::expr taken = min_of(left, sp.guests[o][f]);
      sp.guests[o][f] = sp.guests[o][f] - taken;
      left = left - taken;
      clause_of[p + before.factions[o].id + "/guests/" + before.factions[f].id] = kDisband;
    }
  }
  SymFaction& fa = next.factions[f];
  fa.energy = fa.energy - t.energy;
  fa.spare = fa.spare - t.tokens;
  fa.located = fa.located + t.tokens - t.disbanded_tokens;
  fa.disaffected = fa.disaffected + t.disbanded_tokens;
  const std::string p = "/factions/" + fa.id;
  clause_of[p + "/resources/energy"] = kEnergy;
  clause_of[p + "/population/spare"] = kPopulation;
  clause_of[p + "/population/located"] = kPopulation;
  clause_of[p + "/population/disaffected"] = kDisband;
  apply_shield_ops(before, next, f, a.shields, out.changed, kShieldOp);
  out.changed.insert(out.changed.end(), clause_of.begin(), clause_of.end());
  return out;
}

// Disbanding takes only what stands there after the builds and equipping; under interpretation
// messina.disband-built-units = at-start (the default) also only what stood there when the Muster began.
Constraints disband_conditions(const SymBoard& b, const SymBoard& built, int f, const Tally& t, const ms::Rules& rules) {
  Constraints c;
  const bool at_start = rules.readings.disband_built_units == ms::Readings::DisbandBuiltUnits::at_start;
  for (const auto& [at, counts] : t.disbanded) {
    for (std::size_t k = 0; k < kKinds; ++k) {
      if (counts[k] == 0) continue;
      c.push_back({kDisband, units_of(built, f, at, k) >= counts[k]});
      if (at_start) c.push_back({kDisband, units_of(b, f, at, k) >= counts[k]});
    }
    if (counts[kWorker] != 0)
      c.push_back({kDisband, at.second ? b.ctx().bool_val(false) : workers_of(b, f, at.first) >= counts[kWorker]});
  }
  return c;
}

bool refers_to_board(const SymBoard& b, const std::vector<ms::Where>& places) {
  return std::all_of(places.begin(), places.end(), [&](const ms::Where& w) { return b.space_index(w.space) >= 0; });
}

void append(Constraints& to, const Constraints& from) { to.insert(to.end(), from.begin(), from.end()); }

}  // namespace

bool is_high_tech(const ms::Ruleset& numbers, ms::Piece p) {
  return numbers.unit(p).cost >= numbers.high_tech_min_cost;
}

std::optional<Encoded> encode_muster(const SymBoard& before, const ms::Muster& a, const SymBoard& after,
                                     const ms::Rules& rules) {
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  std::vector<ms::Where> places;
  for (const auto& x : a.builds) places.push_back(x.where);
  for (const auto& x : a.equip) places.push_back(x.where);
  for (const auto& x : a.shields) places.push_back(x.where);
  for (const auto& x : a.disband) places.push_back(x.where);
  if (!refers_to_board(before, places)) return std::nullopt;
  z3::context& ctx = before.ctx();

  Encoded e;
  Tally t;
  e.legal.push_back({kWhen, muster_time(before, rules)});
  append(e.legal, build_disband_conditions(ctx, a, rules));
  append(e.legal, build_site_conditions(before, f, a, rules, t));
  append(e.legal, stacking_conditions(before, f, t, rules));
  append(e.legal, equip_conditions(before, f, a, rules, t));
  auto shields = shield_op_conditions(before, f, a.shields, rules, t.energy);
  if (!shields) return std::nullopt;
  append(e.legal, *shields);
  tally_disbands(before, f, a.disband, rules, t);
  // messina.muster.energy: Energy pays for every build, equip and Shield op of the Muster.
  e.legal.push_back({kEnergy, before.factions[f].energy >= t.energy});
  // messina.muster.population: one Spare token per backed unit built (Mechs none; the AI per ruleset).
  e.legal.push_back({kPopulation, before.factions[f].spare >= t.tokens});

  // Disbands come after the builds: judge them on the board with builds and equips only.
  Tally builds_only = t;
  builds_only.disbanded.clear();
  const MusterNext built = muster_next(before, f, a, builds_only);
  append(e.legal, disband_conditions(before, built.next, f, t, rules));

  // messina.muster.builds-only: what the builds, equips, Shield ops and disbands do not change stays
  // as it was (each change they make is named by its own clause in n.changed).
  const MusterNext n = muster_next(before, f, a, t);
  e.effect = effect(after, n.next, n.changed, kBuildsOnly);
  return e;
}

std::optional<Encoded> encode_rearm(const SymBoard& before, const ms::Rearm& a, const SymBoard& after,
                                    const ms::Rules& rules) {
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  std::vector<ms::Where> places;
  for (const auto& x : a.shields) places.push_back(x.where);
  if (!refers_to_board(before, places)) return std::nullopt;
  z3::context& ctx = before.ctx();
  Encoded e;
  // convention messina.convention.rearm-takes-muster-limits: apply_shield_ops checks the Muster limits
  // messina.muster.shield.rearm: in a Re-arm (a Bonus Military Action), at most
  // shield_ops_per_rearm Shield builds or upgrades, under the Muster's Shield rules.
  // convention messina.convention.rearm-any-round: only the phase, never the round's parity
  e.legal.push_back({kRearm, before.phase == static_cast<int>(ms::Phase::rearm)});
  e.legal.push_back({kRearm, ctx.bool_val(static_cast<int>(a.shields.size()) <= rules.numbers.shield_ops_per_rearm)});
  int energy = 0;
  auto shields = shield_op_conditions(before, f, a.shields, rules, energy);
  if (!shields) return std::nullopt;
  append(e.legal, *shields);
  e.legal.push_back({kEnergy, before.factions[f].energy >= energy});
  SymBoard next = before;
  std::vector<std::pair<std::string, std::string>> changed;
  next.factions[f].energy = before.factions[f].energy - energy;
  changed.push_back({"/factions/" + before.factions[f].id + "/resources/energy", kEnergy});
  apply_shield_ops(before, next, f, a.shields, changed, kRearm);
  e.effect = effect(after, next, changed, kRearm);
  return e;
}

// ---- proofs ----

namespace {

// The actions each proof covers (on small_shape(2, true, ai): Red human, Blue the AI).
std::vector<ms::Action> proof_actions() {
  auto at = [](const char* s) { return ms::Where{s, false}; };
  auto card = [](const char* s) { return ms::Where{s, true}; };
  ms::Muster builds{"Red",
                    {{at("A"), Piece::infantry, 2}, {card("A"), Piece::civilian, 1}, {at("B"), Piece::fighter, 1}},
                    {{at("A"), 1}},
                    {{at("B"), ms::ShieldOpKind::build}},
                    {}};
  ms::Muster disbands{"Red",
                      {},
                      {},
                      {{at("A"), ms::ShieldOpKind::upgrade}},
                      {{at("A"), Piece::civilian, 1}, {at("B"), Piece::worker, 1}, {card("A"), Piece::infantry, 1}}};
  ms::Muster ai{
      "Blue", {{at("A"), Piece::civilian, 1}, {card("B"), Piece::infantry, 1}, {at("B"), Piece::mech, 1}}, {}, {}, {}};
  ms::Rearm rearm{"Red", {{at("A"), ms::ShieldOpKind::build}}};
  return {builds, disbands, ai, rearm};
}

std::string proof_step_names() {
  return "Red builds 2 Infantry at A, a Civilian onto card A, a Fighter at B, equips 1 at A and builds a Shield at "
         "B; Red upgrades A's Shield and disbands a Civilian at A, a Worker at B and an Infantry from card A; the AI "
         "Blue builds a Civilian at A, an Infantry onto card B and a Mech at B; Red re-arms a Shield at A";
}

}  // namespace

std::vector<MessinaProof> muster_proofs(const ms::Rules& rules, const Budget& budget) {
  const std::string over = " (over 2 spaces, Red human and Blue the AI, every count free: " + proof_step_names() + ")";
  const int map_limit = rules.numbers.stacking_map, card_limit = rules.numbers.stacking_card;
  const Shape shape = small_shape(2, true, ms::FactionKind::ai);
  const std::vector<ProofStep> steps = fixed_actions(proof_actions(), rules);
  auto prove_invariant = [&](std::string id, std::string claim, std::vector<std::string> clauses,
                             const StepInvariant& invariant) {
    return prove_over_steps({std::move(id), std::move(claim), std::move(clauses)}, shape, steps, invariant, rules,
                            budget);
  };
  std::vector<MessinaProof> out;
  // Whoever acts, no space ends over the limit (counted for that faction) unless it was over before
  // and the faction added nothing there.
  out.push_back(prove_invariant(
      "messina.muster.stacking-kept",
      "no legal Muster or Re-arm leaves a map space over the stacking limit unless it was already over, and then "
      "the builder has no more units there than before" +
          over,
      {kStacking, kOverLimit, "messina.muster.stacking.workers", "messina.muster.equip.stacking"},
      [&](const SymBoard& b, const SymBoard& a) {
        return for_every_faction(b, [&](int f) {
          return for_every_space(b, [&](int s) {
            return stacked_on_map(a, s, f, rules) <= map_limit ||
                   (stacked_on_map(b, s, f, rules) > map_limit &&
                    kinds_total(a.spaces[s].units[f]) <= kinds_total(b.spaces[s].units[f]));
          });
        });
      }));
  out.push_back(prove_invariant("messina.muster.energy-never-negative",
                                "no legal Muster or Re-arm leaves a faction with negative Energy" + over,
                                {kEnergy, "messina.muster.unit-table"}, [](const SymBoard&, const SymBoard& a) {
                                  return for_every_faction(a, [&](int f) { return a.factions[f].energy >= 0; });
                                }));
  out.push_back(prove_invariant(
      "messina.muster.tokens-conserved",
      "a legal Muster or Re-arm leaves each faction's Spare + Located + Disaffected + dead unchanged" + over,
      {kPopulation, kDisband, "messina.population.tokens"}, [](const SymBoard& b, const SymBoard& a) {
        return for_every_faction(b, [&](int f) {
          const SymFaction &x = b.factions[f], &y = a.factions[f];
          return x.spare + x.located + x.disaffected + x.dead == y.spare + y.located + y.disaffected + y.dead;
        });
      }));
  out.push_back(prove_invariant(
      "messina.muster.located-backed",
      "after a legal Muster or Re-arm, each faction's Located tokens still equal the tokens its units and Workers "
      "need" +
          over,
      {kPopulation, "messina.population.located", "messina.population.backing"},
      [&](const SymBoard&, const SymBoard& a) {
        return for_every_faction(a, [&](int f) { return a.factions[f].located == backed_tokens(a, f, rules.numbers); });
      }));
  out.push_back(
      prove_invariant("messina.muster.card-capacity",
                      "no legal Muster or Re-arm leaves a Location Card holding more units than its limit" + over,
                      {kStacking, "messina.cards.capacity", "messina.cards.seven-per-location"},
                      [&](const SymBoard& b, const SymBoard& a) {
                        return for_every_space(b, [&](int s) { return kinds_total(a.spaces[s].card_units) <= card_limit; });
                      }));
  return out;
}

}  // namespace rulecheck::solver::messina
