// Writing checked: every command's standard output and report files. A write that fails (a full disk,
// /dev/full, a closed pipe) is rulecheck's problem, exit 3, naming the reason; never a silent exit 0
// with part of the output.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
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

// A file written through a buffer of its own (not std::ofstream's) that keeps the errno of the first
// write that failed, so that flush_checked() and write_checked() name the system's reason ("No space
// left on device") however long ago it happened, never only "an earlier write failed".
class CheckedFile final : public std::ostream {
 public:
  // Creates (or truncates) `file`, mode 0644 less the umask; throws OutputError("cannot write FILE:
  // REASON") when it cannot.
  explicit CheckedFile(const std::filesystem::path& file);
  ~CheckedFile() override;
  CheckedFile(const CheckedFile&) = delete;
  CheckedFile& operator=(const CheckedFile&) = delete;
  // Flushes and closes the file; throws OutputError naming `name` and the first failure's reason.
  void close_checked(std::string_view name);
  class Buffer;

 private:
  std::unique_ptr<Buffer> buffer_;
};

}  // namespace rulecheck
