// An engine under test: one long-lived subprocess speaking protocol version 1 (DESIGN.md "The
// engine protocol") over JSON lines. Requests are pipelined: up to `window` are outstanding, and
// a single poll() loop writes requests and reads answers without ever blocking on either pipe, so
// a slow reader never deadlocks a fast writer. A crash, a hang past the time limit, a line that
// is not JSON, an answer with the wrong id, an early exit, or an answer over the size limit makes
// that request errored; the engine is restarted and the remaining requests go on.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/bounded_read.hpp"
#include "harness/engine_hello.hpp"
#include "harness/subprocess.hpp"

namespace rulecheck {

using json = nlohmann::json;

// The most request text outstanding at once, whatever --window allows: what a run holds grows with
// the requests in flight (each one's case, its oracle outcomes and its text), so --window 100000 over
// 50,000 scenarios took 765 MB. Pipelining gains nothing past what the engine can take at once.
inline constexpr std::size_t kMaxWindowBytes = std::size_t{4} << 20;

struct EngineOptions {
  std::string command;                       // run with /bin/sh -c
  std::chrono::milliseconds timeout{10000};  // per request, from when the engine could start on it (hello:
                                             // at least 10 s, for an engine starting up)
  std::size_t window = 64;                   // outstanding requests
  std::size_t window_bytes = kMaxWindowBytes;  // outstanding request text (at least one request is sent)
  std::size_t max_answer_bytes = kMaxLineBytes;  // one line of its stdout, the hello answer and banner lines
                                                 // too (common/bounded_read.hpp)
  std::size_t max_timeouts = 0;              // give up on the engine after this many timeouts in a row (0: never)
};

// What came back for one request.
struct EngineAnswer {
  std::string line;            // the answer line as the engine wrote it (empty on a fault)
  std::optional<json> parsed;  // the parsed answer (harness/engine_line.hpp), when the exchange had to parse it
  std::string fault;           // what went wrong (crash, hang, garbage, wrong id, ...); empty if none
  // stderr the engine wrote before this answer and after the previous one's: exact with window 1;
  // with a larger window a line may land on an earlier request (two pipes keep no common order),
  // never on a later one. Past 64 KiB it is cut, saying so in the text (harness/subprocess.hpp).
  std::string stderr_text;
  std::size_t stderr_dropped = 0;  // bytes of stderr dropped past the 64 KiB kept
  bool not_run = false;  // not answered: the run stopped first (a signal, --maxfail) or the engine was
                         // given up on (--max-timeouts); `fault` says which

  // The answer as JSON, every string in it capped (parsed on first use: read_engine_line); nullopt if
  // the line is not a JSON object, or gives a key twice: `unreadable` then says why.
  const std::optional<json>& answer();
  std::string unreadable;  // set by answer(): "the answer is not a JSON object: ...", "the answer gives ..."
};

// Produces request `index` (its line, without newline, and its id); false past the last one.
// The same index may be asked for again after an engine restart and must give the same request,
// or an empty line: not sent, answered with a fault at once (the rest of a case that already errored).
using RequestSource = std::function<bool(std::size_t index, std::string& line, std::string& id)>;

class EngineProcess {
 public:
  explicit EngineProcess(EngineOptions options);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Starts the engine and exchanges hello; throws HelloError (harness/engine_hello.hpp) when its hello
  // answer breaks the protocol, std::runtime_error with a clear message when the engine cannot be
  // started or does not answer hello (it ends, it writes a line over the cap, the time is up).
  const EngineHello& start();
  const EngineHello& hello() const { return hello_; }

  // Sends every request `source` produces and calls `on_answer(index, answer)` in request order.
  // Never throws for engine faults. An answer line that starts {"id":"<the id>" is taken as
  // answering that request without being parsed here (the judge parses it if it must).
  void exchange(const RequestSource& source, const std::function<void(std::size_t, EngineAnswer)>& on_answer);

  // Asks the engine to exit (bye), then ends it if it does not.
  void stop();
  std::size_t restarts() const { return restarts_; }

 private:
  class Exchange;
  // Stops the engine and starts it again; throws as start() does, and std::runtime_error when it
  // answers hello differently (the cases planned on its first hello would be judged against another).
  void restart();
  // Reads the whole lines the engine wrote while starting: banner lines are kept, the hello answer
  // read; true once it is. Throws as start() does.
  bool take_hello_lines();
  EngineOptions options_;
  EngineHello hello_;
  std::optional<Subprocess> process_;
  std::optional<LinePump> pump_;
  std::size_t restarts_ = 0;
};

}  // namespace rulecheck
