// The cross-check's pass path on text: an engine's answer that is, byte for byte, the answer line the
// oracle writes (key-sorted compact JSON, harness/pipeline.hpp) is judged without being parsed, since
// reading it would give exactly the oracle's outcome. Anything else (another key order, spacing, 1.0
// for 1, a key twice, a field more or less) is parsed and compared field by field.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "harness/pipeline.hpp"

namespace rulecheck {

// Whether `engine_line` may be judged as the oracle's own answer `oracle` without being read: it is the
// oracle's line byte for byte, and no entry of `rule_map` (--rule-map: the engine's codes -> clause ids)
// would read the rule it names as another clause.
bool judged_on_text(std::string_view engine_line, const OracleAnswer& oracle,
                    const std::map<std::string, std::string>& rule_map);

// Whether judging the oracle's outcome of `step` against the step's expectation looks at the next state
// (a "state" in the expectation or in one of its alternatives): only then is the last step's next state
// built as a value beside its text.
bool expectation_reads_state(const json& expect);

// The protocol request line cross_check sends (id and game are plain: digits, dots, letters).
void append_request_line(std::string& out, std::string_view id, bool is_query, std::string_view game,
                         std::string_view ruleset, std::string_view readings, std::string_view state,
                         std::string_view request);

}  // namespace rulecheck
