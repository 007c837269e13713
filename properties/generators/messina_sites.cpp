// Messina's case generator (messina_gen.hpp): the sites, pieces, cards and near misses an aimed
// action names, chosen among what the board holds (and added where it holds none).
#include "properties/generators/messina_gen.hpp"

namespace rulecheck::generators::messina_gen {

json where(const Board& b, const PieceSpec& p) {
  if (p.on_card && !b.card_ids.empty())
    return {{"card", b.card_ids[static_cast<std::size_t>(p.space) % b.card_ids.size()]}};
  return {{"at", b.space(p.space)}};
}

json piece(const Board& b, const PieceSpec& p, bool allow_worker) {
  json j = where(b, p);
  j["unit"] = allow_worker && p.unit == 5 ? "worker" : kUnits[static_cast<std::size_t>(p.unit) % kUnits.size()];
  if (p.count != 1) j["count"] = p.count;
  return j;
}

json pieces(const Board& b, const std::vector<PieceSpec>& list, bool allow_worker) {
  json out = json::array();
  for (const auto& p : list) out.push_back(piece(b, p, allow_worker));
  return out;
}

// Sets the round to one of `parity` (keeping it near the generated one) and the moment.
void set_moment(Board& b, int parity, const char* phase) {
  int round = b.state["round"].get<int>();
  if (round % 2 != parity) round += 1;
  b.state["round"] = round;
  if (phase)
    b.state["phase"] = phase;
  else
    b.state.erase("phase");
}

// The Located tokens step 3 of `f`'s Consumption moves, worked out as the oracle's rules do under
// the case's readings (messina.consumption.cost, .shortfall, .shortfall.step1-3; the readings of
// messina.consumption-bill and messina.step3-card-units).
int step3_tokens(const Board& b, const std::string& f) {
  const json& fj = b.state["factions"][f];
  const json& pop = fj["population"];
  const int disaffected = pop.value("disaffected", 0), spare = pop.value("spare", 0), located = pop.value("located", 0);
  const bool bill_all = !b.readings.is(kConsumptionBill, "excluding-disaffected");
  const int tokens = (bill_all ? disaffected : 0) + spare + located;
  const int per = b.numbers.tokens_per_food_and_water;
  const int fed = std::min({tokens, fj["resources"].value("food", 0) * per, fj["resources"].value("water", 0) * per});
  int left = tokens - fed;
  left -= std::min(left, disaffected);  // step 1
  left -= std::min(left, spare);        // step 2
  int within_reach = located;
  if (b.readings.is(kStep3CardUnits, "map-only") && b.state.contains("cards"))
    for (const auto& [c, card] : b.state["cards"].items())
      if (card["holder"] == f && card.contains("units"))
        for (const auto& [unit, n] : card["units"].items())
          within_reach -= n.get<int>() * b.numbers.tokens_for(b.is_ai(f), unit);
  return std::min(left, within_reach);
}


std::vector<Holding> holdings(const Board& b, const std::string& f) {
  std::vector<Holding> out;
  const bool ai = b.is_ai(f);
  for (const auto& sid : b.space_ids) {
    const json& space = b.state["spaces"][sid];
    for (const char* unit : kUnits)
      if (b.count(sid, f, unit) > 0 && b.numbers.tokens_for(ai, unit) > 0)
        out.push_back({{{"at", sid}}, unit, b.count(sid, f, unit), b.numbers.tokens_for(ai, unit)});
    int workers = 0;
    for (const auto& ut : space.value("utilities", json::array())) {
      if (ut["owner"] == f) workers += ut.value("workers", 0);
      if (ut.contains("guests")) workers += ut["guests"].value(f, 0);
    }
    if (workers > 0) out.push_back({{{"at", sid}}, "worker", workers, 1});
  }
  if (!b.readings.is(kStep3CardUnits, "map-only"))
    for (const auto& c : b.card_ids) {
      const json& card = b.state["cards"][c];
      if (card["holder"] != f || !card.contains("units")) continue;
      for (const auto& [unit, n] : card["units"].items())
        if (b.numbers.tokens_for(ai, unit) > 0) out.push_back({{{"card", c}}, unit, n.get<int>(), b.numbers.tokens_for(ai, unit)});
    }
  return out;
}

// Step 3's choice aimed at: the faction's own backed pieces, starting from the one `order` picks
// (so that every kind of piece comes first in some case), enough for the tokens step 3 moves.
// `near_miss`: one unit of the choice is taken from another faction's Location Card, a choice the
// rules refuse (a card carries its holder's units) that is right in every other way.
json aimed_disband(const Board& b, const std::string& f, bool near_miss, int order) {
  int owed = step3_tokens(b, f);
  json out = json::array();
  if (near_miss && owed > 0)
    for (const auto& c : b.card_ids) {
      const json& card = b.state["cards"][c];
      if (card["holder"] == f || !card.contains("units")) continue;
      const std::string unit = card["units"].begin().key();
      const int per_piece = b.numbers.tokens_for(b.is_ai(f), unit);
      if (per_piece == 0) continue;
      out.push_back({{"card", c}, {"unit", unit}});
      owed -= per_piece;
      break;
    }
  const std::vector<Holding> held = holdings(b, f);
  for (std::size_t i = 0; i < held.size() && owed > 0; ++i) {
    const Holding& h = held[(i + static_cast<std::size_t>(order)) % held.size()];
    const int take = std::min(h.have, owed / h.tokens_each);
    if (take == 0) continue;
    json entry = h.where;
    entry["unit"] = h.unit;
    if (take != 1) entry["count"] = take;
    out.push_back(entry);
    owed -= take * h.tokens_each;
  }
  return out;
}

// A space where `f` has something (a site its Friendly Area surely reaches under the default
// readings): a home space, or another space chosen by `pick`.
std::string own_site(const Board& b, const std::string& f, int pick) {
  const json& home = b.state["factions"][f]["home"];
  return pick % 3 == 0 ? b.space(pick) : home[static_cast<std::size_t>(pick) % home.size()].get<std::string>();
}

// A card in play (the state has one: see ensure_card); with `aim`, one `f` holds, preferring
// one that `wanted` accepts.
std::string card_of(const Board& b, const std::string& f, int pick, bool aim,
                    const std::function<bool(const json&)>& wanted) {
  std::vector<std::string> held, best;
  for (const auto& c : b.card_ids) {
    const json& card = b.state["cards"][c];
    if (aim && card["holder"] != f) continue;
    held.push_back(c);
    if (wanted && wanted(card)) best.push_back(c);
  }
  const auto& from = !best.empty() ? best : !held.empty() ? held : b.card_ids;
  return from[static_cast<std::size_t>(pick) % from.size()];
}

// Card actions and queries need a card in play: a state without one gets an empty one, held by
// `f`, at a space chosen by `pick` (no units on it, so Located is unchanged).
void ensure_card(Board& b, const std::string& f, int pick, bool exposed) {
  if (!b.card_ids.empty()) return;
  const std::string at = b.space(pick);
  b.state["cards"][at] = {{"holder", f}, {"exposed", exposed}};
  b.card_ids.push_back(at);
}

// A space where `f` has at least one `unit` (a worker: in its own Utility), else any space.
std::string site_with(const Board& b, const std::string& f, const std::string& unit, int pick) {
  std::vector<std::string> found;
  for (const auto& sid : b.space_ids) {
    const json& space = b.state["spaces"][sid];
    if (unit == "worker") {
      if (space.contains("utilities"))
        for (const auto& ut : space["utilities"])
          if (ut["owner"] == f && ut.value("workers", 0) > 0) found.push_back(sid);
    } else if (b.count(sid, f, unit) > 0) {
      found.push_back(sid);
    }
  }
  return found.empty() ? b.space(pick) : found[static_cast<std::size_t>(pick) % found.size()];
}

// The number of units on a card.
int units_on(const json& card) {
  int n = 0;
  if (card.contains("units"))
    for (const auto& [unit, count] : card["units"].items()) n += count.get<int>();
  return n;
}

// One more `unit` of `f` on the board for an aim that needs one (at a map space, or on a card
// with room), backed by one more Located token where it needs one (the state is a new one, not
// the outcome of an action). A Worker goes into `f`'s own Utility there, added when missing.
void add_piece(Board& b, const std::string& f, const json& where, const std::string& unit) {
  if (unit == "worker") {
    json& utilities = b.state["spaces"][where.at("at").get<std::string>()]["utilities"];
    json* own = nullptr;
    for (auto& ut : utilities)
      if (ut["owner"] == f) own = &ut;
    if (own == nullptr) {
      utilities.push_back({{"owner", f}, {"workers", 0}});
      own = &utilities.back();
    }
    (*own)["workers"] = own->value("workers", 0) + 1;
  } else if (where.contains("card")) {
    json& card = b.state["cards"][where.at("card").get<std::string>()];
    if (units_on(card) >= b.numbers.stacking_card) return;  // messina.cards.capacity
    json& units = card["units"];
    units[unit] = (units.is_object() ? units.value(unit, 0) : 0) + 1;
  } else {
    json& units = b.state["spaces"][where.at("at").get<std::string>()]["units"][f];
    units[unit] = (units.is_object() ? units.value(unit, 0) : 0) + 1;
  }
  json& located = b.state["factions"][f]["population"]["located"];
  located = located.get<int>() + b.numbers.tokens_for(b.is_ai(f), unit);
}

// One Worker of `f` as a guest in `host`'s Utility at `space` (added, empty, when missing), backed
// by one more Located token: for aims under the friendly reading of messina.worker-utility.
void add_guest(Board& b, const std::string& f, const std::string& host, const std::string& space) {
  json& utilities = b.state["spaces"][space]["utilities"];
  json* hosting = nullptr;
  for (auto& ut : utilities)
    if (ut["owner"] == host) hosting = &ut;
  if (hosting == nullptr) {
    utilities.push_back({{"owner", host}});
    hosting = &utilities.back();
  }
  json& guests = (*hosting)["guests"];
  guests[f] = (guests.is_object() ? guests.value(f, 0) : 0) + 1;
  json& located = b.state["factions"][f]["population"]["located"];
  located = located.get<int>() + 1;
}

bool has_utility(const Board& b, const std::string& space, const std::string& owner) {
  for (const auto& ut : b.state["spaces"][space].value("utilities", json::array()))
    if (ut["owner"] == owner) return true;
  return false;
}

// The Utility an aimed new Worker of `f` at `space` occupies: its own (one is added, empty, when
// it has none there), or, under the friendly reading of messina.worker-utility and when `guest`
// asks for it, one of `host`'s (added likewise), `host` consenting to `f` placing Workers. The
// owner, for the action's "utility" field (empty: the faction's own, left unnamed; a guest asked
// for under the own reading names `f` itself, so the field is sent under every reading).
std::string aimed_utility(Board& b, const std::string& f, const std::string& space, const std::string& host,
                          bool guest) {
  const bool as_guest = guest && host != f && b.readings.is(kWorkerUtility, "friendly");
  const std::string owner = as_guest ? host : f;
  if (!has_utility(b, space, owner)) b.state["spaces"][space]["utilities"].push_back({{"owner", owner}});
  if (!as_guest) return guest ? f : "";
  json& given = b.state["factions"][host]["consents"][f];
  if (std::find(given.begin(), given.end(), "workers") == given.end()) given.push_back("workers");
  return host;
}

// A site for an aimed Shield op of `f`: for an upgrade, a space with its own Shield; for a build,
// one of its sites with no Shield of its own, and none at all under the one-per-space reading of
// messina.shield-per-space (under one-per-faction, preferably one with another faction's Shield).
// With a negative `pick`, the first fitting site, or "" when there is none.
std::string shield_site(const Board& b, const std::string& f, bool upgrade, int pick) {
  std::vector<std::string> fitting, best;
  const bool one_per_faction = b.readings.is(kShieldPerSpace, "one-per-faction");
  for (const auto& sid : b.space_ids) {
    const json& space = b.state["spaces"][sid];
    std::vector<std::string> owners;
    if (space.contains("shield")) owners.push_back(space["shield"]["owner"]);
    for (const auto& sh : space.value("shields", json::array())) owners.push_back(sh["owner"]);
    const bool own = std::find(owners.begin(), owners.end(), f) != owners.end();
    if (upgrade ? own : !own && (one_per_faction || owners.empty())) fitting.push_back(sid);
    if (!upgrade && !own && !owners.empty() && one_per_faction) best.push_back(sid);
  }
  if (pick < 0) return fitting.empty() ? "" : fitting.front();  // a probe: is there a site?
  if (!best.empty() && pick % 2 == 0) return best[static_cast<std::size_t>(pick) % best.size()];
  return fitting.empty() ? own_site(b, f, pick) : fitting[static_cast<std::size_t>(pick) % fitting.size()];
}

// The number of cards `f` holds.
int hand_of(const Board& b, const std::string& f) {
  int held = 0;
  for (const auto& c : b.card_ids) held += b.state["cards"][c]["holder"] == f ? 1 : 0;
  return held;
}

// A space with no Location Card in play, or "" when every space has one.
std::string space_without_card(const Board& b, int pick) {
  std::vector<std::string> free;
  for (const auto& sid : b.space_ids)
    if (!b.state.contains("cards") || !b.state["cards"].contains(sid)) free.push_back(sid);
  return free.empty() ? "" : free[static_cast<std::size_t>(pick) % free.size()];
}

// A card `holder` holds that `wanted` accepts (the first such by `pick`), else a new empty one it
// is dealt at a space without a card (face-down), else "".
std::string held_card(Board& b, const std::string& holder, int pick, const std::function<bool(const json&)>& wanted) {
  std::vector<std::string> fitting;
  for (const auto& c : b.card_ids)
    if (b.state["cards"][c]["holder"] == holder && wanted(b.state["cards"][c])) fitting.push_back(c);
  if (!fitting.empty()) return fitting[static_cast<std::size_t>(pick) % fitting.size()];
  const std::string at = space_without_card(b, pick);
  if (at.empty()) return "";
  b.state["cards"][at] = {{"holder", holder}, {"exposed", false}};
  b.card_ids.push_back(at);
  return at;
}

// An aimed end of an Exploration: `f`'s hand is filled (with empty cards at spaces without one)
// to the hand limit plus `over`, as far as the board has room; the discards are as many as the
// case's reading of messina.hand-limit-discard allows (exactly the excess, or more), each card
// chosen from the occupied ones first when `occupied_first`; each discarded card with units is
// turned face-up and emptied onto the map by a transfer (messina.cards.discard-empty), and with
// `keep_transfer` a card kept also sends a unit to the map.
void aimed_end_exploration(Board& b, json& act, const std::string& f, const ActionSpec& a) {
  const int over = a.count % 3;
  for (const auto& sid : b.space_ids) {
    if (hand_of(b, f) >= b.numbers.hand_limit + over) break;
    if (b.state.contains("cards") && b.state["cards"].contains(sid)) continue;
    b.state["cards"][sid] = {{"holder", f}, {"exposed", sid.back() % 2 == 0}};
    b.card_ids.push_back(sid);
  }
  // A card stands for a map space, so a board of fewer spaces than the hand limit can never take a
  // hand over it: bare spaces (no neighbours, nothing on them) are added for the cards still wanted,
  // a dozen at most (a ruleset may set a hand limit no board of a generated case should reach).
  for (int added = 0; added < 12 && hand_of(b, f) < b.numbers.hand_limit + over; ++added) {
    const std::string sid = space_name(b.n++);
    b.space_ids.push_back(sid);
    b.state["spaces"][sid] = {{"adjacent", json::array()}};
    b.state["cards"][sid] = {{"holder", f}, {"exposed", sid.back() % 2 == 0}};
    b.card_ids.push_back(sid);
  }
  const int held = hand_of(b, f);
  const int excess = std::max(0, held - b.numbers.hand_limit);
  int discards = excess;
  const int more = a.other % (held - excess + 1);
  if (b.readings.is(kHandLimitDiscard, "any-number") || (excess > 0 && b.readings.is(kHandLimitDiscard, "more-when-over")))
    discards += more;
  std::vector<std::string> mine;
  bool occupied = false;
  for (const auto& c : b.card_ids)
    if (b.state["cards"][c]["holder"] == f) {
      mine.push_back(c);
      occupied = occupied || b.state["cards"][c].contains("units");
    }
  const bool occupied_first = a.choice % 3 != 0;
  if (occupied_first && !occupied && !mine.empty())  // a card with a unit to empty
    add_piece(b, f, {{"card", mine.front()}}, kUnits[static_cast<std::size_t>(a.space) % 4]);
  std::stable_sort(mine.begin(), mine.end(), [&](const std::string& x, const std::string& y) {
    return b.state["cards"][x].contains("units") == occupied_first &&
           b.state["cards"][y].contains("units") != occupied_first;
  });
  // A near miss every other time (few cases discard an occupied card at all): the first occupied card
  // discarded is not emptied first (messina.cards.discard-empty), the action right in every other way.
  // Under any-number, where a card may go while the hand is not over the limit, an occupied-first
  // case discards at least one (most boards have too few spaces to take the hand over the limit).
  bool leave_occupied = !a.numbers.empty() && a.numbers[0] % 2 == 1;
  if (discards == 0 && occupied_first && b.readings.is(kHandLimitDiscard, "any-number")) discards = 1;
  json discard = json::array(), transfers = json::array();
  for (int i = 0; i < discards && i < static_cast<int>(mine.size()); ++i) {
    const std::string& c = mine[static_cast<std::size_t>(i)];
    discard.push_back(c);
    if (b.state["cards"][c].contains("units")) {
      b.state["cards"][c]["exposed"] = true;
      if (leave_occupied) {
        leave_occupied = false;
        continue;
      }
      transfers.push_back({{"card", c}, {"units", b.state["cards"][c]["units"]}});
    }
  }
  if (a.choice % 5 == 1)
    for (std::size_t i = static_cast<std::size_t>(discard.size()); i < mine.size(); ++i)
      if (b.state["cards"][mine[i]].contains("units")) {
        b.state["cards"][mine[i]]["exposed"] = true;
        const auto first = b.state["cards"][mine[i]]["units"].begin();
        transfers.push_back({{"card", mine[i]}, {"units", {{first.key(), 1}}}});
        break;
      }
  act["discard"] = discard;
  if (!transfers.empty()) act["transfers"] = transfers;
}

// An aimed placement's near misses, each right in every other way (chosen by `a.other`, whose
// residues 1 to 3 of 5 are common at every size), in its first placement:
//   - outside home defence, a Disaffected token as its source (messina.population.disaffected);
//   - a Civilian (not in Industry) onto a Location Card another faction holds
//     (messina.population.placement.cards);
//   - no Spare population (messina.population.placement.spare-required): a placement from Spare
//     lacks it, and so, under the spare-required reading of messina.home-defence-spare, does a
//     Disaffected one in home defence (made the first placement's source there).
void place_near_miss(Board& b, json& act, const std::string& f, const ActionSpec& a, const std::string& when) {
  json& first = act["placements"][0];
  json& pop = b.state["factions"][f]["population"];
  auto from_disaffected = [&] {
    if (first.value("from", "spare") == "disaffected") return;
    const int count = first.value("count", 1);
    pop["spare"] = pop["spare"].get<int>() - count;  // the tokens the aim gave it, moved over
    pop["disaffected"] = pop["disaffected"].get<int>() + count;
    first["from"] = "disaffected";
  };
  const int miss = a.other % 5;
  if (miss == 1 && when != "home-defence") {
    from_disaffected();
  } else if (miss == 2 && when != "industry" && b.factions > 1) {
    const std::string other = b.faction(a.faction + 1 + a.space % (b.factions - 1));  // not f
    const std::string card = held_card(b, other, a.space, [](const json&) { return true; });
    if (!card.empty()) {
      first.erase("at");
      first["card"] = card;
    }
  } else if (miss == 3) {
    if (when == "home-defence" && b.readings.is(kHomeDefenceSpare, "spare-required")) from_disaffected();
    pop["spare"] = 0;
  }
}

}  // namespace rulecheck::generators::messina_gen
