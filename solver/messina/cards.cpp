// Location Cards (messina.cards.*): facing, moving a card's units to the map, the hand limit at the
// end of an Exploration, and what a card's facing decides (exposure, ties, bombs, support).
// Written from the Location Card page; the clause ids are those an engine author sees.
#include <map>
#include <set>

#include <fmt/format.h>

#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

constexpr const char* kHolding = "messina.cards.holding";
constexpr const char* kExpose = "messina.cards.expose-any-time";
constexpr const char* kHide = "messina.cards.hide";
constexpr const char* kTransfer = "messina.cards.transfer";
constexpr const char* kHandLimit = "messina.cards.hand-limit";
constexpr const char* kDiscardEmpty = "messina.cards.discard-empty";

using Changed = std::map<std::string, std::string>;

z3::expr phase_is(const SymBoard& b, ms::Phase p) { return b.phase == static_cast<int>(p); }

std::string kind_name(std::size_t k) { return std::string(ms::piece_name(ms::kUnitKinds[k])); }

z3::expr card_total(const SymSpace& sp) {
  z3::expr t = sp.card_units[0].ctx().int_val(0);
  for (const auto& u : sp.card_units) t = t + u;
  return t;
}

z3::expr holds(const SymBoard& b, int space, int faction) { return b.spaces[space].card_holder == faction; }

// The pieces counted against a map space's limit when `faction` adds units there: every unit kind
// (Workers live in Utilities and never count), of every faction or of `faction` only
// (interpretation messina.stacking-scope).
z3::expr stacked(const SymBoard& b, int space, int faction, const ms::Rules& rules) {
  z3::expr n = b.ctx().int_val(0);
  for (std::size_t f = 0; f < b.factions.size(); ++f) {
    if (rules.readings.stacking_scope == ms::Readings::StackingScope::per_faction && static_cast<int>(f) != faction)
      continue;
    for (const auto& u : b.spaces[space].units[f]) n = n + u;
  }
  return n;
}

// messina.cards.hide: a card turns face-down only in the gap between two Mil Ops Phases. From the
// texts: the Alternating Phase (Muster, Consumption) and a Bonus Military Action (a Re-arm too)
// sit outside any Mil Ops Phase; the Civilians placed just before orders open one, a battle is in
// the middle of one (nobody hides mid-battle). The Actions (Industry, the end of an Exploration)
// are placed by interpretation messina.action-moments; a state naming no moment shows nothing.
z3::expr between_mil_ops(const SymBoard& b, const ms::Readings& readings) {
  z3::expr_vector ok(b.ctx());
  for (ms::Phase p : {ms::Phase::muster, ms::Phase::consumption, ms::Phase::bonus_military_action, ms::Phase::rearm,
                      ms::Phase::between_mil_ops})
    ok.push_back(phase_is(b, p));
  if (readings.action_moments == ms::Readings::ActionMoments::outside_mil_ops) {
    ok.push_back(phase_is(b, ms::Phase::industry));
    ok.push_back(phase_is(b, ms::Phase::exploration_end));
  }
  return z3::mk_or(ok);
}

// convention messina.convention.card-transfer-any-moment: the transfer's guard names no phase
// messina.cards.transfer: units leave a face-up card for its own map space, as long as the card
// holds them and the map space stays within its limit (`waive_stacking`: the one reading of
// messina.discard-emptying that lets a card discarded now be emptied past the limit). Changes `cur`.
void move_to_map(SymBoard& cur, int space, int faction, const ms::UnitCounts& units, bool waive_stacking,
                 const ms::Rules& rules, Constraints& legal, Changed& changed) {
  SymSpace& sp = cur.spaces[space];
  const std::string& sid = sp.id;
  const std::string& fid = cur.factions[faction].id;
  legal.push_back({kHolding, holds(cur, space, faction)});
  legal.push_back({kTransfer, sp.card_exposed});
  for (std::size_t k = 0; k < kKinds; ++k) {
    const int n = units.count[k];
    legal.push_back({kTransfer, cur.ctx().bool_val(n >= 0) && sp.card_units[k] >= n});
    sp.card_units[k] = sp.card_units[k] - n;
    sp.units[faction][k] = sp.units[faction][k] + n;
    changed[fmt::format("/cards/{}/units/{}", sid, kind_name(k))] = kTransfer;
    changed[fmt::format("/spaces/{}/units/{}/{}", sid, fid, kind_name(k))] = kTransfer;
  }
  if (!waive_stacking) legal.push_back({kTransfer, stacked(cur, space, faction, rules) <= rules.numbers.stacking_map});
}

std::vector<std::pair<std::string, std::string>> as_list(const Changed& c) { return {c.begin(), c.end()}; }

// messina.cards.hand-limit with interpretation messina.hand-limit-discard: how many discards a
// hand of `held` cards allows.
z3::expr discards_allowed(z3::context& ctx, const z3::expr& held, int discards, const ms::Rules& rules) {
  const z3::expr excess = max_of(held - rules.numbers.hand_limit, ctx.int_val(0));
  const z3::expr n = ctx.int_val(discards);
  switch (rules.readings.hand_limit_discard) {
    case ms::Readings::HandLimitDiscard::exactly_excess: return n == excess;
    case ms::Readings::HandLimitDiscard::more_when_over: return z3::ite(excess > 0, n >= excess, n == 0);
    case ms::Readings::HandLimitDiscard::any_number: return n >= excess;
  }
  return ctx.bool_val(false);
}

// Presence that makes a space friendly, the space's Location Card left out: units on the map, a
// Utility, Workers as guests in anyone's Utility, a Shield (messina.friendly.space).
z3::expr presence_without_card(const SymBoard& b, int space, int ally) {
  const SymSpace& sp = b.spaces[space];
  z3::expr units = b.ctx().int_val(0);
  for (const auto& u : sp.units[ally]) units = units + u;
  z3::expr guests = b.ctx().int_val(0);
  for (std::size_t o = 0; o < b.factions.size(); ++o) guests = guests + sp.guests[o][ally];
  return units > 0 || sp.utility[ally] || guests > 0 || sp.shield[ally] > 0;
}

// Whether the space would be friendly to `faction` for `purpose` without the card: its own
// presence, or that of an ally consenting to the purpose (messina.friendly.consent).
z3::expr friendly_without_card(const SymBoard& b, int space, int faction, ms::Activity purpose) {
  z3::expr_vector any(b.ctx());
  for (std::size_t a = 0; a < b.factions.size(); ++a) {
    const z3::expr counts = static_cast<int>(a) == faction
                                ? b.ctx().bool_val(true)
                                : b.factions[a].consents[faction][static_cast<std::size_t>(purpose)];
    any.push_back(counts && presence_without_card(b, space, static_cast<int>(a)));
  }
  return z3::mk_or(any);
}

}  // namespace

// messina.cards.expose-any-time: the holder turns its card face-up whenever it likes (already
// face-up: nothing changes).
std::optional<Encoded> encode_expose(const SymBoard& before, const ms::Expose& a, const SymBoard& after,
                                     const ms::Rules&) {
  const int f = before.faction_index(a.faction), s = before.space_index(a.card);
  if (f < 0 || s < 0) return std::nullopt;
  SymBoard next = before;
  next.spaces[s].card_exposed = before.ctx().bool_val(true);
  return Encoded{{{kHolding, holds(before, s, f)}},
                 effect(after, next, {{"/cards/" + a.card + "/exposed", kExpose}}, kExpose)};
}

// messina.cards.hide: face-down only when the card is empty, outside every Mil Ops Phase.
std::optional<Encoded> encode_hide(const SymBoard& before, const ms::Hide& a, const SymBoard& after,
                                   const ms::Rules& rules) {
  const int f = before.faction_index(a.faction), s = before.space_index(a.card);
  if (f < 0 || s < 0) return std::nullopt;
  SymBoard next = before;
  next.spaces[s].card_exposed = before.ctx().bool_val(false);
  Constraints legal = {{kHolding, holds(before, s, f)},
                       {kHide, between_mil_ops(before, rules.readings)},
                       {kHide, card_total(before.spaces[s]) == 0}};
  return Encoded{legal, effect(after, next, {{"/cards/" + a.card + "/exposed", kHide}}, kHide)};
}

std::optional<Encoded> encode_transfer(const SymBoard& before, const ms::Transfer& a, const SymBoard& after,
                                       const ms::Rules& rules) {
  const int f = before.faction_index(a.faction), s = before.space_index(a.card);
  if (f < 0 || s < 0) return std::nullopt;
  SymBoard next = before;
  Constraints legal;
  Changed changed;
  move_to_map(next, s, f, a.units, false, rules, legal, changed);
  return Encoded{legal, effect(after, next, as_list(changed), kTransfer)};
}

// messina.cards.hand-limit / messina.cards.discard-empty: at the end of an Exploration the holder
// first empties cards onto the map (transfers, in order), then discards; each discarded card is
// its own, empty and named once, and the number discarded is what the hand limit asks.
std::optional<Encoded> encode_end_exploration(const SymBoard& before, const ms::EndExploration& a,
                                              const SymBoard& after, const ms::Rules& rules) {
  z3::context& ctx = before.ctx();
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  std::vector<int> discards;
  for (const auto& id : a.discard) {
    discards.push_back(before.space_index(id));
    if (discards.back() < 0) return std::nullopt;
  }
  Constraints legal = {{kHandLimit, phase_is(before, ms::Phase::exploration_end)}};
  Changed changed;
  SymBoard cur = before;
  const std::set<int> discarded(discards.begin(), discards.end());
  const bool override_stacking = rules.readings.discard_emptying == ms::Readings::DiscardEmptying::overrides_stacking;
  for (const auto& t : a.transfers) {
    const int s = before.space_index(t.card);
    if (s < 0) return std::nullopt;
    move_to_map(cur, s, f, t.units, override_stacking && discarded.count(s) > 0, rules, legal, changed);
  }
  // Transfers never change who holds what: the hand counted is the hand before.
  std::vector<z3::expr> held;
  for (std::size_t s = 0; s < before.spaces.size(); ++s)
    held.push_back(z3::ite(holds(before, static_cast<int>(s), f), ctx.int_val(1), ctx.int_val(0)));
  legal.push_back({kHandLimit, discards_allowed(ctx, sum(ctx, held), static_cast<int>(discards.size()), rules)});
  std::set<int> seen;
  for (int s : discards) {
    const bool first = seen.insert(s).second;
    legal.push_back({kHandLimit, ctx.bool_val(first)});
    if (!first) continue;
    legal.push_back({kHolding, holds(cur, s, f)});
    legal.push_back({kDiscardEmpty, card_total(cur.spaces[s]) == 0});
    SymSpace& sp = cur.spaces[s];
    sp.card_holder = ctx.int_val(-1);
    sp.card_exposed = ctx.bool_val(false);
    changed["/cards/" + sp.id + "/holder"] = kHandLimit;
    changed["/cards/" + sp.id + "/exposed"] = kHandLimit;
    for (std::size_t k = 0; k < kKinds; ++k) {
      sp.card_units[k] = ctx.int_val(0);
      changed[fmt::format("/cards/{}/units/{}", sp.id, kind_name(k))] = kDiscardEmpty;
    }
  }
  return Encoded{legal, effect(after, cur, as_list(changed), kHandLimit)};
}

// messina.cards.must-expose: only the listed situations call for the card face-up.
std::optional<SymAnswer> encode_must_expose(const SymBoard& board, const ms::MustExposeQuery& q, const ms::Rules&) {
  const int f = board.faction_index(q.faction), s = board.space_index(q.card);
  if (f < 0 || s < 0) return std::nullopt;
  z3::context& ctx = board.ctx();
  using S = ms::ExposureSituation;
  auto answer = [&](z3::expr e, const char* clause) { return SymAnswer{SymAnswer::Type::boolean, {e}, clause}; };
  switch (q.situation) {
    // messina.cards.expose.build: only when the space's friendliness rests on the card.
    case S::utility_build:
      return answer(!friendly_without_card(board, s, f, ms::Activity::build), "messina.cards.expose.build");
    case S::muster_on_map:
      return answer(!friendly_without_card(board, s, f, ms::Activity::muster), "messina.cards.expose.build");
    case S::obstruction: return answer(ctx.bool_val(true), "messina.cards.expose.obstruction");
    case S::march: return answer(ctx.bool_val(true), "messina.cards.expose.march");
    case S::demolition: return answer(ctx.bool_val(true), "messina.cards.expose.demolition");
    case S::military_effect: return answer(ctx.bool_val(true), "messina.cards.expose.military-effect");
    case S::battle: return answer(ctx.bool_val(true), "messina.cards.expose.battle");
    // The exceptions: linking friendly spaces, mustering onto the card, units that do not respond.
    case S::connect: return answer(ctx.bool_val(false), "messina.cards.expose.connect");
    case S::muster_onto_card: return answer(ctx.bool_val(false), "messina.cards.expose.onto-card");
    case S::no_response: return answer(ctx.bool_val(false), "messina.cards.expose.no-response");
  }
  return std::nullopt;
}

// messina.cards.exposed.tie-break: a tie goes to the side holding the location's card (a hidden
// card too: it may be turned up after the strengths are counted). A holder that is not a side
// helps nobody, or (interpretation messina.tie-break-ally) the one side it consents `military` to.
std::optional<SymAnswer> encode_tie_break(const SymBoard& board, const ms::TieBreakQuery& q, const ms::Rules& rules) {
  const int s = board.space_index(q.at);
  if (s < 0) return std::nullopt;
  z3::context& ctx = board.ctx();
  std::vector<int> sides;
  for (const auto& id : q.sides) {
    sides.push_back(board.faction_index(id));
    if (sides.back() < 0) return std::nullopt;
  }
  const z3::expr& holder = board.spaces[s].card_holder;
  z3::expr_vector holder_is_side(ctx);
  for (int side : sides) holder_is_side.push_back(holder == side);
  z3::expr ally = ctx.int_val(-1);
  if (rules.readings.tie_break_ally == ms::Readings::TieBreakAlly::military_ally) {
    const auto military = static_cast<std::size_t>(ms::Activity::military);
    // The sides the holder consents `military` to, and the last of them.
    z3::expr count = ctx.int_val(0), last = ctx.int_val(-1);
    for (int side : sides)
      for (std::size_t h = 0; h < board.factions.size(); ++h) {
        const z3::expr gives = holder == static_cast<int>(h) && board.factions[h].consents[side][military];
        count = count + z3::ite(gives, ctx.int_val(1), ctx.int_val(0));
        last = z3::ite(gives, ctx.int_val(side), last);
      }
    ally = z3::ite(count == 1, last, ctx.int_val(-1));
  }
  z3::expr winner = ally;
  for (auto it = sides.rbegin(); it != sides.rend(); ++it) winner = z3::ite(holder == *it, ctx.int_val(*it), winner);
  return SymAnswer{SymAnswer::Type::faction, {winner}, "messina.cards.exposed.tie-break"};
}

// messina.cards.hidden.invisible: bombs and missiles cannot reach units on a face-down card.
std::optional<SymAnswer> encode_bombable(const SymBoard& board, const ms::BombableQuery& q, const ms::Rules&) {
  const int s = board.space_index(q.card);
  if (s < 0) return std::nullopt;
  return SymAnswer{SymAnswer::Type::boolean, {board.spaces[s].card_exposed}, "messina.cards.hidden.invisible"};
}

// messina.cards.hidden.support: no hit, March or Support cuts a face-down card's support.
std::optional<SymAnswer> encode_support_cut(const SymBoard& board, const ms::SupportCutQuery& q, const ms::Rules&) {
  const int s = board.space_index(q.card);
  if (s < 0) return std::nullopt;
  return SymAnswer{SymAnswer::Type::boolean, {board.spaces[s].card_exposed}, "messina.cards.hidden.support"};
}

// ---- proofs ----

namespace {

using Invariant = std::function<z3::expr(const SymBoard& before, const SymBoard& after, const ms::Rules& rules)>;

// Over a free board of `shape`, every one of `steps`, legal, keeps `invariant`.
MessinaProof prove_over(std::string id, std::string claim, std::vector<std::string> clauses, const Shape& shape,
                        const std::vector<ms::Action>& steps, const Invariant& invariant, const ms::Rules& rules,
                        const Budget& budget) {
  return prove_over_steps(
      {std::move(id), std::move(claim), std::move(clauses)}, shape, fixed_actions(steps, rules),
      [&](const SymBoard& before, const SymBoard& after) { return invariant(before, after, rules); }, rules, budget);
}

ms::UnitCounts units_of(ms::Piece p, int n) {
  ms::UnitCounts u;
  u[p] = n;
  return u;
}

z3::expr held_by(const SymBoard& b, int f) {
  std::vector<z3::expr> held;
  for (const auto& sp : b.spaces) held.push_back(z3::ite(sp.card_holder == f, b.ctx().int_val(1), b.ctx().int_val(0)));
  return sum(b.ctx(), held);
}

z3::expr own_map(const SymBoard& b, int space, int f) {
  return sum(b.ctx(), {b.spaces[space].units[f].begin(), b.spaces[space].units[f].end()});
}

}  // namespace

std::vector<MessinaProof> cards_proofs(const ms::Rules& rules, const Budget& budget) {
  std::vector<MessinaProof> out;
  const Shape two = small_shape(2, true);
  const Shape hand = small_shape(rules.numbers.hand_limit + 2, false);
  const ms::UnitCounts one_inf = units_of(ms::Piece::infantry, 1);

  out.push_back(prove_over(
      "messina.cards.capacity-kept",
      "Over 2 spaces and 2 factions: after a legal expose, hide, transfer or end of Exploration every card holds at "
      "most the card stacking limit.",
      {"messina.cards.capacity", kExpose, kHide, kTransfer, kHandLimit}, two,
      {ms::Expose{"Red", "A"}, ms::Hide{"Red", "A"}, ms::Transfer{"Red", "A", one_inf},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"B"}}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        z3::expr_vector ok(after.ctx());
        for (const auto& sp : after.spaces) ok.push_back(card_total(sp) <= r.numbers.stacking_card);
        return z3::mk_and(ok);
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.hand-limit-kept",
      "Over hand_limit + 2 spaces and 1 faction: after a legal end of Exploration discarding one or two cards, the "
      "holder holds at most the hand limit.",
      {kHandLimit}, hand,
      {ms::EndExploration{"Red", {}, {"A"}}, ms::EndExploration{"Red", {}, {"A", "B"}},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"A"}}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        return held_by(after, 0) <= r.numbers.hand_limit;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.hidden-empty",
      "Over 2 spaces and 2 factions: after a legal hide the card is face-down with no units on it.", {kHide}, two,
      {ms::Hide{"Red", "A"}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules&) {
        return !after.spaces[0].card_exposed && card_total(after.spaces[0]) == 0;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.transfer-conserves",
      "Over 2 spaces and 2 factions: a legal transfer keeps, kind by kind, the holder's units on the card plus on "
      "its map space, and Located still equals the units it backs.",
      {kTransfer, "messina.population.backing"}, two,
      {ms::Transfer{"Red", "A", one_inf}, ms::Transfer{"Red", "A", units_of(ms::Piece::mech, 2)}},
      [](const SymBoard& before, const SymBoard& after, const ms::Rules& r) {
        z3::expr_vector ok(after.ctx());
        for (std::size_t k = 0; k < kKinds; ++k)
          ok.push_back(after.spaces[0].card_units[k] + after.spaces[0].units[0][k] ==
                       before.spaces[0].card_units[k] + before.spaces[0].units[0][k]);
        ok.push_back(after.factions[0].located == backed_tokens(after, 0, r.numbers));
        return z3::mk_and(ok);
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.transfer-stacking",
      "Over 2 spaces and 2 factions: after a legal transfer the holder has at most the map limit of units on the "
      "map space, and at most map limit + card limit at the location.",
      {kTransfer, "messina.cards.seven-per-location"}, two,
      {ms::Transfer{"Red", "A", one_inf}, ms::Transfer{"Red", "A", units_of(ms::Piece::civilian, 2)}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        return own_map(after, 0, 0) <= r.numbers.stacking_map &&
               own_map(after, 0, 0) + card_total(after.spaces[0]) <= r.numbers.stacking_map + r.numbers.stacking_card;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.discard-transfer-stacking",
      "Over hand_limit + 2 spaces and 1 faction: a legal end of Exploration leaves a map space a transfer fed within "
      "the map limit, except (messina.discard-emptying = overrides-stacking) for a card discarded in it, which adds "
      "at most the card limit.",
      {kTransfer, kDiscardEmpty, kHandLimit}, hand,
      {ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"B"}},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"A"}}},
      [](const SymBoard& before, const SymBoard& after, const ms::Rules& r) {
        const bool overrides = r.readings.discard_emptying == ms::Readings::DiscardEmptying::overrides_stacking;
        const z3::expr within = own_map(after, 0, 0) <= r.numbers.stacking_map;
        if (!overrides) return within;
        // Only card A's discard may waive the limit: B's was discarded while A was kept.
        return within || (after.spaces[0].card_holder == -1 &&
                          own_map(after, 0, 0) <= own_map(before, 0, 0) + r.numbers.stacking_card);
      },
      rules, budget));
  return out;
}

// ---- witnesses ----

std::vector<MessinaWitness> cards_witnesses(const ms::Rules& rules, const Budget& budget) {
  using R = ms::Readings;
  std::vector<WitnessSpec> specs;
  specs.push_back(WitnessSpec{
      "messina.hand-limit-discard",
      {kHandLimit},
      "Discarding a card at the end of an Exploration while not over the hand limit",
      "Red holds one card, far under the limit, and discards it: only any-number allows a discard when there is no "
      "excess (excess 0, 1 discard).",
      {reading_of(rules, "exactly-excess", [](R& r) { r.hand_limit_discard = R::HandLimitDiscard::exactly_excess; }),
       reading_of(rules, "more-when-over", [](R& r) { r.hand_limit_discard = R::HandLimitDiscard::more_when_over; }),
       reading_of(rules, "any-number", [](R& r) { r.hand_limit_discard = R::HandLimitDiscard::any_number; })},
      {small_shape(1, false), small_shape(2, false)},
      [](const Shape&) {
        return Step{ms::Action{ms::EndExploration{"Red", {}, {"A"}}}};
      },
      {}});
  const int over = rules.numbers.hand_limit + 1;
  specs.push_back(WitnessSpec{
      "messina.discard-emptying",
      {kDiscardEmpty, kTransfer, kHandLimit},
      "Emptying a discarded card onto a full map space at the end of an Exploration",
      fmt::format("Red holds {} cards, one over the limit of {}; card A carries a unit and its map space is already "
                  "at the limit of {}: only overrides-stacking lets the unit go down so that A can be discarded.",
                  over, rules.numbers.hand_limit, rules.numbers.stacking_map),
      {reading_of(rules, "stacking-binds", [](R& r) { r.discard_emptying = R::DiscardEmptying::stacking_binds; }),
       reading_of(rules, "overrides-stacking",
                  [](R& r) { r.discard_emptying = R::DiscardEmptying::overrides_stacking; })},
      {small_shape(over, false), small_shape(over, true)},
      [](const Shape&) {
        return Step{
            ms::Action{ms::EndExploration{"Red", {ms::Transfer{"Red", "A", units_of(ms::Piece::mech, 1)}}, {"A"}}}};
      },
      {}});
  Shape three = small_shape(3, true);  // a space for each faction's own Home Space (messina.reachable.own-home-spaces)
  three.factions.push_back({"Green", ms::FactionKind::human});
  specs.push_back(WitnessSpec{
      "messina.tie-break-ally",
      {"messina.cards.exposed.tie-break", "messina.friendly.consent"},
      "A tie at a location whose card a third faction holds, consenting military to one side",
      "Red and Blue tie at A; the card is held by a faction that is not a side and gives military consent to "
      "exactly one of them: holder-only gives the tie to nobody, military-ally to that side.",
      {reading_of(rules, "holder-only", [](R& r) { r.tie_break_ally = R::TieBreakAlly::holder_only; }),
       reading_of(rules, "military-ally", [](R& r) { r.tie_break_ally = R::TieBreakAlly::military_ally; })},
      {three},
      [](const Shape&) {
        return Step{ms::Query{ms::TieBreakQuery{"A", {"Red", "Blue"}}}};
      },
      {}});
  specs.push_back(WitnessSpec{
      "messina.action-moments",
      {kHide, "messina.population.placement.workers", kHandLimit},
      "Turning an empty card face-down during an Action (Industry or the end of an Exploration)",
      "Red holds an empty face-up card and turns it face-down during an Action: allowed when Actions fall between "
      "Mil Ops Phases (outside-mil-ops), not when they are unplaced.",
      {reading_of(rules, "outside-mil-ops", [](R& r) { r.action_moments = R::ActionMoments::outside_mil_ops; }),
       reading_of(rules, "unplaced", [](R& r) { r.action_moments = R::ActionMoments::unplaced; })},
      {small_shape(1, false)},
      [](const Shape&) {
        return Step{ms::Action{ms::Hide{"Red", "A"}}};
      },
      // The card the note turns face-down is face-up (turning a face-down card face-down is no step).
      [](const SymBoard& b) {
        return Constraints{{kHide, b.spaces[static_cast<std::size_t>(b.space_index("A"))].card_exposed}};
      }});
  std::vector<MessinaWitness> out;
  for (const auto& spec : specs)
    if (auto w = find_witness(rules, spec, budget)) out.push_back(std::move(*w));
  return out;
}

}  // namespace rulecheck::solver::messina
