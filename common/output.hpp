// Writing checked: every command's standard output and report files. A write that fails (a full disk,
// /dev/full, a closed pipe) is rulecheck's problem, exit 3, naming the reason; never a silent exit 0
// with part of the output.
#pragma once

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rulecheck {

// "cannot write standard output: No space left on device"; main.cpp prints it and exits 3.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Routes std::cout through C's stdout (as the default does) by a buffer that remembers why a write
// failed, so the reason can be named however long ago it happened. Call once, first thing in main.
void remember_standard_output_errors();

// Records why a write to standard output failed where it was found (fmt::print throws
// std::system_error with the reason; main.cpp passes it here).
void note_standard_output_error(int error);

// Flushes std::cout and C's stdout (fmt::print writes there); throws OutputError when this flush or
// any earlier write to standard output failed.
void flush_standard_output();

// The same for one stream (a report file): flushes `out`, and throws OutputError("cannot write
// NAME: REASON") when this flush or an earlier write to it failed.
void flush_checked(std::ostream& out, std::string_view name);

// Writes `text` to `out` (unflushed); throws OutputError("cannot write NAME: REASON") when it fails.
void write_checked(std::ostream& out, std::string_view text, std::string_view name);

}  // namespace rulecheck
