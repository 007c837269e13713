// Messina's next state as JSON text, written straight from the oracle's state: serve's answer and the
// harness's next request carry a state as text, and building its JSON value first was most of the cost.
#include "games/messina/state_text.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "common/json_text.hpp"

namespace rulecheck::messina {

namespace {

// write_state(s).dump()'s bytes, written straight from the state (serve's answer and the harness's
// next request carry a state as text: building its JSON value first was most of the cost). Keys go in
// the order dump() sorts them; a string that is not printable ASCII returns false, and the caller
// dumps write_state(s) instead. properties/test_messina_properties.cpp compares the two on generated
// states.
class StateText : JsonTextWriter {
 public:
  explicit StateText(std::string& out) : JsonTextWriter(out) {}

  // The state's fields, in dump()'s order: battle, cards, factions, phase, round, spaces.
  bool write(const State& s) {
    out_ += '{';
    comma_ = "";
    if (s.battle && !(name("battle") && string(*s.battle))) return false;
    if (!s.cards.empty()) {
      name("cards");
      if (!object(s.cards, [this](const LocationCard& c) { return card(c); })) return false;
    }
    name("factions");
    if (!object(s.factions, [this](const Faction& f) { return faction(f); })) return false;
    if (s.phase != Phase::unspecified) {
      name("phase");
      string(std::string(phase_name(s.phase)));
    }
    name("round");
    number(s.round);
    name("spaces");
    if (!object(s.spaces, [this](const Space& sp) { return space(sp); })) return false;
    out_ += '}';
    return true;
  }

 private:
  // {"<id>": <value>, ...} in the map's order (std::map sorts ids as dump() does), each value written
  // by `write_value` (true when it could).
  template <typename Map, typename Write>
  bool object(const Map& map, const Write& write_value) {
    out_ += '{';
    const char* comma = "";
    for (const auto& [id, value] : map) {
      out_ += comma, comma = ",";
      if (!key(id)) return false;
      const char* outer = comma_;
      comma_ = "";
      const bool written = write_value(value);
      comma_ = outer;
      if (!written) return false;
    }
    out_ += '}';
    return true;
  }

  // A card's fields: exposed, holder, units.
  bool card(const LocationCard& c) {
    out_ += '{';
    name("exposed");
    out_ += c.exposed ? "true" : "false";
    if (!(name("holder") && string(c.holder))) return false;
    if (!c.units.empty()) {
      name("units");
      unit_counts(c.units);
    }
    out_ += '}';
    return true;
  }

  // A faction's fields: consents, dead, home, kind, population, resources.
  bool faction(const Faction& f) {
    out_ += '{';
    if (std::any_of(f.consents.begin(), f.consents.end(), [](const auto& c) { return !c.second.empty(); })) {
      name("consents");
      out_ += '{';
      const char* comma = "";
      for (const auto& [ally, acts] : f.consents) {
        if (acts.empty()) continue;
        out_ += comma, comma = ",";
        if (!key(ally)) return false;
        std::vector<std::string_view> names;
        for (Activity a : acts) names.push_back(activity_name(a));
        std::sort(names.begin(), names.end());
        out_ += '[';
        for (std::size_t i = 0; i < names.size(); ++i) ((out_ += i ? ",\"" : "\"") += names[i]) += '"';
        out_ += ']';
      }
      out_ += '}';
    }
    count("dead", f.dead);
    name("home");
    out_ += '[';
    for (std::size_t i = 0; i < f.home.size(); ++i) {
      if (i) out_ += ',';
      if (!string(f.home[i])) return false;
    }
    out_ += ']';
    name("kind");
    string(std::string(name_in(kFactionKindNames, f.kind)));
    const Population& p = f.population;
    if (p.disaffected != 0 || p.located != 0 || p.spare != 0) {
      name("population");
      counts({{"disaffected", p.disaffected}, {"located", p.located}, {"spare", p.spare}});
    }
    const Resources& r = f.resources;
    if (r.energy != 0 || r.food != 0 || r.water != 0) {
      name("resources");
      counts({{"energy", r.energy}, {"food", r.food}, {"water", r.water}});
    }
    out_ += '}';
    return true;
  }

  // A space's fields: adjacent, shield or shields, units, utilities.
  bool space(const Space& sp) {
    out_ += '{';
    if (!sp.adjacent.empty() && !(name("adjacent") && sorted_strings(sp.adjacent))) return false;
    if (sp.shields.size() == 1 && !(name("shield") && shield(sp.shields.front()))) return false;
    if (sp.shields.size() > 1) {
      name("shields");
      out_ += '[';
      for (std::size_t i = 0; i < sp.shields.size(); ++i) {
        if (i) out_ += ',';
        if (!shield(sp.shields[i])) return false;
      }
      out_ += ']';
    }
    if (std::any_of(sp.units.begin(), sp.units.end(), [](const auto& u) { return !u.second.empty(); })) {
      name("units");
      out_ += '{';
      const char* comma = "";
      for (const auto& [owner, units] : sp.units) {
        if (units.empty()) continue;
        out_ += comma, comma = ",";
        if (!key(owner)) return false;
        unit_counts(units);
      }
      out_ += '}';
    }
    if (!sp.utilities.empty()) {
      name("utilities");
      out_ += '[';
      for (std::size_t i = 0; i < sp.utilities.size(); ++i) {
        if (i) out_ += ',';
        if (!utility(sp.utilities[i])) return false;
      }
      out_ += ']';
    }
    out_ += '}';
    return true;
  }

  // A Shield's fields: level, owner.
  bool shield(const Shield& sh) {
    fmt::format_to(std::back_inserter(out_), R"({{"level":{},"owner":)", sh.level);
    if (!string(sh.owner)) return false;
    out_ += '}';
    return true;
  }

  // A Utility's fields: guests (those not zero), owner, workers.
  bool utility(const Utility& u) {
    out_ += '{';
    const char* outer = comma_;
    comma_ = "";
    if (std::any_of(u.guests.begin(), u.guests.end(), [](const auto& g) { return g.second != 0; })) {
      name("guests");
      out_ += '{';
      const char* comma = "";
      for (const auto& [guest, n] : u.guests) {
        if (n == 0) continue;
        out_ += comma, comma = ",";
        if (!key(guest)) return false;
        number(n);
      }
      out_ += '}';
    }
    if (!(name("owner") && string(u.owner))) return false;
    count("workers", u.workers);
    comma_ = outer;
    out_ += '}';
    return true;
  }

  // The counts that are not zero, by the unit's name in dump()'s order.
  void unit_counts(const UnitCounts& units) {
    out_ += '{';
    const char* comma = "";
    for (const auto& [piece, piece_text] : pieces_by_name())
      if (units[piece] != 0) {
        out_ += comma, comma = ",";
        fmt::format_to(std::back_inserter(out_), R"("{}":{})", piece_text, units[piece]);
      }
    out_ += '}';
  }

  // {"<name>": n, ...} for the counts that are not zero; `fields` are in dump()'s order.
  void counts(std::initializer_list<std::pair<std::string_view, int>> fields) {
    out_ += '{';
    const char* comma = "";
    for (const auto& [field, n] : fields)
      if (n != 0) {
        out_ += comma, comma = ",";
        fmt::format_to(std::back_inserter(out_), R"("{}":{})", field, n);
      }
    out_ += '}';
  }

  // The unit kinds in the order dump() sorts their names.
  static const std::vector<std::pair<Piece, std::string_view>>& pieces_by_name() {
    static const auto sorted = [] {
      std::vector<std::pair<Piece, std::string_view>> out;
      for (Piece p : kUnitKinds) out.emplace_back(p, piece_name(p));
      std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
      return out;
    }();
    return sorted;
  }

  // A field that is a count: left out when zero.
  void count(std::string_view field, int n) {
    if (n == 0) return;
    name(field);
    number(n);
  }
};

}  // namespace

bool write_state_text(const State& s, std::string& out) {
  out.clear();
  return StateText(out).write(s);
}

}  // namespace rulecheck::messina
