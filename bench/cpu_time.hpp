// CPU time of the two sides of a cross-check (the harness: this process; the engine under test: its
// children), for the benchmarks against `rulecheck serve`: with two processes sharing the work, which
// side sets the pace is read from these, not from the wall time.
#pragma once

#include <time.h>
#include <unistd.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <benchmark/benchmark.h>

namespace rulecheck {

// CPU seconds used so far by this process's children (the engine under test), from /proc: the
// benchmarks against serve report it per case, since two processes share the work.
inline double children_cpu_seconds() {
  double ticks = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;  // not a process
    std::ifstream in(entry.path() / "stat");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    const auto close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(text.substr(close + 2));
    std::string skip;
    long ppid = 0, utime = 0, stime = 0;
    fields >> skip >> ppid;
    if (ppid != ::getpid()) continue;
    for (int i = 0; i < 9; ++i) fields >> skip;
    fields >> utime >> stime;
    ticks += static_cast<double>(utime + stime);
  }
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// CPU seconds used so far by this process (the harness side: generating nothing, planning, the
// oracle, writing requests, reading and judging answers).
inline double own_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Reports the engine's CPU time per case (µs) beside the benchmark's own CPU column.
inline void report_engine_cpu(benchmark::State& state, double engine_seconds, std::size_t cases) {
  state.counters["engine_us_per_case"] = cases ? engine_seconds * 1e6 / static_cast<double>(cases) : 0.0;
}

// Reports the harness's CPU time per case (µs): with the engine's, which side sets the pace.
inline void report_harness_cpu(benchmark::State& state, double harness_seconds, std::size_t cases) {
  state.counters["harness_us_per_case"] = cases ? harness_seconds * 1e6 / static_cast<double>(cases) : 0.0;
}

}  // namespace rulecheck
