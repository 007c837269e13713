#include "harness/engine.hpp"

#include <unistd.h>

#include <algorithm>
#include <deque>
#include <stdexcept>

#include <fmt/format.h>

#include "common/text.hpp"
#include "harness/engine_line.hpp"
#include "harness/interrupt.hpp"

namespace rulecheck {

namespace {

using Clock = std::chrono::steady_clock;

int millis_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 60'000));
}

// An answer that is a fault: nothing came (or was sent), and `fault` says why.
EngineAnswer faulted(std::string fault) {
  EngineAnswer a;
  a.fault = std::move(fault);
  return a;
}

}  // namespace

EngineProcess::EngineProcess(EngineOptions options) : options_(std::move(options)) {}

EngineProcess::~EngineProcess() { stop(); }

const EngineHello& EngineProcess::start() {
  pump_.reset();
  process_.emplace(options_.command);
  pump_.emplace(*process_, options_.max_answer_bytes);
  pump_->send(R"({"op":"hello","protocol":1})");
  hello_ = EngineHello{};
  // Starting (an interpreter, its imports) may take longer than answering: hello gets at least 10 s.
  const auto hello_time = std::max(options_.timeout, std::chrono::milliseconds(10000));
  const auto deadline = Clock::now() + hello_time;
  while (true) {
    if (stop_requested()) {  // a signal while it starts: it is stopped (killed, reaped) here, not left running
      pump_.reset();
      process_.reset();
      throw std::runtime_error(fmt::format("'{}' not started: {}", options_.command, stop_reason()));
    }
    if (take_hello_lines()) return hello_;
    // Kept however the engine writes meanwhile (banner lines without end, stderr without end).
    if (Clock::now() >= deadline)
      throw std::runtime_error(
          fmt::format("'{}' did not answer hello within {} ms", options_.command, hello_time.count()));
    switch (pump_->pump(std::min(millis_until(deadline), 250))) {
      case LinePump::Event::moved: break;
      case LinePump::Event::timed_out:
        // Nothing came for a while, and the engine itself has ended: a process it started holds its stdout.
        if (process_->wait_for_exit(0)) {
          const std::string err = pump_->take_stderr();
          throw std::runtime_error(fmt::format(
              "'{}' {} before answering hello (a process it started still holds its stdout open){}", options_.command,
              process_->exit_description(), err.empty() ? "" : "; its stderr: " + excerpt(err)));
        }
        break;
      case LinePump::Event::write_failed:  // it ended before reading hello: the same as ending before answering
      case LinePump::Event::output_closed: {
        const std::string err = pump_->take_stderr();
        throw std::runtime_error(fmt::format("'{}' {} before answering hello{}", options_.command,
                                             process_->exit_description(),
                                             err.empty() ? "" : "; its stderr: " + excerpt(err)));
      }
    }
  }
}

bool EngineProcess::take_hello_lines() {
  std::string_view line;
  for (LinePump::Got got; (got = pump_->next_line(line)) != LinePump::Got::none;) {
    if (got == LinePump::Got::too_long)
      throw std::runtime_error(fmt::format("'{}' wrote a line longer than the limit of {} before answering hello "
                                           "(it starts: {})",
                                           options_.command, size_text(pump_->line_cap()), pump_->unfinished_excerpt()));
    if (is_blank_line(line)) continue;
    EngineLine read = read_engine_line(line, /*cap_strings=*/false);  // read_hello caps them
    if (read.problem == EngineLine::Problem::duplicate_key)
      throw HelloError(fmt::format("the engine '{}' answered hello with an answer that {}", options_.command, read.why));
    if (!read.object) {  // a banner: allowed, and said
      if (hello_.banner.size() < 100) hello_.banner.push_back(excerpt(line));
      continue;
    }
    std::vector<std::string> banner = std::move(hello_.banner);
    hello_ = read_hello(*read.object, options_.command);
    hello_.banner = std::move(banner);
    return true;
  }
  return false;
}

void EngineProcess::restart() {
  EngineHello before = std::move(hello_);
  pump_.reset();
  process_.reset();
  ++restarts_;
  try {
    start();
  } catch (...) {
    hello_ = std::move(before);  // the run goes on knowing the engine by its first hello
    throw;
  }
  if (std::string change = hello_change(before, hello_); !change.empty()) {
    hello_ = std::move(before);
    stop();
    throw std::runtime_error(fmt::format("it answered hello differently after the restart ({}), and this run's "
                                         "cases were planned on its first hello",
                                         change));
  }
}

void EngineProcess::stop() {
  if (!process_) return;
  if (process_->input() >= 0) {
    const std::string bye = "{\"op\":\"bye\"}\n";
    (void)!::write(process_->input(), bye.data(), bye.size());
  }
  process_->close_input();
  process_->wait_for_exit(1000);  // up to 1 s to exit by itself, then it is killed
  pump_.reset();
  process_.reset();
}

const std::optional<json>& EngineAnswer::answer() {
  if (!parsed && !line.empty() && unreadable.empty()) {
    EngineLine read = read_engine_line(line);
    if (read.object)
      parsed = std::move(read.object);
    else
      unreadable = "the answer " + read.why;
  }
  return parsed;
}

// One exchange: requests go out while the window has room, answers come back in request order.
// A fault (hang, crash, garbage, wrong id, oversized line) answers the oldest outstanding request
// with the fault, restarts the engine, and sends the requests after it again.
class EngineProcess::Exchange {
 public:
  Exchange(EngineProcess& engine, const RequestSource& source,
           const std::function<void(std::size_t, EngineAnswer)>& on_answer)
      : engine_(engine), source_(source), on_answer_(on_answer), usable_(engine.process_.has_value()) {}

  void run() {
    while (true) {
      if (stop_requested()) return answer_rest_not_run(fmt::format("not run: {}", stop_reason()));
      if (!given_up_.empty()) return answer_rest_not_run(given_up_);
      if (!usable_) return answer_rest_unusable();
      fill_window();
      if (outstanding_.empty()) return;
      LinePump& pump = *engine_.pump_;
      // At most a quarter second at a time: a signal wakes one thread's poll, and the others look again.
      const LinePump::Event event = pump.pump(std::min(millis_until(deadline()), 250));
      if (event == LinePump::Event::write_failed) {
        fail_front(fmt::format("the engine {} while reading requests (write: {})", engine_.process_->exit_description(),
                               pump.write_error()));
      } else if (event == LinePump::Event::output_closed) {
        fail_front(
            fmt::format("the engine {} before answering{}", engine_.process_->exit_description(),
                        pump.unfinished() ? " (a partial line was left: " + pump.unfinished_excerpt() + ")" : ""));
      } else if (event == LinePump::Event::timed_out && engine_.process_->wait_for_exit(0)) {
        // Nothing came for a while and the engine itself has ended: its stdout stays open only because a
        // process it started holds it. Said at once, not waited out as a hang.
        fail_front(fmt::format("the engine {} before answering (a process it started still holds its stdout open)",
                               engine_.process_->exit_description()));
      } else {
        take_answers();
        // Kept however the engine writes meanwhile (blank lines, stderr without end).
        if (!outstanding_.empty() && !stop_requested() && Clock::now() >= deadline()) time_out();
      }
    }
  }

 private:
  struct Pending {
    std::size_t index;
    std::string id;
    Clock::time_point sent;
    std::size_t bytes;  // of its line
  };

  // When the oldest outstanding request's time is up: the time limit from when the engine could start on
  // it (when it was sent, or when the previous answer came, whichever is later).
  Clock::time_point deadline() const {
    return std::max(outstanding_.front().sent, last_progress_) + engine_.options_.timeout;
  }

  // The oldest outstanding request is not answered in time: errored, and the engine restarted (or given
  // up on, --max-timeouts).
  void time_out() {
    const std::size_t limit = engine_.options_.max_timeouts;
    if (limit != 0 && ++timeouts_in_a_row_ >= limit) {
      given_up_ = fmt::format("not run: the engine was stopped after {} timeouts in a row (--max-timeouts {})",
                              timeouts_in_a_row_, limit);
      fail_front(fmt::format("no answer within {} ms (the engine hangs or is too slow); {} timeouts in a row: "
                             "given up on",
                             engine_.options_.timeout.count(), timeouts_in_a_row_),
                 /*restart=*/false);
    } else {
      fail_front(fmt::format("no answer within {} ms (the engine hangs or is too slow); restarted it",
                             engine_.options_.timeout.count()));
    }
  }

  void fill_window() {
    while (outstanding_.size() < engine_.options_.window && !source_done_ &&
           (outstanding_.empty() || outstanding_bytes_ < engine_.options_.window_bytes)) {
      if (!source_(next_, line_, id_)) {
        source_done_ = true;
        break;
      }
      if (line_.empty()) {  // not sent: its case already errored at an earlier step
        on_answer_(next_++, faulted("not sent: an earlier step of this case errored"));
        continue;
      }
      engine_.pump_->send(line_);
      engine_.pump_->write_now();  // the engine starts on it while the next request is made
      outstanding_.push_back({next_++, id_, Clock::now(), line_.size()});
      outstanding_bytes_ += line_.size();
    }
  }

  // Every whole line the engine wrote: each answers the oldest outstanding request, or is a fault.
  void take_answers() {
    LinePump& pump = *engine_.pump_;
    std::string_view text;
    for (LinePump::Got got; (got = pump.next_line(text)) != LinePump::Got::none;) {
      if (got == LinePump::Got::too_long) {
        if (outstanding_.empty()) return;  // nothing asked: the next request's turn finds it so
        return fail_front(fmt::format("the answer is longer than the limit of {} bytes for one line ({} bytes came "
                                      "without its end)",
                                      pump.line_cap(), pump.unfinished()));
      }
      if (is_blank_line(text) || outstanding_.empty()) continue;  // nothing asked: a stray line is ignored
      std::string problem;
      std::optional<json> parsed;
      if (!answers(text, outstanding_.front(), parsed, problem)) return fail_front(problem);
      EngineAnswer a;
      a.line.assign(text);
      a.parsed = std::move(parsed);
      a.stderr_text = pump.take_stderr(&a.stderr_dropped);
      on_answer_(outstanding_.front().index, std::move(a));
      outstanding_bytes_ -= outstanding_.front().bytes;
      outstanding_.pop_front();
      last_progress_ = Clock::now();
      timeouts_in_a_row_ = 0;
      if (stop_requested()) return;  // that answer decided a stop (--maxfail): no more are taken
    }
  }

  // Is `text` the answer to `pending`? Fast when the engine writes the id first (as canonical,
  // key-sorted JSON does): the rest is read when the case is judged (EngineAnswer::answer). Otherwise
  // it is read here (harness/engine_line.hpp) to find out.
  static bool answers(std::string_view text, const Pending& pending, std::optional<json>& parsed,
                      std::string& problem) {
    const std::string prefix = "{\"id\":\"" + pending.id + "\"";
    if (text.size() > prefix.size() && text.compare(0, prefix.size(), prefix) == 0 &&
        (text[prefix.size()] == ',' || text[prefix.size()] == '}'))
      return true;
    EngineLine read = read_engine_line(text);
    if (!read.object) {
      problem = "the answer " + read.why;
      return false;
    }
    const json& j = *read.object;
    if (j.contains("id") && !j["id"].is_string()) {
      problem = fmt::format("the answer's id is {} ({}), but ids are strings: copy the request's \"{}\" exactly",
                            excerpt(j["id"].dump()), j["id"].type_name(), pending.id);
      return false;
    }
    if (!j.contains("id") || j["id"] != pending.id) {
      problem = fmt::format(
          "the answer has id {}, but the oldest unanswered request is \"{}\" (answers come in "
          "request order)",
          j.contains("id") ? excerpt(j["id"].dump()) : "(none)", pending.id);
      return false;
    }
    parsed = std::move(read.object);
    return true;
  }

  // The oldest outstanding request gets `fault`; the engine restarts (unless given up on); the rest are
  // sent again.
  void fail_front(const std::string& fault, bool restart = true) {
    const std::size_t index = outstanding_.front().index;
    EngineAnswer a;
    a.fault = fault;
    a.stderr_text = engine_.pump_->take_stderr(&a.stderr_dropped);
    on_answer_(index, std::move(a));
    next_ = index + 1;
    source_done_ = false;
    clear_outstanding();
    if (!restart) {
      engine_.stop();
      return;
    }
    try {
      engine_.restart();
    } catch (const std::exception& e) {
      usable_ = false;
      unusable_reason_ = fmt::format("the engine could not be restarted: {}", e.what());
    }
    last_progress_ = Clock::now();
  }

  void clear_outstanding() {
    outstanding_.clear();
    outstanding_bytes_ = 0;
  }

  // Every request not answered yet (sent or not) is answered "not run" with `why`, in order.
  void answer_rest_not_run(const std::string& why) {
    const std::size_t from = outstanding_.empty() ? next_ : outstanding_.front().index;
    clear_outstanding();
    EngineAnswer a;
    a.fault = why;
    a.not_run = true;
    for (next_ = from; source_(next_, line_, id_); ++next_) on_answer_(next_, a);
  }

  void answer_rest_unusable() {
    for (; source_(next_, line_, id_); ++next_) on_answer_(next_, faulted(unusable_reason_));
  }

  EngineProcess& engine_;
  const RequestSource& source_;
  const std::function<void(std::size_t, EngineAnswer)>& on_answer_;
  std::deque<Pending> outstanding_;
  std::size_t outstanding_bytes_ = 0;  // their lines' bytes (EngineOptions::window_bytes)
  std::size_t next_ = 0;
  bool source_done_ = false;
  std::string line_, id_;
  Clock::time_point last_progress_ = Clock::now();
  bool usable_;
  std::size_t timeouts_in_a_row_ = 0;
  std::string given_up_;  // why the engine was stopped for good (--max-timeouts), if it was
  std::string unusable_reason_ = "the engine is not running";
};

void EngineProcess::exchange(const RequestSource& source,
                             const std::function<void(std::size_t, EngineAnswer)>& on_answer) {
  Exchange(*this, source, on_answer).run();
}

}  // namespace rulecheck
