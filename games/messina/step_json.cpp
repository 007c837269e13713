// Messina's steps and answers as JSON (step_json.hpp).
#include "games/messina/step_json.hpp"

#include "games/messina/action_names.hpp"

namespace rulecheck::messina {

using json = nlohmann::json;

json write_unit_counts(const UnitCounts& counts) {
  json j = json::object();
  for (Piece p : kUnitKinds)
    if (counts[p] != 0) j[std::string(piece_name(p))] = counts[p];
  return j;
}

json write_answer(const QueryAnswer& answer) {
  return std::visit(
      [](const auto& v) -> json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::optional<FactionId>>)
          return v ? json(*v) : json(nullptr);
        else
          return json(v);
      },
      answer);
}

namespace {

json write_where(const Where& w) { return w.on_card ? json{{"card", w.space}} : json{{"at", w.space}}; }

json write_piece_count(const PieceCount& pc) {
  json j = write_where(pc.where);
  j["unit"] = piece_name(pc.piece);
  j["count"] = pc.count;
  return j;
}

json write_piece_counts(const std::vector<PieceCount>& list) {
  json out = json::array();
  for (const auto& pc : list) out.push_back(write_piece_count(pc));
  return out;
}

json write_shield_op(const ShieldOp& op) {
  json j = write_where(op.where);
  j["op"] = name_in(kShieldOpNames, op.op);
  return j;
}

json write_transfer_of(const Transfer& t) { return json{{"card", t.card}, {"units", write_unit_counts(t.units)}}; }

}  // namespace

json write_action(const Action& action) {
  return std::visit(
      [](const auto& a) -> json {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, Consume>) {
          json j = {{"type", "consume"}, {"faction", a.faction}};
          if (!a.disband.empty()) j["disband"] = write_piece_counts(a.disband);
          return j;
        } else if constexpr (std::is_same_v<T, Place>) {
          json list = json::array();
          for (const auto& pl : a.placements) {
            json e = write_piece_count(pl.what);
            e["from"] = name_in(kTokenSourceNames, pl.from);
            if (pl.utility) e["utility"] = *pl.utility;
            list.push_back(std::move(e));
          }
          return {{"type", "place"},
                  {"faction", a.faction},
                  {"when", name_in(kPlacementTimeNames, a.when)},
                  {"placements", list}};
        } else if constexpr (std::is_same_v<T, Convert>) {
          json j = {{"type", "convert"},          {"faction", a.faction},   {"at", a.at},
                    {"from", piece_name(a.from)}, {"to", piece_name(a.to)}, {"count", a.count}};
          if (a.utility) j["utility"] = *a.utility;
          return j;
        } else if constexpr (std::is_same_v<T, Release>) {
          json j = write_piece_count(a.what);
          j["type"] = "release";
          j["faction"] = a.faction;
          return j;
        } else if constexpr (std::is_same_v<T, Muster>) {
          json j = {{"type", "muster"}, {"faction", a.faction}};
          if (!a.builds.empty()) j["builds"] = write_piece_counts(a.builds);
          if (!a.equip.empty()) {
            j["equip"] = json::array();
            for (const auto& e : a.equip) {
              json w = write_where(e.where);
              w["count"] = e.count;
              j["equip"].push_back(w);
            }
          }
          if (!a.shields.empty()) {
            j["shields"] = json::array();
            for (const auto& op : a.shields) j["shields"].push_back(write_shield_op(op));
          }
          if (!a.disband.empty()) j["disband"] = write_piece_counts(a.disband);
          return j;
        } else if constexpr (std::is_same_v<T, Rearm>) {
          json ops = json::array();
          for (const auto& op : a.shields) ops.push_back(write_shield_op(op));
          return {{"type", "rearm"}, {"faction", a.faction}, {"shield", ops}};
        } else if constexpr (std::is_same_v<T, Expose>) {
          return {{"type", "expose"}, {"faction", a.faction}, {"card", a.card}};
        } else if constexpr (std::is_same_v<T, Hide>) {
          return {{"type", "hide"}, {"faction", a.faction}, {"card", a.card}};
        } else if constexpr (std::is_same_v<T, Transfer>) {
          json j = write_transfer_of(a);
          j["type"] = "transfer";
          j["faction"] = a.faction;
          return j;
        } else {
          json j = {{"type", "end-exploration"}, {"faction", a.faction}};
          if (!a.discard.empty()) j["discard"] = a.discard;
          if (!a.transfers.empty()) {
            j["transfers"] = json::array();
            for (const auto& t : a.transfers) j["transfers"].push_back(write_transfer_of(t));
          }
          return j;
        }
      },
      action);
}

json write_query(const Query& query) {
  return std::visit(
      [](const auto& q) -> json {
        using T = std::decay_t<decltype(q)>;
        if constexpr (std::is_same_v<T, FriendlyAreaQuery>)
          return {{"type", "friendly-area"}, {"faction", q.faction}, {"purpose", activity_name(q.purpose)}};
        else if constexpr (std::is_same_v<T, HostileQuery>)
          return {{"type", "hostile"}, {"faction", q.faction}, {"at", q.at}};
        else if constexpr (std::is_same_v<T, MustExposeQuery>)
          return {{"type", "must-expose"},
                  {"faction", q.faction},
                  {"card", q.card},
                  {"situation", name_in(kExposureSituationNames, q.situation)}};
        else if constexpr (std::is_same_v<T, TieBreakQuery>)
          return {{"type", "tie-break"}, {"at", q.at}, {"sides", q.sides}};
        else if constexpr (std::is_same_v<T, BombableQuery>)
          return {{"type", "bombable"}, {"card", q.card}};
        else
          return {{"type", "support-cut"}, {"card", q.card}, {"by", name_in(kSupportCutterNames, q.by)}};
      },
      query);
}

json write_step(const solver::messina::Step& step) {
  if (const auto* a = std::get_if<Action>(&step)) return json{{"action", write_action(*a)}};
  return json{{"query", write_query(std::get<Query>(step))}};
}

std::optional<QueryAnswer> read_claimed_answer(const Query& query, const json& result) {
  if (std::holds_alternative<FriendlyAreaQuery>(query)) {
    if (!result.is_array()) return std::nullopt;
    std::vector<SpaceId> spaces;
    for (const auto& e : result) {
      if (!e.is_string()) return std::nullopt;
      spaces.push_back(e.get<std::string>());
    }
    return spaces;
  }
  if (std::holds_alternative<TieBreakQuery>(query)) {
    if (result.is_null()) return std::optional<FactionId>{};
    if (!result.is_string()) return std::nullopt;
    return std::optional<FactionId>{result.get<std::string>()};
  }
  if (!result.is_boolean()) return std::nullopt;
  return result.get<bool>();
}

}  // namespace rulecheck::messina
