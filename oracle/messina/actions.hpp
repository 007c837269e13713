// Messina actions and queries. Each carries every choice the rules leave to a player.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "oracle/messina/model.hpp"

namespace rulecheck::messina {

// A map space, or the Location Card of a space.
struct Where {
  SpaceId space;
  bool on_card = false;
  bool operator==(const Where&) const = default;  // the same space, and both on its card or both on the map
};

struct PieceCount {
  Where where;
  Piece piece = Piece::civilian;
  int count = 1;
};

struct Consume {
  FactionId faction;
  std::vector<PieceCount> disband;  // step 3's choice
};

enum class PlacementTime { industry, before_orders, home_defence };
enum class TokenSource { spare, disaffected };

struct Placement {
  PieceCount what;
  TokenSource from = TokenSource::spare;
  // Workers: the owner of the Utility they occupy (absent: the placing faction's own).
  std::optional<FactionId> utility;
};

struct Place {
  FactionId faction;
  PlacementTime when = PlacementTime::industry;
  std::vector<Placement> placements;
};

struct Convert {
  FactionId faction;
  SpaceId at;
  Piece from = Piece::civilian;
  Piece to = Piece::worker;
  int count = 1;
  // to a Worker: the owner of the Utility it occupies (absent: the converting faction's own).
  std::optional<FactionId> utility;
};

struct Release {
  FactionId faction;
  PieceCount what;
};

enum class ShieldOpKind { build, upgrade };
struct ShieldOp {
  Where where;  // a card here is always illegal (messina.cards.no-structures)
  ShieldOpKind op = ShieldOpKind::build;
};

struct Equip {
  Where where;
  int count = 1;
};

struct Muster {
  FactionId faction;
  std::vector<PieceCount> builds;
  std::vector<Equip> equip;
  std::vector<ShieldOp> shields;
  std::vector<PieceCount> disband;
};

struct Rearm {
  FactionId faction;
  std::vector<ShieldOp> shields;  // at most the ruleset's shield_ops_per_rearm
};

struct Expose {
  FactionId faction;
  SpaceId card;
};

struct Hide {
  FactionId faction;
  SpaceId card;
};

struct Transfer {
  FactionId faction;
  SpaceId card;
  UnitCounts units;
};

struct EndExploration {
  FactionId faction;
  std::vector<Transfer> transfers;
  std::vector<SpaceId> discard;
};

using Action = std::variant<Consume, Place, Convert, Release, Muster, Rearm, Expose, Hide, Transfer, EndExploration>;

// ---- queries ----

struct FriendlyAreaQuery {
  FactionId faction;
  Activity purpose = Activity::muster;
};

struct HostileQuery {
  FactionId faction;
  SpaceId at;
};

enum class ExposureSituation {
  utility_build,
  muster_on_map,
  muster_onto_card,
  connect,
  obstruction,
  march,
  demolition,
  military_effect,
  battle,
  no_response
};

struct MustExposeQuery {
  FactionId faction;
  SpaceId card;
  ExposureSituation situation = ExposureSituation::battle;
};

struct TieBreakQuery {
  SpaceId at;
  std::vector<FactionId> sides;
};

struct BombableQuery {
  SpaceId card;
};

enum class SupportCutter { missile, bomb, march, support };
struct SupportCutQuery {
  SpaceId card;
  SupportCutter by = SupportCutter::missile;
};

using Query =
    std::variant<FriendlyAreaQuery, HostileQuery, MustExposeQuery, TieBreakQuery, BombableQuery, SupportCutQuery>;

// What a query answers: a sorted list of spaces, a yes/no, or a faction (or nobody).
using QueryAnswer = std::variant<std::vector<SpaceId>, bool, std::optional<FactionId>>;

}  // namespace rulecheck::messina
