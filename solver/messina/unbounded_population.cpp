// The Population page's per-action proofs for boards of any size (unbounded.hpp, unbounded_sums.hpp):
// placements and conversions by a faction of either kind, any number of them at any spaces of an
// uninterpreted sort. The actions (friendly.cpp's encode_place and encode_convert):
//  - Workers placed in an Industry Action (messina.population.placement.workers);
//  - Civilians placed before orders or a Bonus Military Action, on the map and onto held cards
//    (messina.population.placement.civilians, .cards);
//  - Civilians placed in home defence, from Spare and from Disaffected tokens (messina.population
//    .home-defence, .disaffected), under both readings of messina.home-defence-spare;
//  - conversions Civilian to Worker, Worker to Civilian and Infantry to Worker
//    (messina.population.interconversion).
// The conditions stated are those the claims rest on (the tokens each takes and where from); where,
// when and in whose Utility are left free, so the actions covered are a superset of the legal ones.
// Other factions' counts are not touched by the effect.
#include <fmt/format.h>

#include "solver/messina/unbounded.hpp"
#include "solver/messina/reachable_facts.hpp"
#include "solver/messina/unbounded_sums.hpp"

namespace rulecheck::solver::messina {

namespace {


constexpr const char* kHomeDefenceBoth = "a Disaffected Civilian placed in home defence also spends a Spare token";
constexpr const char* kCardPlacementUnmoved =
    "a Civilian placed onto a card takes its Spare token without making it Located";
constexpr const char* kSpareCheckPerSpace =
    "each space's placements checked against the Spare tokens on their own, not the action's total";
constexpr const char* kDisaffectedUnchecked = "home defence's Disaffected Civilians checked against Spare only";
constexpr const char* kConvertTakesToken = "a Worker made by conversion takes a Spare token to Located, as a placed one";

enum class Kind { workers, civilians, home_defence_either, home_defence_spare_required, conversions };

const char* words(Kind k) {
  switch (k) {
    case Kind::workers: return "Workers placed in an Industry Action";
    case Kind::civilians: return "Civilians placed before orders (map and cards)";
    case Kind::home_defence_either: return "Civilians placed in home defence (home-defence-spare either-source)";
    case Kind::home_defence_spare_required:
      return "Civilians placed in home defence (home-defence-spare spare-required)";
    case Kind::conversions: return "conversions Civilian/Worker and Infantry to Worker";
  }
  return "";
}

struct Placement {
  z3::context& c;
  ms::FactionKind faction;
  Kind kind;
  std::string mis;
  z3::sort space;
  SpaceSums sums;
  std::array<int, kKinds> per;
  Pieces army, after;
  // per space: Civilians from Spare on the map and onto the card, from Disaffected, Workers placed;
  // conversions Civilian->Worker, Worker->Civilian, Infantry->Worker
  z3::func_decl from_spare, onto_card, from_disaffected, workers, to_worker, to_civilian, infantry_to_worker;
  z3::expr spare, located, disaffected, spare_after, located_after, disaffected_after;
  z3::expr spent, spent_disaffected, converted;  // totals: Spare tokens, Disaffected tokens, conversions to Workers

  Placement(z3::context& ctx, const ms::Rules& rules, ms::FactionKind f, Kind k, std::string m)
      : c(ctx),
        faction(f),
        kind(k),
        mis(std::move(m)),
        space(ctx.uninterpreted_sort("Space")),
        sums{ctx, space},
        per(tokens_per_kind(rules.numbers, f)),
        army(ctx, space, "units"),
        after(ctx, space, "units_after"),
        from_spare(ctx.function("civilians_from_spare", space, ctx.int_sort())),
        onto_card(ctx.function("civilians_onto_card", space, ctx.int_sort())),
        from_disaffected(ctx.function("civilians_from_disaffected", space, ctx.int_sort())),
        workers(ctx.function("workers_placed", space, ctx.int_sort())),
        to_worker(ctx.function("civilians_to_workers", space, ctx.int_sort())),
        to_civilian(ctx.function("workers_to_civilians", space, ctx.int_sort())),
        infantry_to_worker(ctx.function("infantry_to_workers", space, ctx.int_sort())),
        spare(ctx.int_const("spare")),
        located(ctx.int_const("located")),
        disaffected(ctx.int_const("disaffected")),
        spare_after(ctx.int_const("spare_after")),
        located_after(ctx.int_const("located_after")),
        disaffected_after(ctx.int_const("disaffected_after")),
        spent(sums.total("spare_tokens_placed")),
        spent_disaffected(sums.total("disaffected_tokens_placed")),
        converted(sums.total("workers_converted")) {}

  static constexpr std::size_t kCivilian = 0, kInfantry = 1;

  // The Spare tokens the placements at `s` take (onto the card too).
  z3::expr spare_at(const z3::expr& s) const {
    return workers(s) + per[kCivilian] * (from_spare(s) + onto_card(s));
  }
  z3::expr disaffected_at(const z3::expr& s) const { return per[kCivilian] * from_disaffected(s); }
  z3::expr conversions_at(const z3::expr& s) const { return to_worker(s) + infantry_to_worker(s); }

  // The board, the action's counts (only its kind's not zero) and their conditions, the units after.
  z3::expr board_and_action() const {
    const z3::expr s = c.constant("s", space);
    const bool placing_workers = kind == Kind::workers, civilians = kind == Kind::civilians,
               defence = kind == Kind::home_defence_either || kind == Kind::home_defence_spare_required,
               converting = kind == Kind::conversions;
    z3::expr at = army.not_negative(s);
    for (const z3::func_decl* f :
         {&from_spare, &onto_card, &from_disaffected, &workers, &to_worker, &to_civilian, &infantry_to_worker})
      at = at && (*f)(s) >= 0;
    if (!placing_workers) at = at && workers(s) == 0;
    if (!civilians && !defence) at = at && from_spare(s) == 0;
    if (!civilians) at = at && onto_card(s) == 0;       // home defence: on the map (messina.population.home-defence)
    if (!defence) at = at && from_disaffected(s) == 0;  // messina.population.disaffected
    if (!converting) at = at && to_worker(s) == 0 && to_civilian(s) == 0 && infantry_to_worker(s) == 0;
    // messina.population.interconversion: the units converted are there, each backed, and what it
    // becomes takes as many tokens (a Worker one); messina.population.backing.
    at = at && to_worker(s) <= army.map[kCivilian](s) && to_civilian(s) <= army.workers(s) &&
         infantry_to_worker(s) <= army.map[kInfantry](s);
    if (per[kCivilian] != 1) at = at && to_worker(s) == 0 && to_civilian(s) == 0;
    if (per[kInfantry] != 1) at = at && infantry_to_worker(s) == 0;
    // The units after.
    const z3::expr conv_workers = to_worker(s) + infantry_to_worker(s) - to_civilian(s);
    z3::expr units = after.workers(s) == army.workers(s) + workers(s) + conv_workers;
    for (std::size_t k = 0; k < kKinds; ++k) {
      z3::expr on_map = army.map[k](s), on_card = army.card[k](s);
      if (k == kCivilian)
        on_map = on_map + from_spare(s) + from_disaffected(s) - to_worker(s) + to_civilian(s),
        on_card = on_card + onto_card(s);
      if (k == kInfantry) on_map = on_map - infantry_to_worker(s);
      units = units && after.map[k](s) == on_map && after.card[k](s) == on_card;
    }
    return z3::forall(s, at && units) && spare >= 0 && located >= 0 && disaffected >= 0;
  }

  // messina.population.placement.spare-required / .spare-to-located: the tokens come from Spare (or,
  // in home defence, Disaffected) and become Located.
  z3::expr tokens() const {
    const z3::expr s = c.constant("s", space);
    z3::expr e = sums.bounds_terms(spent, [this](const z3::expr& x) { return spare_at(x); });
    e = e && sums.bounds_terms(converted, [this](const z3::expr& x) { return conversions_at(x); });
    e = e && (mis == kSpareCheckPerSpace ? z3::forall(s, spare >= spare_at(s)) : spare >= spent);
    if (mis != kDisaffectedUnchecked) e = e && disaffected >= spent_disaffected;
    if (kind == Kind::home_defence_spare_required) e = e && z3::implies(spent_disaffected > 0, spare > 0);
    z3::expr from = spent + (mis == kHomeDefenceBoth ? spent_disaffected : c.int_val(0));
    z3::expr to = spent + spent_disaffected;
    // (misread: the card's Civilians' tokens, a total of their own, leave Spare but never arrive)
    if (mis == kCardPlacementUnmoved) to = to - sums.total("tokens_onto_cards");
    if (mis == kConvertTakesToken) from = from + converted, to = to + converted;
    return e && spare_after == spare - from && disaffected_after == disaffected - spent_disaffected &&
           located_after == located + to;
  }
};

using Claim = std::function<z3::expr(const Placement&)>;

std::vector<Question> ask_each(z3::context& c, const ms::Rules& rules, const std::string& mis, const Claim& claim,
                               bool with_backing) {
  std::vector<Question> qs;
  for (auto faction : {ms::FactionKind::human, ms::FactionKind::ai})
    for (Kind kind : {Kind::workers, Kind::civilians, Kind::home_defence_either, Kind::home_defence_spare_required,
                      Kind::conversions}) {
      const Placement p(c, rules, faction, kind, mis);
      z3::expr premises = p.board_and_action() && p.tokens();
      if (with_backing) {
        // The Located tokens back the units everywhere, before; the units' tokens change at each
        // space by the tokens placed there (conversions move none).
        const z3::expr backed = p.sums.total("backed"), backed_after = p.sums.total("backed_after");
        const z3::expr placed = p.sums.total("tokens_placed");
        const AtSpace before = [&](const z3::expr& s) { return p.army.tokens(s, p.per); };
        const AtSpace after = [&](const z3::expr& s) { return p.after.tokens(s, p.per); };
        const AtSpace text = [&](const z3::expr& s) {
          return p.workers(s) + p.per[Placement::kCivilian] * (p.from_spare(s) + p.onto_card(s)) + p.disaffected_at(s);
        };
        premises = premises && p.located == backed && p.sums.additive(backed_after, after, backed, before, placed, text);
        premises = premises && p.sums.additive(
                                   placed, text, p.spent, [&](const z3::expr& s) { return p.spare_at(s); },
                                   p.spent_disaffected, [&](const z3::expr& s) { return p.disaffected_at(s); });
      }
      qs.push_back({fmt::format("{} by a {} faction", words(kind), kind_words(faction)), premises, claim(p),
                    p.spent + p.spent_disaffected + p.converted > 0,
                    pieces_reachable(p.army, rules.numbers.stacking_card) &&
                        none_negative({p.spare, p.located, p.disaffected})});
    }
  return qs;
}

UnboundedProof population_proof(std::string id, std::string claim, std::vector<std::string> clauses,
                                 std::vector<std::string> misreadings) {
  UnboundedProof p;
  p.id = std::move(id);
  p.claim = std::move(claim);
  p.covers =
      "boards of any size: any number of spaces (an uninterpreted sort), any counts, any number of placements "
      "(Workers in an Industry Action, Civilians before orders onto the map and cards, Civilians in home defence "
      "from Spare and Disaffected) or conversions at any spaces, by a faction of either kind, under both readings of "
      "messina.home-defence-spare; totals over the board with the facts of finite sums";
  p.clauses = std::move(clauses);
  p.misreadings = std::move(misreadings);
  p.exercised_words = "a token is placed or a unit converted";
  p.questions_words = "faction kinds x actions x readings";
  return p;
}

}  // namespace

std::vector<UnboundedProof> unbounded_population(const ms::Rules& rules) {
  std::vector<UnboundedProof> out;
  UnboundedProof total = population_proof(
      "messina.population.placement-keeps-token-total",
      "a legal placement or conversion never changes the faction's Disaffected + Spare + Located tokens",
      {"messina.population.placement.spare-to-located", "messina.population.interconversion",
       "messina.population.tokens", "messina.population.home-defence"},
      {kHomeDefenceBoth, kCardPlacementUnmoved});
  total.ask = [&rules](z3::context& c, const std::string& mis) {
    return ask_each(c, rules, mis, [](const Placement& p) {
      return p.disaffected_after + p.spare_after + p.located_after == p.disaffected + p.spare + p.located;
    }, false);
  };
  total.reachable_invariants = {kFormatCounts, kCardCapacity};
  out.push_back(std::move(total));

  UnboundedProof spare = population_proof(
      "messina.population.placement-spare-not-negative",
      "after a legal placement or conversion the faction has no negative Spare or Disaffected tokens",
      {"messina.population.placement.spare-required", "messina.population.placement.spare-to-located",
       "messina.population.disaffected"},
      {kSpareCheckPerSpace, kDisaffectedUnchecked});
  spare.ask = [&rules](z3::context& c, const std::string& mis) {
    return ask_each(c, rules, mis, [](const Placement& p) { return p.spare_after >= 0 && p.disaffected_after >= 0; },
                    false);
  };
  spare.reachable_invariants = {kFormatCounts, kCardCapacity};
  out.push_back(std::move(spare));

  UnboundedProof located = population_proof(
      "messina.population.placement-located-backs-units",
      "after a legal placement or conversion the faction's Located tokens still equal the tokens its units (map and "
      "cards) and Workers everywhere stand for",
      {"messina.population.located", "messina.population.backing", "messina.population.placement.spare-to-located",
       "messina.population.interconversion"},
      {kConvertTakesToken, kCardPlacementUnmoved});
  located.ask = [&rules](z3::context& c, const std::string& mis) {
    return ask_each(c, rules, mis, [](const Placement& p) {
      return p.located_after == p.sums.total("backed_after");
    }, true);
  };
  located.reachable_invariants = {kFormatCounts, kCardCapacity};
  out.push_back(std::move(located));
  return out;
}

}  // namespace rulecheck::solver::messina
