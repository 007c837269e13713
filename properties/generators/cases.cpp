#include <stdexcept>

#include "properties/generators/generated_case.hpp"

namespace rulecheck::generators {

rc::Gen<GeneratedCase> cases_of(const std::string& game, const json& ruleset, const CaseOptions& options) {
  if (game == "messina") return messina_cases(ruleset, options);
  if (game == "scythe") return scythe_cases(ruleset, options);
  throw std::invalid_argument("no generator of cases for the game \"" + game + "\"");
}

}  // namespace rulecheck::generators
