#include "cli/convention_marks.hpp"

#include <algorithm>

#include "common/input_error.hpp"
#include "common/json_io.hpp"

namespace rulecheck::cli {

using json = nlohmann::json;

void mark_conventions(json& found, const std::filesystem::path& rules, const std::string& game) {
  const std::filesystem::path file = rules / game / "conventions.json";
  if (!std::filesystem::exists(file)) return;
  const json data = read_json_file(file);
  if (!data.is_object() || !data.contains("conventions") || !data["conventions"].is_array())
    throw InputError(file.string(),
                     "expected an object with a \"conventions\" array (rules/schema/conventions.schema.json)");
  for (auto& f : found) {
    if (!f.contains("signature")) continue;
    // A finding the discovery search found a convention to separate already names it
    // (solver/messina/discovery.hpp); any other, a convention listing its signature.
    const std::string named = f.value("convention", "");
    for (const auto& c : data["conventions"]) {
      const json signatures = c.is_object() ? c.value("signatures", json::array()) : json::array();
      const bool listed = std::find(signatures.begin(), signatures.end(), f["signature"]) != signatures.end();
      if (named.empty() ? !listed : c.value("id", "") != named) continue;
      f["convention"] = c.value("id", "");
      f["convention_choice"] = c.value("choice", "");
      f["convention_question"] = c.value("question", "");
    }
  }
}

}  // namespace rulecheck::cli
