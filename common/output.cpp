#include "common/output.hpp"

#include <fcntl.h>
#include <unistd.h>

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

// A CheckedFile's buffer: 64 KiB, written with write(2), the first failure's errno kept.
class CheckedFile::Buffer final : public std::streambuf {
 public:
  explicit Buffer(int fd) : fd_(fd) { setp(space_, space_ + sizeof space_); }
  ~Buffer() override {
    if (fd_ >= 0) ::close(fd_);
  }
  int first_error() const { return error_; }
  // Writes what is buffered; false once any write failed.
  bool drain() {
    const char* from = pbase();
    while (from < pptr() && error_ == 0) {
      const ssize_t n = ::write(fd_, from, static_cast<std::size_t>(pptr() - from));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) error_ = n < 0 ? errno : EIO;
      else from += n;
    }
    setp(space_, space_ + sizeof space_);  // what could not be written is dropped: the file is failed
    return error_ == 0;
  }
  int close_fd() {
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0 && error_ == 0) error_ = errno;
    return error_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  int fd_;
  int error_ = 0;
  char space_[1 << 16];
};

CheckedFile::CheckedFile(const std::filesystem::path& file) : std::ostream(nullptr) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw OutputError(fmt::format("cannot write {}: {}", file.string(), std::strerror(errno)));
  buffer_ = std::make_unique<Buffer>(fd);
  rdbuf(buffer_.get());
}

CheckedFile::~CheckedFile() { rdbuf(nullptr); }

void CheckedFile::close_checked(std::string_view name) {
  flush_checked(*this, name);
  if (const int error = buffer_->close_fd(); error != 0) {
    setstate(std::ios::badbit);
    throw OutputError(fmt::format("cannot write {}: {}", name, reason(error)));
  }
}

namespace {

// The errno of the first write to `out` that failed, when its buffer keeps it (standard output, a
// CheckedFile); else `now` (errno just after the failing call).
int first_error_of(std::ostream& out, int now) {
  if (auto* file = dynamic_cast<CheckedFile::Buffer*>(out.rdbuf()); file && file->first_error() != 0)
    return file->first_error();
  if (dynamic_cast<StdoutBuffer*>(out.rdbuf()) && g_stdout_errno != 0) return g_stdout_errno;
  return now;
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
  if (out.fail()) throw OutputError(fmt::format("cannot write {}: {}", name, reason(first_error_of(out, error))));
}

void write_checked(std::ostream& out, std::string_view text, std::string_view name) {
  if (out.fail()) throw OutputError(fmt::format("cannot write {}: {}", name, reason(first_error_of(out, 0))));
  errno = 0;
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (out.fail()) throw OutputError(fmt::format("cannot write {}: {}", name, reason(first_error_of(out, errno))));
}

}  // namespace rulecheck
