// What the cross-check reads besides the engine's answers' contents, and what it writes for a shell:
// an answer's shape against protocol/schema/answer.schema.json (--strict-protocol), a --rule-map file,
// and the quoting of the commands a report prints (harness/cross_check.hpp).
#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"
#include "harness/cross_check.hpp"

namespace rulecheck {

std::string answer_shape_problem(const json& a, bool is_query) {
  if (!a.is_object()) return "an answer is a JSON object";
  if (!a.contains("id") || !a["id"].is_string()) return "an answer carries the request's \"id\" string";
  int shapes = 0;
  for (const char* key : {"legal", "result", "unsupported", "error"}) shapes += a.contains(key) ? 1 : 0;
  if (shapes != 1) return "an answer has exactly one of \"legal\", \"result\", \"unsupported\" or \"error\"";
  for (const auto& [key, value] : a.items()) {
    static const char* kAllowed[] = {"id", "legal", "state", "rule", "reason", "result", "unsupported", "error"};
    if (std::none_of(std::begin(kAllowed), std::end(kAllowed), [&, &key = key](const char* k) { return key == k; }))
      return fmt::format("unknown field \"{}\" (allowed: id, legal, state, rule, reason, result, unsupported, error)",
                         key);
  }
  if (a.contains("reason") && !a["reason"].is_string()) return "\"reason\" is a string";
  if ((a.contains("unsupported") && !a["unsupported"].is_string()) || (a.contains("error") && !a["error"].is_string()))
    return "\"unsupported\" and \"error\" carry a string saying why";
  if (a.contains("result") && !is_query) return "an apply is answered with \"legal\", not \"result\"";
  if (a.contains("legal") && is_query) return "a query is answered with \"result\", not \"legal\"";
  if (a.contains("legal")) {
    if (!a["legal"].is_boolean()) return "\"legal\" is true or false";
    const bool legal = a["legal"].get<bool>();
    if (legal && (!a.contains("state") || !a["state"].is_object() || a.contains("rule")))
      return "a legal answer carries the next \"state\" (an object) and no \"rule\"";
    if (!legal && (!a.contains("rule") || !a["rule"].is_string() || a.contains("state")))
      return "an illegal answer carries the \"rule\" (a string) and no \"state\"";
  } else if (a.contains("state") || a.contains("rule")) {
    return "\"state\" and \"rule\" belong to an answer with \"legal\"";
  }
  return "";
}

std::pair<std::string, std::map<std::string, std::string>> read_rule_map(const std::filesystem::path& file) {
  const json doc = read_json_file(file);
  try {
    const JsonReader r(doc, "");
    r.expect_object().only({"engine", "rules"});
    std::map<std::string, std::string> map;
    for (const auto& [code, clause] : r.field("rules").members()) map[code] = clause.string();
    return {r.field("engine").string(), map};
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{} at {}: {}", file.string(), e.pointer(), e.what()));
  }
}

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+") ==
                        std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace rulecheck
