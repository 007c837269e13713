// The literal encoding of the Population Supply and Movement page's placements (issue 23): new
// Workers in an Industry Action, Civilians right before orders or a Bonus Military Action, and
// Civilians in defence of a Home Space, each sentence as loosely as its words allow
// (literal_frame.hpp; the search over it is literal.cpp). Where the page leaves a choice a declared
// point names (whose Utility a new Worker occupies, whether the stacking limit binds these Civilians,
// which consent makes an ally's space count, whether home defence still needs Spare population), the
// point's reading is free. The Friendly Area is the literal one (literal_friendly.cpp).
#include <cstddef>
#include <vector>

#include "solver/messina/literal_frame.hpp"

namespace rulecheck::solver::messina::literal {

namespace {

using ms::Piece;

constexpr const char* kCivilians = "messina.population.placement.civilians";
constexpr const char* kHomeDefence = "messina.population.home-defence";
constexpr const char* kInArea = "messina.population.placement.friendly-area";
constexpr const char* kOnCards = "messina.population.placement.cards";
constexpr const char* kSpareRequired = "messina.population.placement.spare-required";
constexpr const char* kToLocated = "messina.population.placement.spare-to-located";
constexpr const char* kDisaffected = "messina.population.disaffected";
constexpr const char* kConsent = "messina.friendly.consent";

std::size_t at(int i) { return static_cast<std::size_t>(i); }

int kind_index(Piece p) {
  for (std::size_t k = 0; k < kKinds; ++k)
    if (ms::kUnitKinds[k] == p) return static_cast<int>(k);
  return -1;  // a Worker
}

z3::expr units_on_map(const SymBoard& b, int s, int f, Freedoms& v) {
  const SymSpace& sp = b.spaces[at(s)];
  z3::expr all = b.ctx().int_val(0), own = b.ctx().int_val(0);
  for (std::size_t g = 0; g < sp.units.size(); ++g)
    for (std::size_t k = 0; k < kKinds; ++k) {
      all = all + sp.units[g][k];
      if (g == at(f)) own = own + sp.units[g][k];
    }
  // messina.stacking-scope: every faction's units, or the placing faction's own.
  return z3::ite(v.reading("messina.stacking-scope", kStacking) == 0, all, own);
}

z3::expr card_units(const SymSpace& sp) {
  z3::expr n = sp.card_units[0];
  for (std::size_t k = 1; k < kKinds; ++k) n = n + sp.card_units[k];
  return n;
}

// The moment the page gives each placement.
z3::expr moment(const SymBoard& b, int f, ms::PlacementTime when) {
  z3::context& ctx = b.ctx();
  switch (when) {
    case ms::PlacementTime::industry:  // messina.population.placement.workers: during an Industry Action
      return b.phase == static_cast<int>(ms::Phase::industry);
    case ms::PlacementTime::before_orders:  // messina.population.placement.civilians
      return b.phase == static_cast<int>(ms::Phase::orders) ||
             b.phase == static_cast<int>(ms::Phase::bonus_military_action);
    case ms::PlacementTime::home_defence: {  // messina.population.home-defence: a Home Space under attack
      z3::expr at_home = ctx.bool_val(false);
      for (std::size_t s = 0; s < b.spaces.size(); ++s)
        at_home = at_home || (b.battle == static_cast<int>(s) && b.factions[at(f)].home[s]);
      return b.phase == static_cast<int>(ms::Phase::battle) && at_home;
    }
  }
  return ctx.bool_val(false);
}

}  // namespace

void place_op(const SymBoard& pre, int f, const ms::Place& a, Freedoms& v, const ms::Rules& rules, LiteralStep& step) {
  z3::context& ctx = pre.ctx();
  Constraints& c = step.conditions;
  const SymFaction& me = pre.factions[at(f)];
  const bool industry = a.when == ms::PlacementTime::industry;
  const bool defence = a.when == ms::PlacementTime::home_defence;
  const char* when_clause = industry ? kWorkersPlaced : defence ? kHomeDefence : kCivilians;
  c.push_back({when_clause, moment(pre, f, a.when)});

  // messina.friendly.consent: an ally's presence counts for the activity it consented to. Whether
  // these Civilians are an activity of their own or a muster is messina.civilian-consent.
  std::vector<z3::expr> area;
  if (industry) {
    area = literal_area(pre, f, ms::Activity::workers, v);
  } else {
    const auto own = literal_area(pre, f, ms::Activity::civilians, v);
    const auto muster = literal_area(pre, f, ms::Activity::muster, v);
    const z3::expr r = v.reading("messina.civilian-consent", kConsent);
    for (std::size_t s = 0; s < own.size(); ++s) area.push_back(z3::ite(r == 0, own[s], muster[s]));
  }

  int from_spare = 0, from_disaffected = 0;
  std::vector<int> on_map, on_card;
  for (const auto& pl : a.placements) {
    const int s = pre.space_index(pl.what.where.space);
    const bool card = pl.what.where.on_card;
    const SymSpace& sp = pre.spaces[at(s)];
    const int tokens = pl.what.count * tokens_per_unit(rules.numbers, me.kind, pl.what.piece);
    // What appears: Workers at Industry (on Utilities, so never on a card), Civilians otherwise.
    if (industry)
      c.push_back({kWorkersPlaced, ctx.bool_val(pl.what.piece == Piece::worker && !card)});
    else
      c.push_back({when_clause, ctx.bool_val(pl.what.piece == Piece::civilian)});
    // messina.population.placement.friendly-area: in the Friendly Area; messina.population.placement.cards:
    // onto a Location Card with the same restrictions (a card its holder holds; in the Area with its
    // space, or any held card under messina.card-in-area).
    if (card) {
      c.push_back({kOnCards, sp.card_holder == f});
      c.push_back({kInArea, v.reading("messina.card-in-area", kOnCards) == 1 || area[at(s)]});
    } else {
      c.push_back({kInArea, area[at(s)]});
    }
    // messina.population.home-defence: at the attacked space.
    if (defence) c.push_back({kHomeDefence, pre.battle == s && ctx.bool_val(!card)});
    // messina.population.placement.workers: assigned to a Utility in the Friendly Area. Whose Utility
    // the words do not say: messina.worker-utility (the placer's own, or a consenting ally's).
    const int owner = pl.utility ? pre.faction_index(*pl.utility) : f;
    if (industry) {
      const z3::expr utility = sp.utility[at(owner)];
      if (owner == f) {
        c.push_back({kWorkersPlaced, utility});
      } else {
        const z3::expr consents = pre.factions[at(owner)].consents[at(f)][static_cast<std::size_t>(ms::Activity::workers)];
        c.push_back({kWorkersPlaced,
                     v.reading("messina.worker-utility", kWorkersPlaced) == 1 && utility && consents});
      }
    }
    // messina.population.disaffected: the Disaffected fight only for their Home Spaces.
    if (pl.from == ms::TokenSource::disaffected) {
      c.push_back({kDisaffected, ctx.bool_val(defence)});
      from_disaffected += tokens;
    } else {
      from_spare += tokens;
    }
    // The units appear (the frame: nothing else on the board changes).
    if (pl.what.piece == Piece::worker) {
      if (card) continue;
      if (owner == f)
        step.post.spaces[at(s)].workers[at(f)] = step.post.spaces[at(s)].workers[at(f)] + pl.what.count;
      else
        step.post.spaces[at(s)].guests[at(owner)][at(f)] =
            step.post.spaces[at(s)].guests[at(owner)][at(f)] + pl.what.count;
    } else {
      const std::size_t k = static_cast<std::size_t>(kind_index(pl.what.piece));
      if (card) {
        step.post.spaces[at(s)].card_units[k] = step.post.spaces[at(s)].card_units[k] + pl.what.count;
        on_card.push_back(s);
      } else {
        step.post.spaces[at(s)].units[at(f)][k] = step.post.spaces[at(s)].units[at(f)][k] + pl.what.count;
        on_map.push_back(s);
      }
    }
  }
  // messina.population.placement.spare-required: human units appear only while the faction has Spare
  // population. The home-defence row adds the Disaffected as a source; whether that lifts the need
  // for Spare is messina.home-defence-spare.
  if (from_disaffected > 0)
    c.push_back({kSpareRequired, v.reading("messina.home-defence-spare", kHomeDefence) == 0 || me.spare > 0});
  else
    c.push_back({kSpareRequired, me.spare > 0});
  c.push_back({kToLocated, me.spare >= from_spare && me.disaffected >= from_disaffected});
  // messina.muster.stacking binds when mustering; whether these Civilians (the summary table's
  // "mustering") are bound outside the Muster Phase is messina.civilian-stacking.
  for (int s : on_map)
    c.push_back({kStacking, v.reading("messina.civilian-stacking", kStacking) == 1 ||
                                units_on_map(step.post, s, f, v) <= rules.numbers.stacking_map});
  // messina.cards.capacity: a card carries at most its limit.
  for (int s : on_card) c.push_back({kCapacity, card_units(step.post.spaces[at(s)]) <= rules.numbers.stacking_card});
  // messina.population.placement.spare-to-located: the tokens move to Located.
  SymFaction& after = step.post.factions[at(f)];
  after.spare = after.spare - from_spare;
  after.disaffected = after.disaffected - from_disaffected;
  after.located = after.located + (from_spare + from_disaffected);
}

}  // namespace rulecheck::solver::messina::literal
