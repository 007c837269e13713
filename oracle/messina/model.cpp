#include "oracle/messina/model.hpp"

#include <stdexcept>

namespace rulecheck::messina {

namespace {
template <typename Enum, std::size_t N>
std::optional<Enum> lookup(const std::array<std::pair<Enum, std::string_view>, N>& table,
                           std::string_view name) {
  for (const auto& [value, text] : table)
    if (text == name) return value;
  return std::nullopt;
}
template <typename Enum, std::size_t N>
std::string_view name_of(const std::array<std::pair<Enum, std::string_view>, N>& table, Enum value) {
  for (const auto& [v, text] : table)
    if (v == value) return text;
  return "?";
}

constexpr std::array<std::pair<Piece, std::string_view>, 6> kPieceNames = {{
    {Piece::civilian, "civilian"}, {Piece::infantry, "infantry"}, {Piece::bomber, "bomber"},
    {Piece::fighter, "fighter"},   {Piece::mech, "mech"},         {Piece::worker, "worker"}}};
constexpr std::array<std::pair<Activity, std::string_view>, 5> kActivityNames = {{
    {Activity::muster, "muster"}, {Activity::build, "build"}, {Activity::workers, "workers"},
    {Activity::civilians, "civilians"}, {Activity::military, "military"}}};
constexpr std::array<std::pair<Phase, std::string_view>, 11> kPhaseNames = {{
    {Phase::unspecified, ""}, {Phase::muster, "muster"}, {Phase::consumption, "consumption"},
    {Phase::industry, "industry"}, {Phase::orders, "orders"},
    {Phase::bonus_military_action, "bonus-military-action"}, {Phase::battle, "battle"},
    {Phase::between_mil_ops, "between-mil-ops"}, {Phase::mil_ops, "mil-ops"},
    {Phase::exploration_end, "exploration-end"}, {Phase::rearm, "rearm"}}};
}  // namespace

std::string_view piece_name(Piece piece) { return name_of(kPieceNames, piece); }
std::optional<Piece> piece_from_name(std::string_view name) { return lookup(kPieceNames, name); }
std::string_view activity_name(Activity a) { return name_of(kActivityNames, a); }
std::optional<Activity> activity_from_name(std::string_view name) {
  return lookup(kActivityNames, name);
}
std::string_view phase_name(Phase p) { return name_of(kPhaseNames, p); }
std::optional<Phase> phase_from_name(std::string_view name) {
  if (name.empty()) return std::nullopt;
  return lookup(kPhaseNames, name);
}

int UnitCounts::total() const {
  int sum = 0;
  for (int n : count) sum += n;
  return sum;
}

const UnitSpec& Ruleset::unit(Piece p) const {
  auto it = units.find(p);
  if (it == units.end()) throw std::logic_error("ruleset has no entry for a unit kind");
  return it->second;
}

}  // namespace rulecheck::messina
