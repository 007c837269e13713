#include "harness/subprocess.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "common/text.hpp"

namespace rulecheck {

namespace {

constexpr std::size_t kStderrKeep = 64 * 1024;  // between two take_stderr() calls

// The process groups of the Subprocesses alive (0: a free slot), for kill_every_child_group(), which
// a signal handler calls: lock-free atomics only.
constexpr std::size_t kTrackedGroups = 4096;
std::atomic<pid_t> g_groups[kTrackedGroups];

void track_group(pid_t group) {
  for (auto& slot : g_groups) {
    pid_t free = 0;
    if (slot.compare_exchange_strong(free, group)) return;
  }
}

void untrack_group(pid_t group) {
  for (auto& slot : g_groups) {
    pid_t mine = group;
    if (slot.compare_exchange_strong(mine, 0)) return;
  }
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

struct Pipe {
  UniqueFd read, write;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(fmt::format("cannot create a pipe: {}", std::strerror(errno)));
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

// Whether `command` is one simple command (words, quotes, redirections), which the shell may replace
// itself with: no operator (; & | ( ) newline, backquote), no leading assignment or keyword.
bool is_simple_command(std::string_view command) {
  char quote = 0;
  bool escaped = false;
  for (const char c : command) {
    if (escaped) {
      escaped = false;
    } else if (quote) {
      if (c == quote) quote = 0;
      else if (c == '\\' && quote == '"') escaped = true;
    } else if (c == '\\') {
      escaped = true;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (std::string_view(";&|()\n`").find(c) != std::string_view::npos) {
      return false;
    }
  }
  const std::size_t start = command.find_first_not_of(" \t");
  if (start == std::string_view::npos) return false;
  const std::string_view first = command.substr(start, command.find_first_of(" \t", start) - start);
  if (first.find('=') != std::string_view::npos) return false;  // NAME=value cmd
  for (const std::string_view keyword : {"if", "while", "until", "for", "case", "{", "!", "exec", "time"})
    if (first == keyword) return false;
  return !quote && !escaped;
}

// The line given to /bin/sh -c. A simple command is exec'd, so that the engine is sh's process
// itself: its exit status and signals are its own, and when it closes its stdout the pipe ends at
// once (a waiting sh would hold a copy open until the engine exits).
std::string shell_line(const std::string& command) {
  return is_simple_command(command) ? "exec " + command : command;
}

}  // namespace

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept {
  if (this != &other) {
    reset();
    fd_ = other.release();
  }
  return *this;
}

void UniqueFd::reset() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

int UniqueFd::release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

Subprocess::Subprocess(const std::string& command) {
  ::signal(SIGPIPE, SIG_IGN);  // a dead child makes write() fail with EPIPE instead
  const std::string line = shell_line(command);
  Pipe in = make_pipe(), out = make_pipe(), err = make_pipe();
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(fmt::format("cannot fork: {}", std::strerror(errno)));
  if (pid_ == 0) {
    ::setpgid(0, 0);
    ::signal(SIGPIPE, SIG_DFL);  // rulecheck ignores it (main.cpp); an engine gets the default back
    ::dup2(in.read.get(), 0);
    ::dup2(out.write.get(), 1);
    ::dup2(err.write.get(), 2);
    ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::setpgid(pid_, pid_);  // as the child does: the group exists before either goes on, so a kill reaches it
  track_group(pid_);
  in_ = std::move(in.write);
  out_ = std::move(out.read);
  err_ = std::move(err.read);
  set_nonblocking(in_.get());
  set_nonblocking(out_.get());
  set_nonblocking(err_.get());
}

Subprocess::~Subprocess() { kill(); }

bool Subprocess::wait_for_exit(int millis) {
  if (pid_ <= 0 || status_ != -1) return true;
  for (int waited = 0;; waited += 10) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      status_ = status;
      return true;
    }
    if (waited >= millis) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string Subprocess::exit_description() {
  if (!wait_for_exit(500)) return "closed its stdout (still running)";
  if (WIFEXITED(status_)) {
    const int code = WEXITSTATUS(status_);
    // The command runs under /bin/sh -c, which reports a child killed by signal N as 128 + N.
    if (code > 128 && code < 128 + 65)
      return fmt::format("exited with status {} (the engine was killed by signal {}: {})", code, code - 128,
                         ::strsignal(code - 128));
    return fmt::format("exited with status {}", code);
  }
  if (WIFSIGNALED(status_))
    return fmt::format("was killed by signal {} ({})", WTERMSIG(status_), ::strsignal(WTERMSIG(status_)));
  return "stopped";
}

void Subprocess::kill() {
  in_.reset();
  out_.reset();
  err_.reset();
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);  // its group: what it started too
  untrack_group(pid_);     // before the reaping frees the id for another process to take
  if (status_ == -1) {     // not reaped yet (once reaped, its pid may be another process's)
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status_, 0);
  }
  pid_ = -1;
}

void kill_every_child_group() noexcept {
  for (const auto& slot : g_groups)
    if (const pid_t group = slot.load(); group > 0) ::kill(-group, SIGKILL);
}

void LinePump::send(std::string_view line) {
  outbox_ += line;
  outbox_ += '\n';
}

void LinePump::write_now() {
  if (!sending() || process_->input() < 0) return;
  const ssize_t n = ::write(process_->input(), outbox_.data() + written_, outbox_.size() - written_);
  if (n <= 0) return;  // full (EAGAIN) or failing: pump() writes again and reports a failure
  written_ += static_cast<std::size_t>(n);
  if (written_ == outbox_.size()) {
    outbox_.clear();
    written_ = 0;
  }
}

LinePump::Event LinePump::pump(int millis) {
  // Output already read but not yet handed out: compact the buffer before reading more.
  if (read_ > 0) {
    inbox_.erase(0, read_);
    scanned_ -= read_;
    read_ = 0;
  }
  const bool line_over_cap = unfinished() > line_cap_;  // read no more: the caller gives up on the child
  pollfd fds[3] = {{line_over_cap ? -1 : process_->output(), POLLIN, 0},
                   {process_->errors(), POLLIN, 0},
                   {sending() ? process_->input() : -1, POLLOUT, 0}};
  const int ready = ::poll(fds, 3, millis);
  if (ready < 0) return Event::moved;  // EINTR: the caller looks again
  if (ready == 0) return Event::timed_out;
  char chunk[65536];
  if (fds[1].revents) read_stderr_once();
  if (fds[2].revents & (POLLOUT | POLLERR | POLLHUP)) {
    const ssize_t n = ::write(process_->input(), outbox_.data() + written_, outbox_.size() - written_);
    if (n > 0) {
      written_ += static_cast<std::size_t>(n);
      if (written_ == outbox_.size()) {
        outbox_.clear();
        written_ = 0;
      }
    } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
      write_error_ = std::strerror(errno);
      return Event::write_failed;
    }
  }
  if (fds[0].revents) {
    const ssize_t n = ::read(process_->output(), chunk, sizeof chunk);
    if (n == 0) return Event::output_closed;
    if (n > 0) inbox_.append(chunk, static_cast<std::size_t>(n));
  }
  return Event::moved;
}

LinePump::Got LinePump::next_line(std::string_view& line) {
  // Only the bytes not searched yet are searched (scanned_ >= read_ always).
  const void* newline = std::memchr(inbox_.data() + scanned_, '\n', inbox_.size() - scanned_);
  if (!newline) {
    scanned_ = inbox_.size();
    return unfinished() > line_cap_ ? Got::too_long : Got::none;
  }
  const std::size_t end = static_cast<std::size_t>(static_cast<const char*>(newline) - inbox_.data());
  scanned_ = end;  // a line too long stays unread: the next call finds the same newline at once
  std::string_view text(inbox_.data() + read_, end - read_);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  if (text.size() > line_cap_) return Got::too_long;
  line = text;
  read_ = scanned_ = end + 1;
  return Got::line;
}

std::string LinePump::unfinished_excerpt() const { return excerpt(std::string_view(inbox_).substr(read_)); }

bool LinePump::read_stderr_once() {
  if (process_->errors() < 0) return false;
  char chunk[65536];
  const ssize_t n = ::read(process_->errors(), chunk, sizeof chunk);
  if (n > 0) {
    const std::size_t room = kStderrKeep - std::min(kStderrKeep, stderr_.size());
    const std::size_t keep = std::min(room, static_cast<std::size_t>(n));
    stderr_.append(chunk, keep);
    stderr_dropped_ += static_cast<std::size_t>(n) - keep;
  }
  if (n == 0) process_->close_errors();
  return n > 0;
}

std::string LinePump::take_stderr(std::size_t* dropped) {
  // What the child wrote to stderr before its latest answer is in the pipe already (the pipe is
  // non-blocking, so this never waits): read it now, so that a line written before an answer is
  // never left for a later request, or lost when that answer is the last one.
  for (int chunks = 0; chunks < 16 && read_stderr_once(); ++chunks) {
  }
  // The protocol lets stderr hold anything; what is kept goes into UTF-8 reports.
  std::string out = valid_utf8(stderr_);
  if (stderr_dropped_ > 0)  // said where it was cut, and how much is missing (docs/engine-protocol.md)
    out += fmt::format("\n[rulecheck: stderr cut here: {} more byte(s) dropped; at most {} KiB are kept per answer]\n",
                       stderr_dropped_, kStderrKeep >> 10);
  if (dropped) *dropped = stderr_dropped_;
  stderr_.clear();
  stderr_dropped_ = 0;
  return out;
}

void LinePump::clear() {
  outbox_.clear();
  inbox_.clear();
  written_ = read_ = scanned_ = 0;
}

std::string excerpt(std::string_view line) {
  std::string s = valid_utf8(line.size() > 200 ? std::string(line.substr(0, 200)) + "..." : std::string(line));
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return printable(s);  // DEL and the C1 controls, which a terminal may also obey
}

}  // namespace rulecheck
