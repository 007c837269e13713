#include "harness/engine.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

namespace rulecheck {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kStderrKeep = 64 * 1024;  // per request

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::string excerpt(const std::string& line) {
  std::string s = line.size() > 200 ? line.substr(0, 200) + "..." : line;
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return s;
}

int millis_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 60'000));
}

}  // namespace

EngineProcess::EngineProcess(EngineOptions options) : options_(std::move(options)) {
  ::signal(SIGPIPE, SIG_IGN);  // a dead engine makes write() fail with EPIPE instead
}

EngineProcess::~EngineProcess() { stop(); }

void EngineProcess::spawn() {
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) || ::pipe2(out, O_CLOEXEC) || ::pipe2(err, O_CLOEXEC))
    throw std::runtime_error(fmt::format("cannot create pipes: {}", std::strerror(errno)));
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(fmt::format("cannot fork: {}", std::strerror(errno)));
  if (pid_ == 0) {
    ::setpgid(0, 0);
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::dup2(err[1], 2);
    ::execl("/bin/sh", "sh", "-c", options_.command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
  engine_stderr_ = err[0];
  set_nonblocking(to_engine_);
  set_nonblocking(from_engine_);
  set_nonblocking(engine_stderr_);
  read_buffer_.clear();
  stderr_buffer_.clear();
  exit_status_ = -1;
}

std::string EngineProcess::exit_description() {
  if (pid_ > 0 && exit_status_ == -1) {
    int status = 0;
    for (int i = 0; i < 50; ++i) {  // up to 0.5 s for the exit status to be there
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        exit_status_ = status;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  if (exit_status_ == -1) return "closed its output";
  if (WIFEXITED(exit_status_)) {
    const int code = WEXITSTATUS(exit_status_);
    // The engine runs under /bin/sh -c, which reports a child killed by signal N as 128 + N.
    if (code > 128 && code < 128 + 65)
      return fmt::format("exited with status {} (the engine was killed by signal {}: {})", code, code - 128,
                         ::strsignal(code - 128));
    return fmt::format("exited with status {}", code);
  }
  if (WIFSIGNALED(exit_status_)) return fmt::format("was killed by signal {} ({})", WTERMSIG(exit_status_),
                                                    ::strsignal(WTERMSIG(exit_status_)));
  return "stopped";
}

void EngineProcess::kill_child() {
  close_fd(to_engine_);
  close_fd(from_engine_);
  close_fd(engine_stderr_);
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    if (exit_status_ == -1) ::waitpid(pid_, nullptr, 0);
  }
  pid_ = -1;
}

const EngineHello& EngineProcess::start() {
  spawn();
  const std::string hello = "{\"op\":\"hello\",\"protocol\":1}\n";
  if (::write(to_engine_, hello.data(), hello.size()) != static_cast<ssize_t>(hello.size()))
    throw std::runtime_error(fmt::format("cannot send hello to '{}': {}", options_.command, exit_description()));
  hello_ = EngineHello{};
  const auto deadline = Clock::now() + options_.timeout;
  while (true) {
    const auto nl = read_buffer_.find('\n');
    if (nl != std::string::npos) {
      const std::string line = read_buffer_.substr(0, nl);
      read_buffer_.erase(0, nl + 1);
      json j = json::parse(line, nullptr, false);
      if (j.is_discarded() || !j.is_object()) {
        if (!line.empty() && hello_.banner.size() < 100) hello_.banner.push_back(excerpt(line));
        continue;
      }
      if (!j.contains("name") || !j["name"].is_string())
        throw std::runtime_error(fmt::format("'{}' answered hello without a \"name\" string: {}", options_.command,
                                             excerpt(line)));
      hello_.name = j["name"];
      hello_.version = j.value("version", "");
      if (j.contains("games") && j["games"].is_array())
        for (const auto& g : j["games"])
          if (g.is_string()) hello_.games.push_back(g);
      if (j.contains("interpretations") && j["interpretations"].is_object()) hello_.interpretations = j["interpretations"];
      return hello_;
    }
    pollfd fds[2] = {{from_engine_, POLLIN, 0}, {engine_stderr_, POLLIN, 0}};
    if (::poll(fds, 2, millis_until(deadline)) == 0)
      throw std::runtime_error(fmt::format("'{}' did not answer hello within {} ms", options_.command,
                                           options_.timeout.count()));
    char chunk[65536];
    if (fds[1].revents) {
      const ssize_t n = ::read(engine_stderr_, chunk, sizeof chunk);
      if (n > 0 && stderr_buffer_.size() < kStderrKeep) stderr_buffer_.append(chunk, static_cast<std::size_t>(n));
    }
    if (fds[0].revents) {
      const ssize_t n = ::read(from_engine_, chunk, sizeof chunk);
      if (n == 0) {
        const std::string why = exit_description();
        throw std::runtime_error(fmt::format("'{}' {} before answering hello{}", options_.command, why,
                                             stderr_buffer_.empty() ? "" : "; its stderr: " + excerpt(stderr_buffer_)));
      }
      if (n > 0) read_buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }
}

void EngineProcess::restart() {
  kill_child();
  ++restarts_;
  start();
}

void EngineProcess::stop() {
  if (pid_ <= 0) return;
  const std::string bye = "{\"op\":\"bye\"}\n";
  if (to_engine_ >= 0) (void)!::write(to_engine_, bye.data(), bye.size());
  close_fd(to_engine_);
  for (int i = 0; i < 100 && exit_status_ == -1; ++i) {  // up to 1 s to exit by itself
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) exit_status_ = status;
    else std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill_child();
}

const std::optional<json>& EngineAnswer::answer() {
  if (!parsed && !line.empty()) {
    json j = json::parse(line, nullptr, false);
    if (!j.is_discarded() && j.is_object()) parsed = std::move(j);
  }
  return parsed;
}

void EngineProcess::exchange(const RequestSource& source,
                             const std::function<void(std::size_t, EngineAnswer)>& on_answer) {
  struct Pending {
    std::size_t index;
    std::string id;
    Clock::time_point sent;
  };
  std::deque<Pending> outstanding;
  std::size_t next = 0;
  bool source_done = false;
  std::string wbuf, line, id;
  std::size_t woff = 0;
  auto last_progress = Clock::now();
  bool engine_usable = pid_ > 0;
  std::string unusable_reason = "the engine is not running";

  // The oldest outstanding request gets `fault`; the engine restarts; the rest are sent again.
  auto fail_front = [&](const std::string& fault) {
    const std::size_t index = outstanding.front().index;
    EngineAnswer a;
    a.fault = fault;
    a.stderr_text = std::move(stderr_buffer_);
    stderr_buffer_.clear();
    on_answer(index, std::move(a));
    next = index + 1;
    source_done = false;
    outstanding.clear();
    wbuf.clear();
    woff = 0;
    try {
      restart();
    } catch (const std::exception& e) {
      engine_usable = false;
      unusable_reason = fmt::format("the engine could not be restarted: {}", e.what());
    }
    last_progress = Clock::now();
  };

  // Is `text` the answer to `pending`? Fast when the engine writes the id first (as canonical,
  // key-sorted JSON does); otherwise parse to find out.
  auto answers = [](std::string_view text, const Pending& pending, std::optional<json>& parsed,
                    std::string& problem) {
    const std::string prefix = "{\"id\":\"" + pending.id + "\"";
    if (text.size() > prefix.size() && text.compare(0, prefix.size(), prefix) == 0 &&
        (text[prefix.size()] == ',' || text[prefix.size()] == '}'))
      return true;
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      problem = fmt::format("the answer is not a JSON object: {}", excerpt(std::string(text)));
      return false;
    }
    if (!j.contains("id") || j["id"] != pending.id) {
      problem = fmt::format("the answer has id {}, but the oldest unanswered request is \"{}\" (answers come in "
                            "request order)",
                            j.contains("id") ? j["id"].dump() : "(none)", pending.id);
      return false;
    }
    parsed = std::move(j);
    return true;
  };

  while (true) {
    if (!engine_usable) {
      for (; source(next, line, id); ++next) on_answer(next, EngineAnswer{"", std::nullopt, unusable_reason, ""});
      return;
    }
    while (outstanding.size() < options_.window && !source_done) {
      if (!source(next, line, id)) {
        source_done = true;
        break;
      }
      wbuf += line;
      wbuf += '\n';
      outstanding.push_back({next++, id, Clock::now()});
    }
    if (outstanding.empty()) return;
    const auto deadline = std::max(outstanding.front().sent, last_progress) + options_.timeout;
    pollfd fds[3] = {{from_engine_, POLLIN, 0}, {engine_stderr_, POLLIN, 0},
                     {woff < wbuf.size() ? to_engine_ : -1, POLLOUT, 0}};
    const int ready = ::poll(fds, 3, millis_until(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0 && Clock::now() >= deadline) {
      fail_front(fmt::format("no answer within {} ms (the engine hangs or is too slow); restarted it",
                             options_.timeout.count()));
      continue;
    }
    char chunk[65536];
    if (fds[1].revents) {
      const ssize_t n = ::read(engine_stderr_, chunk, sizeof chunk);
      if (n > 0 && stderr_buffer_.size() < kStderrKeep) stderr_buffer_.append(chunk, static_cast<std::size_t>(n));
      if (n == 0) close_fd(engine_stderr_);
    }
    if (fds[2].revents & (POLLOUT | POLLERR | POLLHUP)) {
      const ssize_t n = ::write(to_engine_, wbuf.data() + woff, wbuf.size() - woff);
      if (n > 0) {
        woff += static_cast<std::size_t>(n);
        if (woff == wbuf.size()) {
          wbuf.clear();
          woff = 0;
        }
      } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        fail_front(fmt::format("the engine {} while reading requests (write: {})", exit_description(),
                               std::strerror(errno)));
        continue;
      }
    }
    if (!fds[0].revents) continue;
    const ssize_t n = ::read(from_engine_, chunk, sizeof chunk);
    if (n == 0) {
      fail_front(fmt::format("the engine {} before answering{}", exit_description(),
                             read_buffer_.empty() ? "" : " (a partial line was left: " + excerpt(read_buffer_) + ")"));
      continue;
    }
    if (n < 0) continue;
    read_buffer_.append(chunk, static_cast<std::size_t>(n));
    std::size_t start = 0;
    bool restarted = false;
    for (std::size_t nl; (nl = read_buffer_.find('\n', start)) != std::string::npos; start = nl + 1) {
      std::string_view text(read_buffer_.data() + start, nl - start);
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      if (text.empty() || outstanding.empty()) continue;  // nothing asked: a stray line is ignored
      std::string problem;
      std::optional<json> parsed;
      if (text.size() > options_.max_answer_bytes)
        problem = fmt::format("the answer is {} bytes, over the limit of {}", text.size(), options_.max_answer_bytes);
      else if (answers(text, outstanding.front(), parsed, problem)) {
        EngineAnswer a;
        a.line.assign(text);
        a.parsed = std::move(parsed);
        a.stderr_text = std::move(stderr_buffer_);
        stderr_buffer_.clear();
        on_answer(outstanding.front().index, std::move(a));
        outstanding.pop_front();
        last_progress = Clock::now();
        continue;
      }
      fail_front(problem);
      restarted = true;
      break;
    }
    if (restarted) continue;
    read_buffer_.erase(0, start);
    if (read_buffer_.size() > options_.max_answer_bytes && !outstanding.empty())
      fail_front(fmt::format("the answer exceeds the limit of {} bytes without ending its line", options_.max_answer_bytes));
  }
}

}  // namespace rulecheck
