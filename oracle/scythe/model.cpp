#include "oracle/scythe/model.hpp"

namespace rulecheck::scythe {

std::string_view unit_name(Unit u) {
  switch (u) {
    case Unit::character: return "character";
    case Unit::mech: return "mech";
    case Unit::worker: return "worker";
  }
  return "?";
}

std::optional<Unit> unit_from_name(std::string_view name) {
  for (Unit u : kUnits)
    if (unit_name(u) == name) return u;
  return std::nullopt;
}

}  // namespace rulecheck::scythe
