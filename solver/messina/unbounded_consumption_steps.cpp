// Consumption's per-action proofs for boards of any size (unbounded.hpp, unbounded_sums.hpp): one
// faction's Consumption on any board, with every step-3 choice, for either faction kind and every
// reading of messina.consumption-bill and messina.step3-card-units.
//
// The board: the faction's units of each kind on the map and on its cards, and its Workers, per space
// of an uninterpreted sort; step 3's choice is the same per space (any number of units named anywhere).
// The effect is the encoding's (consumption.cpp), clause by clause, as constraints on the state after:
// the bill, steps 1 to 3 as far as each goes, the recovery, the Disaffected region, the units named
// taken off. As in the bounded proof, the conservation of tokens itself (messina.consumption.shortfall
// .payment and .shortfall) is left out: the claims follow from the steps. Other factions' counts are
// not touched by the effect. Located tokens back the units everywhere: a total (unbounded_sums.hpp).
#include <fmt/format.h>

#include "solver/messina/unbounded.hpp"
#include "solver/messina/unbounded_sums.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

// tokens-conserved
constexpr const char* kRecoveryCreates = "the recovered token made Spare without leaving the Disaffected";
constexpr const char* kStep3TokensLost = "the tokens of the units step 3 disbands leave the game (not Disaffected)";
// counts-never-negative
constexpr const char* kFullCostWhenShort = "Food and Water each paid at the full cost even when short";
constexpr const char* kStep2Whole = "step 2 pays the whole remaining shortfall from Spare, not as far as it goes";
constexpr const char* kTakeAbsent = "step 3 may name units that are not on the board";
// located-backs-units
constexpr const char* kEveryUnitPays = "every unit step 3 disbands pays one token, a Mech's and the AI's Infantry too";
constexpr const char* kWorkersFree = "Workers disbanded in step 3 pay no token";
// decided
constexpr const char* kRecoveryOptional = "the recovery read as optional (up to the tokens the ruleset gives)";
constexpr const char* kShortPaymentOpen = "what a short faction pays of its Food and Water left open";
// full-feeding-changes-only-supplies
constexpr const char* kCostRoundedDown = "the cost rounded down (tokens / tokens_per_food_and_water)";
constexpr const char* kRecoveryFromNothing = "the recovery made even with no Disaffected token";

struct Mat {
  z3::expr d, sp, l, dead, food, water;
  Mat(z3::context& c, const std::string& at)
      : d(c.int_const(("disaffected" + at).c_str())),
        sp(c.int_const(("spare" + at).c_str())),
        l(c.int_const(("located" + at).c_str())),
        dead(c.int_const(("dead" + at).c_str())),
        food(c.int_const(("food" + at).c_str())),
        water(c.int_const(("water" + at).c_str())) {}
  z3::expr tokens() const { return d + sp + l + dead; }
  z3::expr same_as(const Mat& o) const {
    return d == o.d && sp == o.sp && l == o.l && dead == o.dead && food == o.food && water == o.water;
  }
  z3::expr not_negative() const { return d >= 0 && sp >= 0 && l >= 0 && dead >= 0 && food >= 0 && water >= 0; }
};

struct Case {
  ms::FactionKind kind;
  R::ConsumptionBill bill;
  R::Step3CardUnits step3;
  std::string words() const {
    return fmt::format("a {} faction's Consumption, bill {}, step 3 {}", kind_words(kind),
                       bill == R::ConsumptionBill::all_tokens ? "all-tokens" : "excluding-disaffected",
                       step3 == R::Step3CardUnits::map_and_cards ? "map-and-cards" : "map-only");
  }
};

std::vector<Case> every_case() {
  std::vector<Case> out;
  for (auto kind : {ms::FactionKind::human, ms::FactionKind::ai})
    for (auto bill : {R::ConsumptionBill::all_tokens, R::ConsumptionBill::excluding_disaffected})
      for (auto step3 : {R::Step3CardUnits::map_and_cards, R::Step3CardUnits::map_only})
        out.push_back({kind, bill, step3});
  return out;
}

// One Consumption on a board of any size: the state before, step 3's choice, the quantities the text
// names, and the effect on any state after (effect(), asked once or, for decided, twice).
struct Consumption {
  z3::context& c;
  const ms::Rules& rules;
  Case k;
  std::string mis;
  z3::sort space;
  SpaceSums sums;
  std::array<int, kKinds> per;
  Mat before;
  Pieces army, taken;
  z3::expr backed, map_backed, card_backed, removed;  // totals over the spaces
  z3::expr billed, cost, shortfall, fed, died, spare_paid, located_paid, recovered, food_paid, water_paid;
  z3::expr premises;

  Consumption(z3::context& ctx, const ms::Rules& r, Case kc, std::string misreading)
      : c(ctx),
        rules(r),
        k(kc),
        mis(std::move(misreading)),
        space(ctx.uninterpreted_sort("Space")),
        sums{ctx, space},
        per(tokens_per_kind(r.numbers, kc.kind)),
        before(ctx, ""),
        army(ctx, space, "units"),
        taken(ctx, space, "step3"),
        backed(sums.total("backed")),
        map_backed(sums.total("backed_on_map")),
        card_backed(sums.total("backed_on_cards")),
        removed(sums.total("step3_tokens")),
        billed(ctx), cost(ctx), shortfall(ctx), fed(ctx), died(ctx), spare_paid(ctx), located_paid(ctx),
        recovered(ctx), food_paid(ctx), water_paid(ctx), premises(ctx) {
    const Mat& m = before;
    const int each = rules.numbers.tokens_per_food_and_water;
    // messina.consumption.cost / interpretation messina.consumption-bill
    billed = k.bill == R::ConsumptionBill::all_tokens ? m.d + m.sp + m.l : m.sp + m.l;
    cost = mis == kCostRoundedDown ? billed / each : (billed + (each - 1)) / each;
    shortfall = billed - min_of(min_of(each * m.food, each * m.water), billed);
    fed = shortfall == 0;
    died = min_of(shortfall, m.d);                                                        // step 1
    spare_paid = mis == kStep2Whole ? shortfall - died : min_of(shortfall - died, m.sp);  // step 2
    // step 3 as far as the Located tokens within reach go (messina.step3-card-units)
    const z3::expr reach = k.step3 == R::Step3CardUnits::map_and_cards ? m.l : map_backed;
    located_paid = min_of(shortfall - died - spare_paid, reach);
    const z3::expr n = c.int_val(rules.numbers.disaffected_recovered_after_full_feeding);
    recovered = z3::ite(fed, mis == kRecoveryFromNothing ? n : min_of(m.d, n), c.int_val(0));
    food_paid = min_of(m.food, cost);
    water_paid = min_of(m.water, cost);

    const z3::expr s = c.constant("s", space);
    z3::expr p = m.not_negative() && z3::forall(s, army.not_negative(s)) && m.l == backed;
    // The totals: the Located tokens back the units everywhere, map and cards; step 3's tokens.
    p = p && sums.additive(backed, [&](const z3::expr& x) { return army.tokens(x, per); }, map_backed,
                           [&](const z3::expr& x) { return army.map_tokens(x, per); }, card_backed,
                           [&](const z3::expr& x) { return army.card_tokens(x, per); });
    p = p && sums.bounds_terms(card_backed, [&](const z3::expr& x) { return army.card_tokens(x, per); });
    p = p && sums.bounds_terms(removed, [&](const z3::expr& x) { return taken.tokens(x, per); });
    p = p && z3::forall(s, step3_choice(s));
    p = p && step3_paid();
    premises = p;
  }

  // messina.consumption.shortfall.step3: the units named are there (not negative, at most those
  // standing), take tokens (a unit with none cannot pay), and on a card only under map-and-cards.
  z3::expr step3_choice(const z3::expr& s) const {
    z3::expr ok = taken.not_negative(s);
    if (mis != kTakeAbsent) ok = ok && taken.workers(s) <= army.workers(s);
    for (std::size_t i = 0; i < kKinds; ++i) {
      if (mis != kTakeAbsent) ok = ok && taken.map[i](s) <= army.map[i](s) && taken.card[i](s) <= army.card[i](s);
      if (per[i] == 0 && mis != kEveryUnitPays) ok = ok && taken.map[i](s) == 0 && taken.card[i](s) == 0;
      if (k.step3 == R::Step3CardUnits::map_only) ok = ok && taken.card[i](s) == 0;
    }
    return ok;
  }

  // The tokens of the units named add up to the tokens step 3 moves: as the text counts them (the
  // total `removed`), or as a misreading does (its own total, tied to `removed` by the sum's facts).
  z3::expr step3_paid() const {
    if (mis != kEveryUnitPays && mis != kWorkersFree) return removed == located_paid;
    const z3::expr misread = sums.total("step3_tokens_misread");
    const AtSpace right = [&](const z3::expr& x) { return taken.tokens(x, per); };
    AtSpace wrong, gap;
    if (mis == kEveryUnitPays) {
      std::array<int, kKinds> one{};
      one.fill(1);
      wrong = [this, one](const z3::expr& x) { return taken.tokens(x, one); };
      gap = [this, one](const z3::expr& x) { return taken.tokens(x, one) - taken.tokens(x, per); };
    } else {
      wrong = [this](const z3::expr& x) { return taken.tokens(x, per) - taken.workers(x); };
      gap = [this](const z3::expr& x) { return -taken.workers(x); };
    }
    const z3::expr between = sums.total("step3_misread_gap");
    return misread == located_paid && sums.additive(misread, wrong, removed, right, between, gap);
  }

  // The effect on the state after (`a`, `units`): consumption.cpp's constraints, clause by clause.
  z3::expr effect(const Mat& a, const Pieces& units) const {
    const Mat& m = before;
    const z3::expr s = c.constant("s", space);
    z3::expr e = z3::forall(s, pieces_change(s, units, army, nullptr, &taken));
    if (mis == kFullCostWhenShort) {
      e = e && a.food == m.food - cost && a.water == m.water - cost;
    } else {
      e = e && z3::implies(fed, a.food == m.food - cost && a.water == m.water - cost);  // messina.consumption.cost
      if (mis != kShortPaymentOpen)  // messina.consumption.plentiful-spent
        e = e && z3::implies(!fed, a.food == m.food - food_paid && a.water == m.water - water_paid);
    }
    e = e && a.dead == m.dead + died;       // step 1
    e = e && a.dead <= m.dead + m.d;        // messina.consumption.shortfall.excess
    e = e && a.sp <= m.sp - spare_paid + recovered;                // recovery
    e = e && z3::implies(!fed, a.sp >= m.sp - spare_paid);         // step 2
    if (mis != kRecoveryOptional) e = e && z3::implies(fed, a.sp >= m.sp + recovered);  // recovery
    e = e && a.l == m.l - located_paid;  // step 3
    // messina.population.disband-on-shortfall: the Disaffected region
    const z3::expr gained = mis == kStep3TokensLost ? spare_paid : spare_paid + located_paid;
    const z3::expr lost = mis == kRecoveryCreates ? died : died + recovered;
    e = e && a.d == m.d - lost + gained;
    return e;
  }
};

using Claim = std::function<z3::expr(const Consumption&, const Mat& after, const Pieces& units, const z3::expr& total)>;

// Each case asked: the premises and effect with one state after (its Located tokens' units a total
// tied to the before's by the sum's facts), the claim, exercised: `exercised`.
std::vector<Question> ask_each(z3::context& c, const ms::Rules& rules, const std::string& mis, const Claim& claim,
                               const std::function<z3::expr(const Consumption&)>& exercised) {
  std::vector<Question> qs;
  for (const Case& k : every_case()) {
    const Consumption x(c, rules, k, mis);
    const Mat after(c, "_after");
    const Pieces units(c, x.space, "units_after");
    const z3::expr backed_after = x.sums.total("backed_after");
    const z3::expr linked = x.sums.additive(
        x.backed, [&](const z3::expr& s) { return x.army.tokens(s, x.per); }, backed_after,
        [&](const z3::expr& s) { return units.tokens(s, x.per); }, x.removed,
        [&](const z3::expr& s) { return x.taken.tokens(s, x.per); });
    qs.push_back({k.words(), x.premises && x.effect(after, units) && linked, claim(x, after, units, backed_after),
                  exercised(x)});
  }
  return qs;
}

z3::expr step3_reached(const Consumption& x) { return x.located_paid > 0; }

UnboundedProof consumption_proof(std::string id, std::string claim, std::vector<std::string> clauses,
                                 std::vector<std::string> misreadings) {
  UnboundedProof p;
  p.id = std::move(id);
  p.claim = std::move(claim);
  p.covers =
      "boards of any size: any number of spaces (an uninterpreted sort), any counts of the faction's units on the map "
      "and on its cards and of its Workers, every step-3 choice (any units named at any spaces), either faction kind, "
      "under every combination of the readings of messina.consumption-bill and messina.step3-card-units; the "
      "Located tokens backing the units everywhere are a total with the facts of finite sums";
  p.clauses = std::move(clauses);
  p.misreadings = std::move(misreadings);
  p.exercised_words = "a shortfall reaches step 3";
  p.questions_words = "faction kinds x readings";
  return p;
}

}  // namespace

std::vector<UnboundedProof> unbounded_consumption_steps(const ms::Rules& rules) {
  std::vector<UnboundedProof> out;

  UnboundedProof conserved = consumption_proof(
      "messina.consumption.tokens-conserved",
      "a legal Consumption neither creates nor loses tokens: Disaffected + Spare + Located + dead is unchanged",
      {"messina.consumption.shortfall.step1", "messina.consumption.shortfall.step2",
       "messina.consumption.shortfall.step3", "messina.consumption.recovery", "messina.population.disband-on-shortfall"},
      {kRecoveryCreates, kStep3TokensLost});
  conserved.ask = [&rules](z3::context& c, const std::string& mis) {
    return ask_each(c, rules, mis,
                    [](const Consumption& x, const Mat& a, const Pieces&, const z3::expr&) {
                      return a.tokens() == x.before.tokens();
                    },
                    [](const Consumption& x) { return step3_reached(x) || x.recovered > 0; });
  };
  conserved.exercised_words = "a shortfall reaches step 3, or a token recovers";
  out.push_back(std::move(conserved));

  UnboundedProof negative = consumption_proof(
      "messina.consumption.counts-never-negative",
      "after a legal Consumption no count of the faction is negative: its mat, dead, Food, Water, and its units on the "
      "map and on cards and its Workers at every space",
      {"messina.consumption.cost", "messina.consumption.plentiful-spent", "messina.consumption.shortfall.step1",
       "messina.consumption.shortfall.step2", "messina.consumption.shortfall.step3"},
      {kFullCostWhenShort, kStep2Whole, kTakeAbsent});
  negative.ask = [&rules](z3::context& c, const std::string& mis) {
    return ask_each(c, rules, mis,
                    [](const Consumption& x, const Mat& a, const Pieces& units, const z3::expr&) {
                      const z3::expr s = x.c.constant("s", x.space);
                      return a.not_negative() && z3::forall(s, units.not_negative(s));
                    },
                    &step3_reached);
  };
  out.push_back(std::move(negative));

  UnboundedProof located = consumption_proof(
      "messina.consumption.located-backs-units",
      "after a legal Consumption the faction's Located tokens still equal the tokens its units (map and cards) and "
      "Workers everywhere stand for",
      {"messina.consumption.shortfall.step3", "messina.population.backing", "messina.population.located"},
      {kEveryUnitPays, kWorkersFree});
  located.ask = [&rules](z3::context& c, const std::string& mis) {
    return ask_each(c, rules, mis,
                    [](const Consumption&, const Mat& a, const Pieces&, const z3::expr& backed_after) {
                      return a.l == backed_after;
                    },
                    &step3_reached);
  };
  out.push_back(std::move(located));

  UnboundedProof decided = consumption_proof(
      "messina.consumption.decided",
      "once step 3's units are named the text leaves nothing open: two outcomes of one legal Consumption have the "
      "same mat, dead, Food and Water (and the same units: those named are taken off)",
      {"messina.consumption.cost", "messina.consumption.plentiful-spent", "messina.consumption.shortfall.step1",
       "messina.consumption.shortfall.step2", "messina.consumption.shortfall.step3", "messina.consumption.recovery"},
      {kRecoveryOptional, kShortPaymentOpen});
  decided.ask = [&rules](z3::context& c, const std::string& mis) {
    std::vector<Question> qs;
    for (const Case& k : every_case()) {
      const Consumption x(c, rules, k, mis);
      const Mat one(c, "_one"), two(c, "_two");
      const Pieces u1(c, x.space, "units_one"), u2(c, x.space, "units_two");
      qs.push_back({k.words(), x.premises && x.effect(one, u1) && x.effect(two, u2), one.same_as(two),
                    x.shortfall > 0 || x.recovered > 0});
    }
    return qs;
  };
  decided.exercised_words = "the Consumption has a shortfall or a recovery";
  out.push_back(std::move(decided));

  UnboundedProof fed = consumption_proof(
      "messina.consumption.full-feeding-changes-only-supplies",
      fmt::format("a faction that pays the whole bill and has no Disaffected token changes nothing but its Food and "
                  "Water, each down by the cost (its tokens / {}, rounded up): its mat, dead and units everywhere "
                  "stay",
                  rules.numbers.tokens_per_food_and_water),
      {"messina.consumption.cost", "messina.consumption.recovery", "messina.consumption.shortfall.step3"},
      {kCostRoundedDown, kRecoveryFromNothing});
  fed.ask = [&rules](z3::context& c, const std::string& mis) {
    const int each = rules.numbers.tokens_per_food_and_water;
    auto full = [each](const Consumption& x) {
      const Mat& m = x.before;
      const z3::expr cost = (m.sp + m.l + (each - 1)) / each;  // no Disaffected: either bill
      return m.d == 0 && m.food >= cost && m.water >= cost;
    };
    return ask_each(c, rules, mis,
                    [each, full](const Consumption& x, const Mat& a, const Pieces& units, const z3::expr&) {
                      const Mat& m = x.before;
                      const z3::expr cost = (m.sp + m.l + (each - 1)) / each;
                      const z3::expr s = x.c.constant("s", x.space);
                      z3::expr same = units.workers(s) == x.army.workers(s);
                      for (std::size_t i = 0; i < kKinds; ++i)
                        same = same && units.map[i](s) == x.army.map[i](s) && units.card[i](s) == x.army.card[i](s);
                      return z3::implies(full(x), a.sp == m.sp && a.l == m.l && a.d == 0 && a.dead == m.dead &&
                                                      a.food == m.food - cost && a.water == m.water - cost &&
                                                      z3::forall(s, same));
                    },
                    [full](const Consumption& x) { return full(x) && x.billed > 0; });
  };
  fed.exercised_words = "the faction is fully fed with tokens to feed";
  out.push_back(std::move(fed));
  return out;
}

}  // namespace rulecheck::solver::messina
