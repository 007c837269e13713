// Messina's case generator (messina_gen.hpp): a spec's state as JSON, kept to the states play can
// reach unless CaseOptions::any_state (messina.cpp's opening comment says how).
#include "properties/generators/messina_gen.hpp"

namespace rulecheck::generators::messina_gen {

std::string space_name(int i) { return "S" + std::to_string(i); }

void add_units(json& into, const UnitsSpec& u) {
  for (std::size_t k = 0; k < kUnits.size(); ++k)
    if (u.count[k] > 0) into[kUnits[k]] = u.count[k];
}

// messina.reachable.alternating-phase: a state at the Muster or Consumption Phase is in a round
// of that phase's parity (moved on by one round when drawn in the other).
void keep_phase_in_its_round(Board& b) {
  if (b.any_state || !b.state.contains("phase")) return;
  const std::string phase = b.state["phase"];
  const int round = b.state["round"].get<int>();
  if ((phase == "muster" && round % 2 != b.numbers.parity_muster) ||
      (phase == "consumption" && round % 2 != b.numbers.parity_consumption))
    b.state["round"] = round + 1;
}

// The tokens a faction's pieces on the board stand for (messina.population.backing).
int backed_tokens(const Board& b, const std::string& id, bool ai) {
  const json& s = b.state;
  int backed = 0;
  for (const auto& [sid, space] : s["spaces"].items()) {
    if (space.contains("units") && space["units"].contains(id))
      for (const auto& [unit, n] : space["units"][id].items()) backed += n.get<int>() * b.numbers.tokens_for(ai, unit);
    if (space.contains("utilities"))
      for (const auto& ut : space["utilities"]) {
        if (ut["owner"] == id) backed += ut.value("workers", 0);
        if (ut.contains("guests")) backed += ut["guests"].value(id, 0);
      }
  }
  if (s.contains("cards"))
    for (const auto& [cid, card] : s["cards"].items())
      if (card["holder"] == id && card.contains("units"))
        for (const auto& [unit, n] : card["units"].items()) backed += n.get<int>() * b.numbers.tokens_for(ai, unit);
  return backed;
}

// Each faction's Home Spaces: the drawn one and, when drawn, a second, distinct
// (messina.reachable.two-home-spaces). Unless any_state none is another faction's
// (messina.convention.own-home-spaces): a faction takes the first space from the drawn one on that no
// earlier faction has, and takes a second Home Space only when that leaves a space for each later
// faction (build_board keeps the factions no more than the spaces).
std::vector<json> home_spaces(const Board& b, const StateSpec& spec) {
  std::vector<json> out;
  std::set<int> taken;
  auto free_from = [&](int drawn) {
    for (int step = 0; step < b.n; ++step) {
      const int s = (drawn + step) % b.n;
      if (b.any_state || !taken.count(s)) return s;
    }
    return -1;
  };
  for (int f = 0; f < b.factions; ++f) {
    const FactionSpec& fs = spec.faction[static_cast<std::size_t>(f)];
    const int first = free_from(fs.home);
    taken.insert(first);
    json home = json::array({b.space(first)});
    // A second Home Space only where a space is left for each faction after this one.
    const int later = b.factions - f - 1;
    if (fs.second_home >= 0 && (b.any_state || static_cast<int>(taken.size()) + later < b.n)) {
      const int second = free_from(fs.second_home);
      if (second >= 0 && second != first) {
        taken.insert(second);
        home.push_back(b.space(second));
      }
    }
    out.push_back(home);
  }
  return out;
}

Board build_board(const StateSpec& spec, const Numbers& numbers, const CaseReadings& readings, bool any_state) {
  Board b(numbers, spec, readings, any_state);
  b.n = static_cast<int>(spec.spaces.size());
  // Each faction its own Home Space (messina.convention.own-home-spaces): no more factions than spaces.
  b.factions = std::clamp(spec.factions, 1, any_state ? 3 : std::max(1, std::min(3, b.n)));
  for (int i = 0; i < b.n; ++i) b.space_ids.push_back(space_name(i));
  for (int f = 0; f < b.factions; ++f) b.faction_ids.push_back(kFactionIds[static_cast<std::size_t>(f)]);
  json& s = b.state;
  s["round"] = std::max(1, spec.round);
  if (spec.phase >= 0) s["phase"] = kPhases[static_cast<std::size_t>(spec.phase) % kPhases.size()];
  if (spec.battle >= 0) s["battle"] = b.space(spec.battle);
  keep_phase_in_its_round(b);

  // Spaces and adjacency (a tree plus extra edges, written both ways).
  std::vector<std::vector<int>> adjacent(static_cast<std::size_t>(b.n));
  auto join = [&](int a, int c) {
    if (a == c) return;
    auto& la = adjacent[static_cast<std::size_t>(a)];
    if (std::find(la.begin(), la.end(), c) != la.end()) return;
    la.push_back(c);
    adjacent[static_cast<std::size_t>(c)].push_back(a);
  };
  for (int i = 1; i < b.n; ++i) join(i, spec.spaces[static_cast<std::size_t>(i)].parent % i);
  for (int i = 0; i < b.n; ++i)
    if (spec.spaces[static_cast<std::size_t>(i)].extra >= 0)
      join(i, spec.spaces[static_cast<std::size_t>(i)].extra % b.n);

  auto faction_id = [&](int index) { return b.faction_ids[static_cast<std::size_t>(index % b.factions)]; };
  for (int i = 0; i < b.n; ++i) {
    const SpaceSpec& sp = spec.spaces[static_cast<std::size_t>(i)];
    json space = json::object();
    json adj = json::array();
    for (int a : adjacent[static_cast<std::size_t>(i)]) adj.push_back(space_name(a));
    space["adjacent"] = adj;
    for (int f = 0; f < b.factions; ++f) {
      json u = json::object();
      add_units(u, sp.units[static_cast<std::size_t>(f)]);
      if (!u.empty()) space["units"][b.faction_ids[static_cast<std::size_t>(f)]] = u;
    }
    if (sp.utility_owner >= 0) {
      const std::string owner = faction_id(sp.utility_owner);
      json utility = {{"owner", owner}, {"workers", sp.workers}};
      // Guests: messina.reachable.workers-in-own-utilities (only the friendly reading of
      // messina.worker-utility puts Workers into another faction's Utility).
      if (sp.guest >= 0 && faction_id(sp.guest) != owner && b.reachable_under(kWorkerUtility, "friendly"))
        utility["guests"] = {{faction_id(sp.guest), std::max(1, sp.guests)}};
      space["utilities"] = json::array({utility});
    }
    if (sp.shield_owner >= 0) {
      json first = {{"owner", faction_id(sp.shield_owner)}, {"level", std::max(1, sp.shield_level)}};
      // A second faction's Shield: messina.reachable.one-shield-per-space (only the one-per-faction
      // reading of messina.shield-per-space builds one where a Shield stands).
      if (sp.second_shield >= 0 && faction_id(sp.second_shield) != first["owner"] &&
          b.reachable_under(kShieldPerSpace, "one-per-faction")) {
        json second = {{"owner", faction_id(sp.second_shield)}, {"level", std::max(1, sp.second_level)}};
        space["shields"] = first["owner"] < second["owner"] ? json::array({first, second}) : json::array({second, first});
      } else {
        space["shield"] = first;
      }
    }
    s["spaces"][space_name(i)] = space;
    if (sp.card_holder >= 0) {
      json card = {{"holder", faction_id(sp.card_holder)}, {"exposed", sp.card_exposed}};
      UnitsSpec on_card = sp.card_units;
      int room = numbers.stacking_card;  // messina.cards.capacity: clamp to the limit
      for (auto& c : on_card.count) {
        c = std::min(c, room);
        room -= c;
      }
      json u = json::object();
      add_units(u, on_card);
      if (!u.empty()) card["units"] = u;
      s["cards"][space_name(i)] = card;
      b.card_ids.push_back(space_name(i));
    }
  }

  // Factions, with Located computed from what they have on the board.
  const std::vector<json> homes = home_spaces(b, spec);
  for (int f = 0; f < b.factions; ++f) {
    const FactionSpec& fs = spec.faction[static_cast<std::size_t>(f)];
    const std::string id = b.faction_ids[static_cast<std::size_t>(f)];
    const bool ai = fs.ai && f == b.factions - 1 && b.factions > 1;  // at most one AI faction, never the only one
    const json& home = homes[static_cast<std::size_t>(f)];
    json faction = {{"kind", ai ? "ai" : "human"},
                    {"home", home},
                    {"population", {{"disaffected", fs.disaffected}, {"spare", fs.spare}, {"located", 0}}},
                    {"dead", fs.dead},
                    {"resources", {{"food", fs.food}, {"water", fs.water}, {"energy", fs.energy}}}};
    for (int g = 0; g < b.factions; ++g) {
      if (g == f || fs.consents[static_cast<std::size_t>(g)] == 0) continue;
      json acts = json::array();
      for (std::size_t a = 0; a < kActivities.size(); ++a)
        if (fs.consents[static_cast<std::size_t>(g)] & (1 << a)) acts.push_back(kActivities[a]);
      faction["consents"][b.faction_ids[static_cast<std::size_t>(g)]] = acts;
    }
    s["factions"][id] = faction;
  }
  for (const auto& id : b.faction_ids)
    s["factions"][id]["population"]["located"] = backed_tokens(b, id, b.is_ai(id));
  return b;
}

}  // namespace rulecheck::generators::messina_gen
