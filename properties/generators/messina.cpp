// Generated Messina cases (docs/formats.md). A case is built from a spec of small shrinkable
// numbers; names are resolved by index modulo what exists, and counts the validator limits are
// clamped, so every spec (and every shrink of it) converts into a valid state:
//   - adjacency is a spanning tree (each space joins one earlier space) plus a few extra edges,
//     always written both ways;
//   - Located is computed from the backed pieces (messina.population.backing: the ruleset's unit
//     table and ai_backed_units), never generated;
//   - a card holds at most the ruleset's stacking_card units.
// Unless CaseOptions::any_state, the conversion also keeps to the states play can reach
// (rules/messina/invariants.json), for the case's ruleset and readings, by construction:
//   - a state at the Muster or Consumption Phase is moved to the next round when its round has
//     the other parity (messina.reachable.alternating-phase);
//   - only the last of several factions may be the AI (messina.reachable.one-ai-faction), and a
//     faction has one or two distinct Home Spaces (messina.reachable.two-home-spaces), none of
//     them another faction's (messina.reachable.own-home-spaces, after
//     messina.convention.own-home-spaces), so a board has no more factions than spaces;
//   - a second Shield in a space only under the one-per-faction reading of messina.shield-per-space,
//     guest Workers only under the friendly reading of messina.worker-utility.
// With any_state those last fields are drawn whatever the readings, and the moment as drawn.
// A share of cases runs under a sampled ruleset (CaseOptions::sample_ruleset: one key of
// ruleset.json changed, or every key drawn or left at its default; with CaseOptions::only_produced
// only the combinations rules/messina/ruleset.doc.json lists as the game's, none today: every number
// is printed once in the rulebook), and each case under readings
// of the points CaseOptions::readings lists (the defaults, one point changed, or every point
// drawn); a spec shrinks towards the default ruleset and the first listed reading (the default
// when listed).
// A share of cases aims at legality: the state's round and moment are set to fit the action, and
// sites are chosen among the acting faction's own; where a reading decides what is legal (the
// Consumption bill, step 3's reach, the discards at the end of an Exploration, whose Utility a
// Worker may occupy, a second Shield), the aim follows the case's reading. Some aimed cases are
// near misses, right but for one thing a clause refuses: a Spare token short of a Muster's builds,
// a disband beside them (under the case's reading of messina.build-disband), a Shield op naming a
// Location Card, a Disaffected source outside home defence, a Civilian onto another faction's card, no Spare population (in
// home defence under the spare-required reading of messina.home-defence-spare), an occupied card
// discarded unemptied, a unit of step 3 from another faction's card.
#include "properties/generators/messina_gen.hpp"

namespace rulecheck::generators {

namespace messina_gen {

json make_action(Board& b, const ActionSpec& a, std::string& kind) {
  const std::string type = kActionTypes[static_cast<std::size_t>(a.type) % kActionTypes.size()];
  kind = type;
  const std::string f = b.faction(a.faction);
  json act = {{"type", type}, {"faction", f}};
  const auto& nums = a.numbers;
  if (type == "consume") {
    if (a.aim) set_moment(b, b.numbers.parity_consumption, a.choice % 2 ? "consumption" : nullptr);
    const bool near_miss = a.aim && a.choice % 4 == 3;
    if (near_miss) b.state["factions"][f]["resources"]["food"] = 0;  // a shortfall that reaches step 3
    if (a.aim && a.choice % 4 == 2) {
      // Starving with nobody to spare: steps 1 and 2 pay nothing, step 3 moves every Located token
      // within its reach.
      b.state["factions"][f]["resources"]["water"] = 0;
      b.state["factions"][f]["population"]["disaffected"] = 0;
      b.state["factions"][f]["population"]["spare"] = 0;
      // Something of each kind now and then: a unit on the map, a Worker as a guest.
      add_piece(b, f, {{"at", own_site(b, f, a.space)}}, b.is_ai(f) ? "civilian" : kUnits[static_cast<std::size_t>(a.other) % 4]);
      const std::string host = b.faction(a.faction + 1);
      if (host != f && a.other % 2 == 0 && b.readings.is(kWorkerUtility, "friendly"))
        add_guest(b, f, host, b.space(a.space + 1));
    }
    act["disband"] = a.aim ? aimed_disband(b, f, near_miss, a.other + a.space) : pieces(b, a.pieces, true);
  } else if (type == "place") {
    static constexpr std::array<std::pair<const char*, const char*>, 3> kWhen = {
        {{"industry", "industry"}, {"before-orders", "orders"}, {"home-defence", "battle"}}};
    const auto& [when, phase] = kWhen[static_cast<std::size_t>(a.choice) % kWhen.size()];
    const bool industry = std::string(when) == "industry";
    act["when"] = when;
    json list = json::array();
    for (const auto& p : a.pieces) {
      json pl = piece(b, p, true);
      if (a.aim) {
        pl.erase("card");
        pl["at"] = own_site(b, f, p.space);
        pl["unit"] = industry ? "worker" : "civilian";
        if (industry) {
          // The Utility it occupies: its own, or (every other piece) another faction's as a guest,
          // at a Home Space.
          const bool guest = (p.unit + p.space) % 2 == 1;
          if (guest) pl["at"] = own_site(b, f, 1 + p.space);
          const std::string host = aimed_utility(b, f, pl["at"], b.faction(a.faction + 1 + p.space % 2), guest);
          if (!host.empty()) pl["utility"] = host;
        } else if (p.on_card && std::string(when) == "before-orders" && hand_of(b, f) > 0) {
          pl.erase("at");  // onto a card it holds (messina.population.placement.cards)
          pl["card"] = card_of(b, f, p.space, true);
        }
      }
      // Disaffected tokens: the home-defence source, elsewhere refused (aimed: in home defence only).
      if (p.unit == 4 && (!a.aim || std::string(when) == "home-defence")) pl["from"] = "disaffected";
      list.push_back(pl);
    }
    act["placements"] = list;
    if (a.aim) {
      b.state["phase"] = phase;
      // The tokens the placements take (the faction's stock is free in a new state).
      json& pop = b.state["factions"][f]["population"];
      for (const auto& pl : list) {
        json& source = pop[pl.value("from", "spare")];
        source = source.get<int>() + pl.value("count", 1);
      }
      if (std::string(when) == "home-defence") {
        b.state["battle"] = b.state["factions"][f]["home"][0];
        for (auto& pl : act["placements"]) {
          pl.erase("card");
          pl["at"] = b.state["battle"];
        }
      }
      if (!list.empty()) place_near_miss(b, act, f, a, when);
    }
  } else if (type == "convert") {
    static constexpr std::array<std::pair<const char*, const char*>, 4> kPairs = {
        {{"civilian", "worker"}, {"worker", "civilian"}, {"infantry", "worker"}, {"mech", "civilian"}}};
    const auto& [from, to] = kPairs[static_cast<std::size_t>(a.choice) % kPairs.size()];
    std::string at = a.aim ? site_with(b, f, from, a.space) : b.space(a.space);
    if (a.aim && std::string(from) != "mech" &&
        (std::string(from) == "worker" ? !has_utility(b, at, f) || site_with(b, f, "worker", 0) != at
                                       : b.count(at, f, from) == 0)) {
      at = own_site(b, f, a.space);  // none to convert: one is put there first
      add_piece(b, f, {{"at", at}}, from);
    }
    act["at"] = at;
    act["from"] = from;
    act["to"] = to;
    if (a.aim) {
      b.state["phase"] = "industry";
      const int have = std::string(from) == "worker" ? 0 : b.count(at, f, from);
      if (std::min(have, a.count) > 1) act["count"] = std::min(have, a.count);
      if (std::string(to) == "worker") {
        const std::string host = aimed_utility(b, f, at, b.faction(a.other), a.other % 2 == 1);
        if (!host.empty()) act["utility"] = host;
      }
    } else if (a.count != 1) {
      act["count"] = a.count;
    }
  } else if (type == "release") {
    const json released = piece(b, a.pieces.empty() ? PieceSpec{} : a.pieces.front(), true);
    act.update(released);
  } else if (type == "muster") {
    if (a.aim) set_moment(b, b.numbers.parity_muster, a.choice % 2 ? "muster" : nullptr);
    // What an aimed Muster does: 0 equips only, 4 disbands only (no builds, no equipping: legal
    // under every reading of messina.build-disband), otherwise builds, equips and Shield ops.
    // An aimed Muster keeps within the faction's Energy and Spare tokens, item by item.
    const json& fj = b.state["factions"][f];
    int energy = fj["resources"].value("energy", 0), spare = fj["population"].value("spare", 0);
    const int spare_at_start = spare;
    auto affordable = [&](int cost, int tokens) {
      if (!a.aim) return true;
      if (cost > energy || tokens > spare) return false;
      energy -= cost;
      spare -= tokens;
      return true;
    };
    const std::string civilians_at = site_with(b, f, "civilian", nums.empty() ? 0 : nums[0]);
    const bool can_equip = !a.aim || b.count(civilians_at, f, "civilian") > 0;
    const int mode = !a.aim ? -1 : a.choice % 5 == 0 && !can_equip ? 1 : a.choice % 5;
    json builds = json::array(), equip = json::array(), shields = json::array();
    if (mode != 0 && mode != 4)
      for (const auto& p : a.pieces) {
        json build = piece(b, p, false);
        if (a.aim && !p.on_card) build["at"] = own_site(b, f, p.space);
        const std::string unit = build["unit"];
        if (affordable(p.count * b.numbers.cost_of(unit), p.count * b.numbers.tokens_for(b.is_ai(f), unit)))
          builds.push_back(build);
      }
    if (mode != 4 && can_equip && !nums.empty() && (nums[0] % 3 == 0 || mode == 0)) {
      const std::string at = a.aim ? civilians_at : b.space(nums[0]);
      json site = {{"at", at}};
      int count = a.count;
      if (a.aim)  // Civilians enough for the count drawn
        while (b.count(at, f, "civilian") < a.count) add_piece(b, f, {{"at", at}}, "civilian");
      // Now and then Civilians on a Location Card the faction holds (messina.muster.equip), as many
      // as the card has room for.
      const std::string card = a.aim && a.other % 3 == 1
                                   ? held_card(b, f, a.space,
                                               [&](const json& c) {
                                                 return c.value("units", json::object()).value("civilian", 0) > 0 ||
                                                        units_on(c) < b.numbers.stacking_card;
                                               })
                                   : "";
      if (!card.empty()) {
        auto civilians = [&] { return b.state["cards"][card].value("units", json::object()).value("civilian", 0); };
        for (int room = b.numbers.stacking_card - units_on(b.state["cards"][card]); civilians() < a.count && room > 0;
             --room)
          add_piece(b, f, {{"card", card}}, "civilian");
        if (civilians() > 0) {
          site = {{"card", card}};
          count = std::min(a.count, civilians());
        }
      }
      if (affordable(count * b.numbers.equip_cost, 0)) {
        site["count"] = count;
        equip.push_back(site);
      }
    }
    if (a.aim && a.other % 5 == 4 && mode != 0 && mode != 4 && nums.size() > 1 && nums[1] % 3 == 0) {
      // A near miss: a Shield op naming a Location Card, never legal (messina.cards.no-structures).
      ensure_card(b, f, a.space, a.choice % 2 == 0);
      shields.push_back({{"card", card_of(b, f, a.space, true)}, {"op", nums[1] % 2 == 1 ? "upgrade" : "build"}});
    } else if (mode != 0 && mode != 4 && nums.size() > 1 && nums[1] % 3 == 0) {
      bool upgrade = nums[1] % 2 == 1;
      if (a.aim && upgrade != (shield_site(b, f, true, -1) != "")) upgrade = !upgrade;  // an op that can be
      const std::string at = a.aim ? shield_site(b, f, upgrade, a.space) : b.space(nums[1]);
      if (affordable(upgrade ? b.numbers.shield_upgrade_cost : b.numbers.shield_build_cost, 0))
        shields.push_back({{"at", at}, {"op", upgrade ? "upgrade" : "build"}});
      // Now and then a second op on the same Shield (messina.muster.shield.not-both, .one-upgrade).
      if (!shields.empty() && nums.size() > 3 && nums[2] % 3 == 0)
        shields.push_back({{"at", shields.back()["at"]}, {"op", nums[3] % 2 ? "upgrade" : "build"}});
    }
    if (!builds.empty()) act["builds"] = builds;
    if (!equip.empty()) act["equip"] = equip;
    if (!shields.empty()) act["shields"] = shields;
    if (mode == 4) {
      const std::string unit = kUnits[static_cast<std::size_t>(a.other) % kUnits.size()];
      act["disband"] = json::array({{{"at", site_with(b, f, unit, a.space)}, {"unit", unit}}});
    } else if (a.aim && a.choice >= 5 && a.other % 2 == 0 && !builds.empty()) {
      // A disband beside the builds (messina.muster.no-build-disband): refused under the
      // builds-and-equip and builds-only readings of messina.build-disband; under move-or-convert
      // it takes back one unit of the first build where it was built, which moves or converts
      // nothing (legal when every build is of that kind at that place).
      json gone = builds.front();
      gone.erase("count");
      if (!b.readings.is(kBuildDisband, "move-or-convert")) {
        const std::string unit = kUnits[static_cast<std::size_t>(a.other / 2) % kUnits.size()];
        gone = {{"at", site_with(b, f, unit, a.space)}, {"unit", unit}};
      }
      act["disband"] = json::array({gone});
    } else if (a.aim && a.choice >= 5 && a.other % 2 == 1 && spare < spare_at_start) {
      // A near miss: one Spare token short of what the builds take (messina.muster.population).
      b.state["factions"][f]["population"]["spare"] = spare_at_start - spare - 1;
    }
    if (!a.aim && nums.size() > 2 && nums[2] % 4 == 0) act["disband"] = pieces(b, a.pieces, true);
  } else if (type == "rearm") {
    bool upgrade = a.choice % 2 == 1;
    if (a.aim) {
      b.state["phase"] = "rearm";
      if (upgrade != (shield_site(b, f, true, -1) != "")) upgrade = !upgrade;  // an op that can be
      // The Energy for it (the faction's stock is free in a new state).
      json& energy = b.state["factions"][f]["resources"]["energy"];
      energy = std::max(energy.get<int>(), upgrade ? b.numbers.shield_upgrade_cost : b.numbers.shield_build_cost);
    }
    json op = {{"at", a.aim ? shield_site(b, f, upgrade, a.space) : b.space(a.space)},
               {"op", upgrade ? "upgrade" : "build"}};
    // Its shapes: one op, or a list of ops (docs/formats.md); now and then an op naming a Location
    // Card, never legal (messina.cards.no-structures).
    const int shape = a.other % 6;
    if (shape >= 4) {
      ensure_card(b, f, a.space, a.choice % 2 == 0);
      op.erase("at");
      op["card"] = card_of(b, f, a.space, a.aim);
    }
    act["shield"] = shape % 2 == 1 ? json::array({op}) : op;
  } else if (type == "expose" || type == "hide") {
    ensure_card(b, f, a.space, type == "hide");
    auto empty = [](const json& card) { return !card.contains("units"); };
    act["card"] = card_of(b, f, a.space, a.aim, type == "hide" ? std::function<bool(const json&)>(empty) : nullptr);
    if (type == "hide" && a.aim) b.state["phase"] = "between-mil-ops";
  } else if (type == "transfer") {
    ensure_card(b, f, a.space, true);
    auto occupied = [](const json& card) { return card.contains("units"); };
    const std::string card = card_of(b, f, a.space, a.aim, occupied);
    if (a.aim && b.state["cards"][card]["holder"] == f && !b.state["cards"][card].contains("units"))
      add_piece(b, f, {{"card", card}}, kUnits[static_cast<std::size_t>(a.choice) % 4]);
    act["card"] = card;
    const json& on_card = b.state["cards"][card];
    if (a.aim && on_card.contains("units")) {
      const auto first = on_card["units"].begin();
      act["units"] = {{first.key(), std::min(a.count, first->get<int>())}};
      b.state["cards"][card]["exposed"] = true;
    } else {
      act["units"] = {{kUnits[static_cast<std::size_t>(a.choice) % kUnits.size()], a.count}};
    }
  } else {  // end-exploration
    ensure_card(b, f, a.space, a.choice % 2 == 0);
    if (a.aim) {
      b.state["phase"] = "exploration-end";
      aimed_end_exploration(b, act, f, a);
    } else {
      json discard = json::array();
      const int discards = std::min<int>(a.count, static_cast<int>(nums.size()));
      for (int i = 0; i < discards; ++i) discard.push_back(card_of(b, f, nums[static_cast<std::size_t>(i)], false));
      act["discard"] = discard;
      if (nums.size() > 3 && nums[3] % 3 == 0)
        act["transfers"] = json::array(
            {{{"card", card_of(b, f, nums[3], false)},
              {"units", {{kUnits[static_cast<std::size_t>(a.choice) % kUnits.size()], a.count}}}}});
    }
  }
  return act;
}

// Whether a faction other than `f` has units or Workers (its own or as a guest) at `space`.
bool others_present(const Board& b, const std::string& f, const std::string& space) {
  const json& sp = b.state["spaces"][space];
  const json units = sp.value("units", json::object()), utilities = sp.value("utilities", json::array());
  for (const auto& [who, counts] : units.items())
    if (who != f)
      for (const auto& [unit, n] : counts.items())
        if (n.get<int>() > 0) return true;
  for (const auto& ut : utilities) {
    if (ut["owner"] != f && ut.value("workers", 0) > 0) return true;
    const json guests = ut.value("guests", json::object());
    for (const auto& [guest, n] : guests.items())
      if (guest != f && n.get<int>() > 0) return true;
  }
  return false;
}

json make_query(Board& b, const ActionSpec& a, std::string& kind) {
  const std::string type = kQueryTypes[static_cast<std::size_t>(a.type) % kQueryTypes.size()];
  kind = type;
  const std::string f = b.faction(a.faction);
  json q = {{"type", type}};
  if (type == "friendly-area") {
    q["faction"] = f;
    q["purpose"] = kActivities[static_cast<std::size_t>(a.choice) % kActivities.size()];
  } else if (type == "hostile") {
    q["faction"] = f;
    q["at"] = b.space(a.space);
    // One in three at messina.card-hostility: a space no other faction has units or Workers in, its
    // card held by an opponent (face down two times in three) that gives `f` no military consent.
    const std::string other = b.faction(a.other);
    if (a.choice % 3 == 0 && other != f) {
      std::vector<std::string> quiet;
      for (const auto& sid : b.space_ids)
        if (!(b.state.contains("cards") && b.state["cards"].contains(sid)) && !others_present(b, f, sid))
          quiet.push_back(sid);
      if (!quiet.empty()) {
        const std::string at = quiet[static_cast<std::size_t>(a.space) % quiet.size()];
        q["at"] = at;
        b.state["cards"][at] = {{"holder", other}, {"exposed", (a.choice / 3) % 2 == 1}};
        b.card_ids.push_back(at);
        json& faction = b.state["factions"][other];
        if (faction.contains("consents") && faction["consents"].is_object() && faction["consents"].contains(f)) {
          json& given = faction["consents"][f];
          given.erase(std::remove(given.begin(), given.end(), json("military")), given.end());
        }
      }
    }
  } else if (type == "must-expose") {
    ensure_card(b, f, a.space, false);
    q["faction"] = f;
    q["card"] = card_of(b, f, a.space, a.aim);
    q["situation"] = kSituations[static_cast<std::size_t>(a.choice) % kSituations.size()];
  } else if (type == "tie-break") {
    q["at"] = b.space(a.space);
    q["sides"] = json::array({f});
    if (b.faction(a.other) != f) q["sides"].push_back(b.faction(a.other));
  } else if (type == "bombable") {
    ensure_card(b, f, a.space, a.choice % 2 == 0);
    q["card"] = card_of(b, f, a.space, false);
  } else {
    ensure_card(b, f, a.space, a.choice % 2 == 0);
    q["card"] = card_of(b, f, a.space, false);
    static constexpr std::array<const char*, 4> kBy = {"missile", "bomb", "march", "support"};
    q["by"] = kBy[static_cast<std::size_t>(a.choice) % kBy.size()];
  }
  return q;
}

GeneratedCase to_case(const CaseSpec& spec, const Setup& setup) {
  GeneratedCase c;
  c.game = "messina";
  c.ruleset = setup.overrides(spec.ruleset);
  const CaseReadings readings = setup.readings(spec.readings, c.interpretations);
  // The numbers of the case's ruleset: the base's, or the base with the overrides merged in.
  std::unique_ptr<Numbers> sampled;
  if (!c.ruleset.empty()) {
    json merged = setup.base;
    merged.merge_patch(c.ruleset);
    sampled = std::make_unique<Numbers>(merged);
  }
  Board b = build_board(spec.state, sampled ? *sampled : setup.numbers, readings, setup.any_state);
  c.is_query = spec.action.query;
  c.request = c.is_query ? make_query(b, spec.action, c.kind) : make_action(b, spec.action, c.kind);
  keep_phase_in_its_round(b);
  c.state = std::move(b.state);
  return c;
}

}  // namespace messina_gen

rc::Gen<GeneratedCase> messina_cases(const json& ruleset, const CaseOptions& options) {
  using namespace messina_gen;
  const auto setup = std::make_shared<const Setup>(ruleset, options);
  auto readings = reading_picks(setup->points.size());
  return rc::gen::map(
      rc::gen::build<CaseSpec>(rc::gen::set(&CaseSpec::state, state_spec()),
                               rc::gen::set(&CaseSpec::action, action_spec()),
                               rc::gen::set(&CaseSpec::ruleset, setup->ruleset_picks()),
                               rc::gen::set(&CaseSpec::readings, readings)),
      [setup](const CaseSpec& spec) { return to_case(spec, *setup); });
}

}  // namespace rulecheck::generators
