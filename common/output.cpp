#include "common/output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <streambuf>

#include <fmt/format.h>

namespace rulecheck {

namespace {

int g_stdout_errno = 0;  // why a write to standard output first failed; 0 while none has

void remember(int error) {
  if (g_stdout_errno == 0) g_stdout_errno = error != 0 ? error : EIO;
}

// std::cout's buffer: every byte straight to C's stdout (so fmt::print and std::cout keep their order),
// each failure's errno remembered.
class StdoutBuffer final : public std::streambuf {
 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    errno = 0;
    if (std::fputc(c, stdout) == EOF) {
      remember(errno);
      return traits_type::eof();
    }
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    errno = 0;
    const std::size_t written = std::fwrite(s, 1, static_cast<std::size_t>(n), stdout);
    if (written < static_cast<std::size_t>(n)) remember(errno);
    return static_cast<std::streamsize>(written);
  }
  int sync() override {
    errno = 0;
    if (std::fflush(stdout) == 0) return 0;
    remember(errno);
    return -1;
  }
};

std::string reason(int error) {
  // A stream that failed earlier keeps its failbit but not errno: say so rather than guess.
  return error != 0 ? std::strerror(error) : "an earlier write failed";
}

}  // namespace

void remember_standard_output_errors() {
  // Never destroyed: std::cout is flushed after every static object of this program is gone (by
  // std::ios_base::Init's destructor), and must still find its buffer then.
  static StdoutBuffer* const buffer = new StdoutBuffer();
  std::cout.rdbuf(buffer);
}

void note_standard_output_error(int error) { remember(error); }

void flush_standard_output() {
  errno = 0;
  std::cout.flush();  // with sync_with_stdio(false) std::cout has a buffer of its own
  int error = errno;
  const bool stream_failed = std::cout.fail();
  errno = 0;
  const bool flush_failed = std::fflush(stdout) != 0;
  if (flush_failed && error == 0) error = errno;
  if (g_stdout_errno != 0) error = g_stdout_errno;  // the first failure's reason
  if (stream_failed || flush_failed || std::ferror(stdout))
    throw OutputError(fmt::format("cannot write standard output: {}", reason(error)));
}

void flush_checked(std::ostream& out, std::string_view name) {
  int error = 0;
  if (!out.fail()) {
    errno = 0;
    out.flush();
    error = errno;
  }
  if (out.fail()) throw OutputError(fmt::format("cannot write {}: {}", name, reason(error)));
}

void write_checked(std::ostream& out, std::string_view text, std::string_view name) {
  if (out.fail()) throw OutputError(fmt::format("cannot write {}: {}", name, reason(0)));
  errno = 0;
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (out.fail()) throw OutputError(fmt::format("cannot write {}: {}", name, reason(errno)));
}

}  // namespace rulecheck
