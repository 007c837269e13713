#include "common/game.hpp"

#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "common/json_io.hpp"

namespace rulecheck {

json state_json(std::string_view text) {
  json state = parse_json_lenient(text);
  if (state.is_discarded()) throw InputError("/state", "the state is not JSON text");
  return state;
}

ApplyOutcome BoundRules::apply_text(std::string_view state, const json& action, NextState wanted) const {
  return apply_as(state_json(state), action, wanted);
}

json BoundRules::query_text(std::string_view state, const json& query) const {
  return this->query(state_json(state), query);
}

}  // namespace rulecheck
