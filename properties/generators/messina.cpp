// Generated Messina cases (docs/formats.md). A case is built from a spec of small shrinkable
// numbers; names are resolved by index modulo what exists, and counts the validator limits are
// clamped, so every spec (and every shrink of it) converts into a valid state:
//   - adjacency is a spanning tree (each space joins one earlier space) plus a few extra edges,
//     always written both ways;
//   - Located is computed from the backed pieces (messina.population.backing: the ruleset's unit
//     table and ai_backed_units), never generated;
//   - a card holds at most the ruleset's stacking_card units.
// A share of cases aims at legality: the state's round and moment are set to fit the action, and
// sites are chosen among the acting faction's own.
#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <vector>

#include "properties/generators/generated_case.hpp"

namespace rulecheck::generators {

namespace {

constexpr std::array<const char*, 3> kFactionIds = {"UE", "SF", "NM"};
constexpr std::array<const char*, 5> kUnits = {"civilian", "infantry", "bomber", "fighter", "mech"};
constexpr std::array<const char*, 5> kActivities = {"muster", "build", "workers", "civilians", "military"};
constexpr std::array<const char*, 10> kPhases = {
    "muster", "consumption",     "industry", "orders",          "bonus-military-action",
    "battle", "between-mil-ops", "mil-ops",  "exploration-end", "rearm"};
constexpr std::array<const char*, 10> kActionTypes = {"consume", "place",  "convert", "release",  "muster",
                                                      "rearm",   "expose", "hide",    "transfer", "end-exploration"};
constexpr std::array<const char*, 6> kQueryTypes = {"friendly-area", "hostile",  "must-expose",
                                                    "tie-break",     "bombable", "support-cut"};
constexpr std::array<const char*, 10> kSituations = {
    "utility-build", "muster-on-map", "muster-onto-card", "connect", "obstruction",
    "march",         "demolition",    "military-effect",  "battle",  "no-response"};

// ---------------------------------------------------------------- specs

struct UnitsSpec {
  std::array<int, 5> count{};  // kUnits order
};

struct SpaceSpec {
  int parent = 0;                    // joins space parent % i (i > 0)
  int extra = -1;                    // an extra edge to space extra % n, or none
  std::array<UnitsSpec, 3> units{};  // per faction
  int utility_owner = -1;            // faction index, or none
  int workers = 0;
  int shield_owner = -1;
  int shield_level = 1;
  int card_holder = -1;
  bool card_exposed = false;
  UnitsSpec card_units{};
};

struct FactionSpec {
  bool ai = false;
  int disaffected = 0, spare = 0, dead = 0;
  int food = 0, water = 0, energy = 0;
  int home = 0, second_home = -1;  // space indices
  std::array<int, 3> consents{};   // bitmask of kActivities this faction gives each other faction
};

struct StateSpec {
  int factions = 1;  // 1..3
  int round = 1;
  int phase = -1;  // index into kPhases, or none
  int battle = -1;
  std::vector<SpaceSpec> spaces;
  std::array<FactionSpec, 3> faction{};
};

struct PieceSpec {
  int space = 0;
  bool on_card = false;
  int unit = 0;  // kUnits index, 5 = worker
  int count = 1;
};

struct ActionSpec {
  bool query = false;
  int type = 0;  // index into kActionTypes or kQueryTypes
  bool aim = false;
  int faction = 0, space = 0, other = 0, choice = 0, count = 1;
  std::vector<PieceSpec> pieces;
  std::vector<int> numbers;  // extra indices (shield ops, discards, sides)
};

struct CaseSpec {
  StateSpec state;
  ActionSpec action;
};

// ---------------------------------------------------------------- generators of specs

rc::Gen<int> small(int most) { return rc::gen::inRange(0, most + 1); }

// A count that grows with the size: 0..most at full size, mostly 0..1 when small.
rc::Gen<int> scaled(int most) {
  return rc::gen::withSize([most](int size) { return rc::gen::inRange(0, 1 + std::max(1, most * size / 100)); });
}

rc::Gen<UnitsSpec> units_spec() {
  return rc::gen::map(
      rc::gen::container<std::vector<int>>(5, rc::gen::weightedOneOf<int>({{3, rc::gen::just(0)}, {2, scaled(3)}})),
      [](const std::vector<int>& v) {
        UnitsSpec u;
        for (std::size_t i = 0; i < 5; ++i) u.count[i] = v[i];
        return u;
      });
}

rc::Gen<SpaceSpec> space_spec() {
  return rc::gen::build<SpaceSpec>(
      rc::gen::set(&SpaceSpec::parent, small(8)),
      rc::gen::set(&SpaceSpec::extra, rc::gen::weightedOneOf<int>({{3, rc::gen::just(-1)}, {1, small(8)}})),
      rc::gen::set(&SpaceSpec::units, rc::gen::map(rc::gen::container<std::vector<UnitsSpec>>(3, units_spec()),
                                                   [](const std::vector<UnitsSpec>& v) {
                                                     return std::array<UnitsSpec, 3>{v[0], v[1], v[2]};
                                                   })),
      rc::gen::set(&SpaceSpec::utility_owner, rc::gen::weightedOneOf<int>({{2, rc::gen::just(-1)}, {1, small(2)}})),
      rc::gen::set(&SpaceSpec::workers, scaled(3)),
      rc::gen::set(&SpaceSpec::shield_owner, rc::gen::weightedOneOf<int>({{4, rc::gen::just(-1)}, {1, small(2)}})),
      rc::gen::set(&SpaceSpec::shield_level, rc::gen::inRange(1, 3)),
      rc::gen::set(&SpaceSpec::card_holder, rc::gen::weightedOneOf<int>({{2, rc::gen::just(-1)}, {1, small(2)}})),
      rc::gen::set(&SpaceSpec::card_exposed, rc::gen::arbitrary<bool>()),
      rc::gen::set(&SpaceSpec::card_units, units_spec()));
}

rc::Gen<FactionSpec> faction_spec() {
  return rc::gen::build<FactionSpec>(
      rc::gen::set(&FactionSpec::ai, rc::gen::arbitrary<bool>()),
      rc::gen::set(&FactionSpec::disaffected, scaled(6)), rc::gen::set(&FactionSpec::spare, scaled(10)),
      rc::gen::set(&FactionSpec::dead, scaled(2)), rc::gen::set(&FactionSpec::food, scaled(14)),
      rc::gen::set(&FactionSpec::water, scaled(14)), rc::gen::set(&FactionSpec::energy, scaled(16)),
      rc::gen::set(&FactionSpec::home, small(8)),
      rc::gen::set(&FactionSpec::second_home, rc::gen::weightedOneOf<int>({{2, rc::gen::just(-1)}, {1, small(8)}})),
      rc::gen::set(&FactionSpec::consents,
                   rc::gen::map(rc::gen::container<std::vector<int>>(
                                    3, rc::gen::weightedOneOf<int>({{3, rc::gen::just(0)}, {1, small(31)}})),
                                [](const std::vector<int>& v) {
                                  return std::array<int, 3>{v[0], v[1], v[2]};
                                })));
}

rc::Gen<StateSpec> state_spec() {
  return rc::gen::build<StateSpec>(
      rc::gen::set(&StateSpec::factions, rc::gen::inRange(1, 4)),
      rc::gen::set(&StateSpec::round, rc::gen::inRange(1, 7)),
      rc::gen::set(&StateSpec::phase, rc::gen::inRange(-1, static_cast<int>(kPhases.size()))),
      rc::gen::set(&StateSpec::battle, rc::gen::weightedOneOf<int>({{3, rc::gen::just(-1)}, {1, small(8)}})),
      rc::gen::set(&StateSpec::spaces, rc::gen::withSize([](int size) {
        return rc::gen::mapcat(rc::gen::inRange(1, 2 + std::max(1, 5 * size / 100)), [](int n) {
          return rc::gen::container<std::vector<SpaceSpec>>(static_cast<std::size_t>(n), space_spec());
        });
      })),
      rc::gen::set(&StateSpec::faction, rc::gen::map(rc::gen::container<std::vector<FactionSpec>>(3, faction_spec()),
                                                     [](const std::vector<FactionSpec>& v) {
                                                       return std::array<FactionSpec, 3>{v[0], v[1], v[2]};
                                                     })));
}

rc::Gen<PieceSpec> piece_spec() {
  return rc::gen::build<PieceSpec>(
      rc::gen::set(&PieceSpec::space, small(8)),
      rc::gen::set(&PieceSpec::on_card,
                   rc::gen::weightedOneOf<bool>({{4, rc::gen::just(false)}, {1, rc::gen::just(true)}})),
      rc::gen::set(&PieceSpec::unit, small(5)), rc::gen::set(&PieceSpec::count, rc::gen::inRange(1, 3)));
}

rc::Gen<ActionSpec> action_spec() {
  return rc::gen::build<ActionSpec>(
      rc::gen::set(&ActionSpec::query,
                   rc::gen::weightedOneOf<bool>({{3, rc::gen::just(false)}, {1, rc::gen::just(true)}})),
      // Action types weighted by how much of the rules they reach (queries use the same index).
      rc::gen::set(&ActionSpec::type,
                   rc::gen::weightedElement<int>(
                       {{5, 0}, {3, 1}, {2, 2}, {1, 3}, {5, 4}, {1, 5}, {1, 6}, {2, 7}, {2, 8}, {2, 9}})),
      rc::gen::set(&ActionSpec::aim, rc::gen::weightedElement<bool>({{3, true}, {1, false}})),
      rc::gen::set(&ActionSpec::faction, small(2)), rc::gen::set(&ActionSpec::space, small(8)),
      rc::gen::set(&ActionSpec::other, small(8)), rc::gen::set(&ActionSpec::choice, small(9)),
      rc::gen::set(&ActionSpec::count, rc::gen::inRange(1, 4)),
      rc::gen::set(&ActionSpec::pieces, rc::gen::withSize([](int size) {
        return rc::gen::mapcat(rc::gen::inRange(0, 2 + std::max(1, 3 * size / 100)), [](int n) {
          return rc::gen::container<std::vector<PieceSpec>>(static_cast<std::size_t>(n), piece_spec());
        });
      })),
      rc::gen::set(&ActionSpec::numbers, rc::gen::container<std::vector<int>>(4, small(8))));
}

// ---------------------------------------------------------------- from a spec to JSON

// What the ruleset says about the pieces a case counts.
struct Numbers {
  json units;
  std::vector<std::string> ai_backed;
  int stacking_card = 0;
  int tokens_per_food_and_water = 1;
  int parity_consumption = 0, parity_muster = 1;
  int hand_limit = 0;

  explicit Numbers(const json& ruleset)
      : units(ruleset.at("units")),
        ai_backed(ruleset.at("ai_backed_units").get<std::vector<std::string>>()),
        stacking_card(ruleset.at("stacking_card").get<int>()),
        tokens_per_food_and_water(ruleset.at("tokens_per_food_and_water").get<int>()),
        parity_consumption(ruleset.at("round_parity_consumption").get<int>()),
        parity_muster(ruleset.at("round_parity_muster").get<int>()),
        hand_limit(ruleset.at("hand_limit").get<int>()) {}

  // messina.population.backing / messina.population.tokens: tokens behind one piece.
  int tokens_for(bool ai, const std::string& unit) const {
    if (unit == "worker") return 1;
    const int population = units.at(unit).at("population").get<int>();
    if (ai) return std::find(ai_backed.begin(), ai_backed.end(), unit) != ai_backed.end() ? std::max(1, population) : 0;
    return population;
  }
};

// A state under construction, with the lists a case's names resolve against.
struct Board {
  Board(const Numbers& rules, const StateSpec& of) : numbers(rules), spec(of) {}
  const Numbers& numbers;
  const StateSpec& spec;
  int n = 1, factions = 1;
  json state;
  std::vector<std::string> space_ids, faction_ids, card_ids;

  std::string space(int i) const { return space_ids[static_cast<std::size_t>(i) % space_ids.size()]; }
  std::string faction(int i) const { return faction_ids[static_cast<std::size_t>(i) % faction_ids.size()]; }
  bool is_ai(const std::string& f) const { return state["factions"][f]["kind"] == "ai"; }
  int count(const std::string& space, const std::string& f, const std::string& unit) const {
    const json& sp = state.at("spaces").at(space);
    if (!sp.contains("units") || !sp["units"].contains(f)) return 0;
    return sp["units"][f].value(unit, 0);
  }
};

std::string space_name(int i) { return "S" + std::to_string(i); }

void add_units(json& into, const UnitsSpec& u) {
  for (std::size_t k = 0; k < kUnits.size(); ++k)
    if (u.count[k] > 0) into[kUnits[k]] = u.count[k];
}

Board build_board(const StateSpec& spec, const Numbers& numbers) {
  Board b(numbers, spec);
  b.n = static_cast<int>(spec.spaces.size());
  b.factions = std::clamp(spec.factions, 1, 3);
  for (int i = 0; i < b.n; ++i) b.space_ids.push_back(space_name(i));
  for (int f = 0; f < b.factions; ++f) b.faction_ids.push_back(kFactionIds[static_cast<std::size_t>(f)]);
  json& s = b.state;
  s["round"] = std::max(1, spec.round);
  if (spec.phase >= 0) s["phase"] = kPhases[static_cast<std::size_t>(spec.phase) % kPhases.size()];
  if (spec.battle >= 0) s["battle"] = b.space(spec.battle);

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

  std::vector<int> located(static_cast<std::size_t>(b.factions), 0);
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
      const int owner = sp.utility_owner % b.factions;
      space["utilities"] =
          json::array({{{"owner", b.faction_ids[static_cast<std::size_t>(owner)]}, {"workers", sp.workers}}});
    }
    if (sp.shield_owner >= 0)
      space["shield"] = {{"owner", b.faction_ids[static_cast<std::size_t>(sp.shield_owner % b.factions)]},
                         {"level", std::max(1, sp.shield_level)}};
    s["spaces"][space_name(i)] = space;
    if (sp.card_holder >= 0) {
      json card = {{"holder", b.faction_ids[static_cast<std::size_t>(sp.card_holder % b.factions)]},
                   {"exposed", sp.card_exposed}};
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
  for (int f = 0; f < b.factions; ++f) {
    const FactionSpec& fs = spec.faction[static_cast<std::size_t>(f)];
    const std::string id = b.faction_ids[static_cast<std::size_t>(f)];
    const bool ai = fs.ai && f == b.factions - 1 && b.factions > 1;  // at most one AI faction, never the only one
    int backed = 0;
    for (const auto& [sid, space] : s["spaces"].items()) {
      if (space.contains("units") && space["units"].contains(id))
        for (const auto& [unit, n] : space["units"][id].items()) backed += n.get<int>() * numbers.tokens_for(ai, unit);
      if (space.contains("utilities"))
        for (const auto& ut : space["utilities"])
          if (ut["owner"] == id) backed += ut.value("workers", 0);
    }
    if (s.contains("cards"))
      for (const auto& [cid, card] : s["cards"].items())
        if (card["holder"] == id && card.contains("units"))
          for (const auto& [unit, n] : card["units"].items()) backed += n.get<int>() * numbers.tokens_for(ai, unit);
    json home = json::array({b.space(fs.home)});
    if (fs.second_home >= 0 && b.space(fs.second_home) != home[0]) home.push_back(b.space(fs.second_home));
    json faction = {{"kind", ai ? "ai" : "human"},
                    {"home", home},
                    {"population", {{"disaffected", fs.disaffected}, {"spare", fs.spare}, {"located", backed}}},
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
  return b;
}

// ---------------------------------------------------------------- actions

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

// Step 3's choice aimed at: the faction's own backed pieces (map units, then workers), enough for
// the tokens step 3 moves (messina.consumption.shortfall.step1-3).
// `near_miss`: one unit of the choice is taken from another faction's Location Card, a choice the
// rules refuse (a card carries its holder's units) that is right in every other way.
json aimed_disband(const Board& b, const std::string& f, bool near_miss) {
  const json& fj = b.state["factions"][f];
  const json& pop = fj["population"];
  const int disaffected = pop.value("disaffected", 0), spare = pop.value("spare", 0), located = pop.value("located", 0);
  const int tokens = disaffected + spare + located;
  const int per = b.numbers.tokens_per_food_and_water;
  const int fed = std::min({tokens, fj["resources"].value("food", 0) * per, fj["resources"].value("water", 0) * per});
  int owed = std::min(located, std::max(0, tokens - fed - disaffected - spare));
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
  const bool ai = b.is_ai(f);
  for (const auto& sid : b.space_ids) {
    const json& space = b.state["spaces"][sid];
    for (const char* unit : kUnits) {
      const int per_piece = b.numbers.tokens_for(ai, unit);
      const int have = b.count(sid, f, unit);
      if (per_piece == 0 || have == 0 || owed <= 0) continue;
      const int take = std::min(have, (owed + per_piece - 1) / per_piece);
      out.push_back({{"at", sid}, {"unit", unit}, {"count", take}});
      owed -= take * per_piece;
    }
    int workers = 0;
    if (space.contains("utilities"))
      for (const auto& ut : space["utilities"])
        if (ut["owner"] == f) workers += ut.value("workers", 0);
    if (workers > 0 && owed > 0) {
      const int take = std::min(workers, owed);
      out.push_back({{"at", sid}, {"unit", "worker"}, {"count", take}});
      owed -= take;
    }
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
                    const std::function<bool(const json&)>& wanted = nullptr) {
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
    act["disband"] = a.aim ? aimed_disband(b, f, near_miss) : pieces(b, a.pieces, true);
  } else if (type == "place") {
    static constexpr std::array<std::pair<const char*, const char*>, 3> kWhen = {
        {{"industry", "industry"}, {"before-orders", "orders"}, {"home-defence", "battle"}}};
    const auto& [when, phase] = kWhen[static_cast<std::size_t>(a.choice) % kWhen.size()];
    act["when"] = when;
    json list = json::array();
    for (const auto& p : a.pieces) {
      json pl = piece(b, p, true);
      if (a.aim) {
        pl.erase("card");
        pl["at"] = own_site(b, f, p.space);
        pl["unit"] = std::string(when) == "industry" ? "worker" : "civilian";
      }
      if (p.unit == 4) pl["from"] = "disaffected";  // the home-defence source, elsewhere refused
      list.push_back(pl);
    }
    act["placements"] = list;
    if (a.aim) {
      b.state["phase"] = phase;
      if (std::string(when) == "home-defence") {
        b.state["battle"] = b.state["factions"][f]["home"][0];
        for (auto& pl : act["placements"]) pl["at"] = b.state["battle"];
      }
    }
  } else if (type == "convert") {
    static constexpr std::array<std::pair<const char*, const char*>, 4> kPairs = {
        {{"civilian", "worker"}, {"worker", "civilian"}, {"infantry", "worker"}, {"mech", "civilian"}}};
    const auto& [from, to] = kPairs[static_cast<std::size_t>(a.choice) % kPairs.size()];
    act["at"] = a.aim ? site_with(b, f, from, a.space) : b.space(a.space);
    act["from"] = from;
    act["to"] = to;
    if (a.count != 1 && !a.aim) act["count"] = a.count;
    if (a.aim) b.state["phase"] = "industry";
  } else if (type == "release") {
    const json released = piece(b, a.pieces.empty() ? PieceSpec{} : a.pieces.front(), true);
    act.update(released);
  } else if (type == "muster") {
    if (a.aim) set_moment(b, b.numbers.parity_muster, a.choice % 2 ? "muster" : nullptr);
    json builds = json::array(), equip = json::array(), shields = json::array();
    const bool equip_only = a.aim && !nums.empty() && nums[0] % 3 == 0 && a.choice % 3 == 0;
    for (const auto& p : equip_only ? std::vector<PieceSpec>{} : a.pieces) {
      json build = piece(b, p, false);
      if (a.aim && !p.on_card) build["at"] = own_site(b, f, p.space);
      builds.push_back(build);
    }
    if (!nums.empty() && nums[0] % 3 == 0)
      equip.push_back({{"at", a.aim ? site_with(b, f, "civilian", nums[0]) : b.space(nums[0])}, {"count", 1}});
    if (!equip_only && nums.size() > 1 && nums[1] % 3 == 0) {
      shields.push_back(
          {{"at", a.aim ? own_site(b, f, nums[1]) : b.space(nums[1])}, {"op", nums[1] % 2 ? "upgrade" : "build"}});
      // Now and then a second op on the same Shield (messina.muster.shield.not-both, .one-upgrade).
      if (nums.size() > 3 && nums[2] % 3 == 0)
        shields.push_back({{"at", shields.back()["at"]}, {"op", nums[3] % 2 ? "upgrade" : "build"}});
    }
    if (!builds.empty()) act["builds"] = builds;
    if (!equip.empty()) act["equip"] = equip;
    if (!shields.empty()) act["shields"] = shields;
    if (!a.aim && nums.size() > 2 && nums[2] % 4 == 0) act["disband"] = pieces(b, a.pieces, true);
  } else if (type == "rearm") {
    if (a.aim) b.state["phase"] = "rearm";
    act["shield"] = {{"at", a.aim ? own_site(b, f, a.space) : b.space(a.space)},
                     {"op", a.choice % 2 ? "upgrade" : "build"}};
  } else if (type == "expose" || type == "hide") {
    ensure_card(b, f, a.space, type == "hide");
    auto empty = [](const json& card) { return !card.contains("units"); };
    act["card"] = card_of(b, f, a.space, a.aim, type == "hide" ? std::function<bool(const json&)>(empty) : nullptr);
    if (type == "hide" && a.aim) b.state["phase"] = "between-mil-ops";
  } else if (type == "transfer") {
    ensure_card(b, f, a.space, true);
    auto occupied = [](const json& card) { return card.contains("units"); };
    const std::string card = card_of(b, f, a.space, a.aim, occupied);
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
    if (a.aim) b.state["phase"] = "exploration-end";
    json discard = json::array();
    int held = 0;
    for (const auto& c : b.card_ids) held += b.state["cards"][c]["holder"] == f ? 1 : 0;
    const int excess = std::max(0, held - b.numbers.hand_limit);
    const int discards = a.aim ? excess : std::min<int>(a.count, static_cast<int>(nums.size()));
    auto empty = [](const json& card) { return !card.contains("units"); };
    for (int i = 0; i < discards; ++i)
      discard.push_back(card_of(b, f, a.aim ? i : nums[static_cast<std::size_t>(i)], a.aim, empty));
    act["discard"] = discard;
  }
  return act;
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

GeneratedCase to_case(const CaseSpec& spec, const Numbers& numbers) {
  Board b = build_board(spec.state, numbers);
  GeneratedCase c;
  c.game = "messina";
  c.is_query = spec.action.query;
  c.request = c.is_query ? make_query(b, spec.action, c.kind) : make_action(b, spec.action, c.kind);
  c.state = std::move(b.state);
  return c;
}

}  // namespace

rc::Gen<GeneratedCase> messina_cases(const json& ruleset, const CaseOptions& /*options*/) {
  const auto numbers = std::make_shared<const Numbers>(ruleset);
  return rc::gen::map(rc::gen::build<CaseSpec>(rc::gen::set(&CaseSpec::state, state_spec()),
                                               rc::gen::set(&CaseSpec::action, action_spec())),
                      [numbers](const CaseSpec& spec) { return to_case(spec, *numbers); });
}

}  // namespace rulecheck::generators
