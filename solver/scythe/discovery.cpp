// Scythe's boards and Move as the discovery search asks them (discovery.hpp; the search is
// solver/discovery_search.hpp). A board is a line map's position (board.hpp): before, any position of the
// format play can reach from which red's Move starts (reachable.hpp); after, a free position of the same
// map. The step is red's move of the kind, its effects those of move_action.cpp (effects()). The fewest
// units first, then the fewest popularities away from 5. The oracle's outcome on a witness is named
// among the two.
#include "solver/scythe/discovery.hpp"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "oracle/rule_violation.hpp"
#include "oracle/scythe/oracle.hpp"
#include "solver/discovery_search.hpp"
#include "solver/scythe/conventions.hpp"
#include "solver/scythe/literal_relation.hpp"
#include "solver/scythe/move_action.hpp"
#include "solver/scythe/outcome_search.hpp"
#include "solver/scythe/reachable.hpp"

namespace rulecheck::solver::scythe {

namespace {

// A map (the shape) and the faction whose Move starts from it.
struct MapShape {
  sy::State map;
  sy::FactionId mover;
};

// One position of a map: the map's board shared by the position before and the copies after.
struct MapBoard {
  std::shared_ptr<const Board> map;
  std::shared_ptr<const MapShape> shape;
  Position pos;
  z3::context& ctx() const { return pos.popularity.front().ctx(); }
  int mover() const { return map->faction_index.at(shape->mover); }
};

// The relation of one Move without its frame.
struct MoveRelation {
  Constraints legal, effect;
};

bool same_position(const sy::State& x, const sy::State& y) {
  z3::context ctx;
  const Board b = board_of(x);
  if (b.territories != board_of(y).territories) return false;
  return positions_differ(ctx, b, position_of(ctx, b, x), position_of(ctx, b, y)).simplify().is_false();
}

struct ScytheDiscovery {
  using Rules = sy::Rules;
  using Board = MapBoard;
  using Shape = MapShape;
  using State = sy::State;
  using Action = sy::Move;
  using Step = sy::Move;
  using Answer = bool;
  using Encoded = MoveRelation;
  using Witness = ScytheWitness;
  static constexpr const char* kName = "scythe";
  static constexpr const char* kInertia = "scythe.convention.inertia";

  static MapBoard before(z3::context& ctx, const MapShape& shape) {
    auto map = std::make_shared<const scythe::Board>(board_of(shape.map));
    Position pos = free_position(ctx, *map, "pre");
    return MapBoard{map, std::make_shared<const MapShape>(shape), std::move(pos)};
  }
  static MapBoard after(const MapBoard& pre, const std::string& prefix) {
    return MapBoard{pre.map, pre.shape, free_position(pre.ctx(), *pre.map, prefix)};
  }
  // A state of the format play can reach, from which the mover's Move starts.
  static std::vector<z3::expr> facts(const MapBoard& pre, const sy::Rules& rules) {
    z3::context& ctx = pre.ctx();
    std::vector<z3::expr> out = valid_position(ctx, rules, *pre.map, pre.pos);
    out.push_back(reachable_position(ctx, *pre.map, pre.pos));
    out.push_back(move_start_position(ctx, *pre.map, pre.pos, pre.mover()));
    return out;
  }
  static std::vector<z3::expr> order(const MapBoard& pre) {
    z3::context& ctx = pre.ctx();
    z3::expr away = ctx.int_val(0);
    for (const auto& p : pre.pos.popularity) away = away + z3::ite(p == 5, ctx.int_val(0), ctx.int_val(1));
    return {units_on(ctx, *pre.map, pre.pos), away};
  }
  static Constraints format(const MapBoard& post, const sy::Rules& rules) {
    Constraints out;
    for (const auto& v : valid_position(post.ctx(), rules, *post.map, post.pos)) out.push_back({"format", v});
    return out;
  }
  static Constraints readable(const MapBoard&) { return {}; }
  static z3::expr same(const MapBoard& a, const MapBoard& b) { return !positions_differ(a.ctx(), *a.map, a.pos, b.pos); }
  static std::vector<z3::expr> components(const MapBoard& b) {
    std::vector<z3::expr> out;
    const Position& p = b.pos;
    for (const auto& row : p.units)
      for (const auto& counts : row) out.insert(out.end(), counts.begin(), counts.end());
    for (const auto* v : {&p.popularity, &p.held_by, &p.combat_pending, &p.encounter_pending})
      out.insert(out.end(), v->begin(), v->end());
    return out;
  }
  static sy::State read(const z3::model& m, const MapBoard& b) { return state_in(m, *b.map, b.pos, b.shape->map); }
  // The outcome the oracle gives on the witness, as a reading name of `w` ("" when neither).
  static std::string oracle_today(const sy::Rules& rules, ScytheWitness& w) {
    std::optional<sy::State> next;
    std::string rule;
    try {
      next = sy::move(rules, w.example.state, w.example.step);
    } catch (const RuleViolation& v) {
      rule = v.clause();
    }
    for (auto& o : w.outcomes) {
      if (o.legal != next.has_value()) continue;
      if (!o.legal) {
        o.rule = rule;  // the oracle's clause for the refusal it gives
        return o.reading;
      }
      if (same_position(*next, *o.next)) return o.reading;
    }
    return "";
  }
  static std::vector<MapShape> distinct(const std::vector<MapShape>& shapes) { return shapes; }
  static std::string in_words(const std::vector<MapShape>& shapes) {
    std::string out;
    for (const auto& s : shapes)
      out += fmt::format("{}the line map of {} territories between the home bases", out.empty() ? "" : ", ",
                         s.map.territories.size() - 2);
    return out;
  }
};

using Target = DiscoveryTarget<ScytheDiscovery>;

// Red's move of kind `k` on `before`: its relation under any Rules, its chosen quantities named from the
// copy's prefix. The action carries every number; which workers ride is the copy's own choice (its
// domain a condition of the copy).
DiscoveryStep<ScytheDiscovery> move_step(const LiteralStepKind& k, const MapBoard& before) {
  DiscoveryStep<ScytheDiscovery> d;
  const sy::Move move = k.move;
  d.encode = [move, &before](const MapBoard& after, const sy::Rules& rules, const std::string& prefix) {
    z3::context& ctx = before.ctx();
    const auto steps = steps_of(ctx, *before.map, move);
    MoveRelation r;
    if (!steps) throw std::logic_error("a discovery step kind names no path on its map");
    const Encoded e = move_action(ctx, rules, *before.map, before.pos, before.mover(), *steps, nullptr, "", prefix);
    r.legal = e.legal;
    for (const auto& c : e.choices) r.legal.push_back({"scythe.move.mech-carry", c});
    r.effect = effects(ctx, rules, *before.map, before.pos, e, after.pos, before.mover());
    // scythe.convention.holder-leaves-shared, tagged by its id (conventions.hpp): left out, then found or not.
    for (const auto& c : conventions(ctx, *before.map, e.next, after.pos)) r.effect.push_back(c);
    return r;
  };
  d.action = [move](const z3::model&) { return move; };
  return d;
}

}  // namespace

std::vector<ScytheWitness> discover_moves(const sy::Rules& defaults, const SourceIndex& index, const Budget& budget,
                                          const std::set<std::string>& kinds) {
  std::vector<ScytheWitness> out;
  for (const LiteralStepKind& k : literal_kinds()) {
    if (!kinds.empty() && !kinds.count(k.name)) continue;
    Target t;
    t.key = k.name;
    t.title = k.title;
    t.step = fmt::format("{} (red's Move from a board it may start from: rules/scythe/move_start.json){}", k.title,
                         k.range_two ? fmt::format(", ruleset {}", kLiteralRangeTwo) : "");
    t.shapes = {MapShape{k.map, k.move.faction}};
    t.make = [k](const MapBoard& before) { return move_step(k, before); };
    if (k.range_two) t.ruleset_override = kLiteralRangeTwo;
    std::vector<ScytheWitness> found;
    try {
      found = solver::discover_from_words<ScytheDiscovery>(t, literal_rules_for(defaults, k), index, budget);
    } catch (const z3::exception& e) {
      ScytheWitness w;
      w.point = "scythe.discovery." + k.name;
      w.kind = "unknown";
      w.is_new = true;
      w.title = k.title + ": the discovery search from the words alone";
      w.note = failure_reason(e);
      found.push_back(std::move(w));
    }
    for (auto& w : found) out.push_back(std::move(w));
  }
  return out;
}

}  // namespace rulecheck::solver::scythe
