// An engine's hello answer, read field by field with its type: a hello that breaks the protocol is
// one clear error naming the engine and the field, never a JSON library's message on every case.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/engine_declarations.hpp"

namespace rulecheck {

using json = nlohmann::json;

struct EngineHello {
  std::string name;
  std::string version;
  std::vector<std::string> games;
  json interpretations = json::object();
  EngineDeclarations declared;      // its optional declarations (harness/engine_declarations.hpp)
  std::vector<std::string> banner;  // non-JSON lines printed before the hello answer
};

// The engine answered hello, and its answer cannot be used: a field of the wrong type, no "name", no
// "games", another protocol. Not a fault of one case: no case can run on that engine.
class HelloError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The hello answer `answer` (a JSON object as read_engine_line reads it, its strings capped or not) of
// the engine run by `command`. Throws HelloError naming the command and the field: "name" (a string, not empty),
// "protocol" (1, when given), "version" (a string, when given), "games" (a list of strings),
// "interpretations" (when given: an object whose values are a string or a list of strings), and the
// declarations (read_declarations: "moves", "not_modelled", "fixed_ruleset", "unit_ids"). Fields
// the protocol does not have are left to `engine check`. The name and version are capped at
// kMaxEngineName bytes, the games and interpretations at kMaxEngineText (harness/engine_line.hpp).
EngineHello read_hello(const json& answer, const std::string& command);

// How `after` (the hello of a restarted engine) differs from `before`, in words ("its \"version\" was
// \"1\", now \"2\""); empty when it says the same (banner lines are not compared).
std::string hello_change(const EngineHello& before, const EngineHello& after);

}  // namespace rulecheck
