// `rulecheck serve`: the oracle behind the engine protocol, on any pair of streams.
#pragma once

#include <iosfwd>

#include "harness/rules_data.hpp"

namespace rulecheck {

// Answers protocol requests from `in` on `out` until "bye" or end of input. Malformed requests
// get {"id": ..., "error": "..."} and the loop goes on; so does a request line longer than
// kMaxLineBytes (common/bounded_read.hpp), which is never held whole. Output is flushed whenever no
// further input is waiting, so pipelined requests are answered in batches; a write that fails throws
// OutputError (common/output.hpp).
// `wait_fd` (>= 0: the descriptor `in` reads): between requests serve waits on it with poll(), so
// that a signal caught by harness/interrupt.hpp ends the session there (every answer written and
// flushed); it returns 128 + the signal then, else 0.
int serve(std::istream& in, std::ostream& out, const RulesLibrary& library, const std::string& version,
          int wait_fd = -1);

}  // namespace rulecheck
