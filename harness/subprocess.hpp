// A child process behind three pipes, and a pump that moves lines to and from it without ever
// blocking on one pipe while the other fills (so a slow reader never deadlocks a fast writer).
// Descriptors are closed and the child's process group is killed by RAII.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

namespace rulecheck {

// A file descriptor that closes itself.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept;
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }
  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  void reset();
  int release();

 private:
  int fd_ = -1;
};

// `/bin/sh -c COMMAND` in a process group of its own, its stdin, stdout and stderr on non-blocking
// pipes. Destroying it kills the whole group and reaps the child.
class Subprocess {
 public:
  // Throws std::runtime_error when the pipes or the process cannot be made.
  explicit Subprocess(const std::string& command);
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;
  ~Subprocess();

  int input() const { return in_.get(); }
  int output() const { return out_.get(); }
  int errors() const { return err_.get(); }
  void close_input() { in_.reset(); }
  void close_errors() { err_.reset(); }

  // Waits up to `millis` for the child to exit by itself; true if it has.
  bool wait_for_exit(int millis);
  // How the child ended ("exited with status 3", "was killed by signal 9 (Killed)"), waiting up
  // to half a second for its status; "closed its output" when it is still running.
  std::string exit_description();
  // Kills the process group and reaps the child (idempotent).
  void kill();

 private:
  pid_t pid_ = -1;
  int status_ = -1;  // the wait status once reaped
  UniqueFd in_, out_, err_;
};

// Moves lines between the caller and a Subprocess. It is the one reader of an engine's stdout, while
// it starts as after: no line is held past `line_cap` bytes, and each byte is searched for a newline
// once, however the line comes (a line of 16 MiB read 64 KiB at a time is not searched 256 times).
class LinePump {
 public:
  enum class Event { moved, timed_out, output_closed, write_failed };
  enum class Got { line, none, too_long };

  LinePump(Subprocess& process, std::size_t line_cap) : process_(&process), line_cap_(line_cap) {}

  // Queues `line` and a newline for the child's stdin.
  void send(std::string_view line);
  // Writes what is queued as far as the pipe takes it now, without waiting, so that the child can
  // start on a request while the next is being made. A write error is left for pump() to report.
  void write_now();
  bool sending() const { return written_ < outbox_.size(); }
  // Waits up to `millis` for the child to be readable or writable, then moves what it can:
  // queued input into stdin, stdout into the line buffer, stderr into the stderr buffer. Once the
  // line under way holds more than the cap, stdout is read no more (at most the cap and one read are
  // ever held): next_line() says too_long, and the caller gives up on the child.
  Event pump(int millis);
  // The next whole line the child wrote, in `line` (its newline and a trailing '\r' dropped; valid
  // until the next call of pump() or next_line()): `line`; `none` while it is unfinished; `too_long`
  // when it holds more than the cap, ended or not (and on every call after).
  Got next_line(std::string_view& line);
  std::size_t line_cap() const { return line_cap_; }
  // Bytes of a line the child has started but not ended.
  std::size_t unfinished() const { return inbox_.size() - read_; }
  std::string unfinished_excerpt() const;
  // What the child wrote to stderr since the last call, including what waits in the pipe now.
  // At most 64 KiB are kept between two calls: past that the text ends with a line saying it was
  // cut there and how many bytes were dropped, and `dropped` (when given) is set to that number.
  std::string take_stderr(std::size_t* dropped = nullptr);
  // Forgets queued input and unread output (after a fault the requests are sent again).
  void clear();
  const std::string& write_error() const { return write_error_; }

 private:
  // Reads one chunk of stderr if there is one; false when there was none (or stderr closed).
  bool read_stderr_once();

  Subprocess* process_;
  std::size_t line_cap_;
  std::string outbox_, inbox_, stderr_;
  std::size_t written_ = 0, read_ = 0;
  std::size_t scanned_ = 0;  // inbox_ from read_ up to here holds no newline (searched already)
  std::size_t stderr_dropped_ = 0;  // bytes of stderr past the 64 KiB kept since the last take_stderr
  std::string write_error_;
};

// Kills (SIGKILL) the process group of every Subprocess alive now. Async-signal-safe: a second
// signal calls it before rulecheck ends at once, so that no engine (or a child it started) is left
// running with no parent. At most 4096 groups are tracked; past that a group is killed only by its
// Subprocess's destructor.
void kill_every_child_group() noexcept;

// A line cut to 200 characters with control characters blanked, for messages.
std::string excerpt(std::string_view line);

}  // namespace rulecheck
