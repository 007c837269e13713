#include "harness/answer_text.hpp"

namespace rulecheck {

bool judged_on_text(std::string_view engine_line, const OracleAnswer& oracle,
                    const std::map<std::string, std::string>& rule_map) {
  if (oracle.line.empty() || engine_line != oracle.line) return false;
  if (rule_map.empty()) return true;
  // The engine's rule codes are mapped before they are compared: the oracle's clause id given back is
  // read as the clause the map names for it, which may be another.
  const auto rule = oracle.outcome.find("rule");
  return rule == oracle.outcome.end() || !rule->is_string() || !rule_map.contains(rule->get<std::string>());
}

bool expectation_reads_state(const json& expect) {
  if (!expect.is_object()) return false;
  if (expect.contains("state")) return true;
  const auto alternatives = expect.find("one_of");
  if (alternatives == expect.end() || !alternatives->is_array()) return false;
  for (const json& alternative : *alternatives)
    if (alternative.is_object() && alternative.contains("state")) return true;
  return false;
}

void append_request_line(std::string& out, std::string_view id, bool is_query, std::string_view game,
                         std::string_view ruleset, std::string_view readings, std::string_view state,
                         std::string_view request) {
  out.reserve(out.size() + 96 + id.size() + game.size() + ruleset.size() + readings.size() + state.size() +
              request.size());
  out += R"({"id":")";
  out += id;
  out += is_query ? R"(","op":"query","game":")" : R"(","op":"apply","game":")";
  out += game;
  out += R"(","ruleset":)";
  out += ruleset;
  out += R"(,"interpretations":)";
  out += readings;
  out += R"(,"state":)";
  out += state;
  out += is_query ? R"(,"query":)" : R"(,"action":)";
  out += request;
  out += '}';
}

}  // namespace rulecheck
