// Inside solver/: independent solver tasks on a few threads, results in the tasks' order. Each
// task makes its own z3::context (a context is never shared between threads), and every check is
// bounded by rlimit, not time: the results are the same as on one thread, in the same order.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace rulecheck::solver {

inline constexpr unsigned kSolverThreads = 2;

// Runs every task (each giving a list) on up to `threads` threads and concatenates the lists in
// the order of the tasks.
template <typename T>
std::vector<T> run_in_order(const std::vector<std::function<std::vector<T>()>>& tasks,
                            unsigned threads = kSolverThreads) {
  std::vector<std::vector<T>> results(tasks.size());
  std::atomic<std::size_t> next = 0;
  auto work = [&] {
    for (std::size_t i = next++; i < tasks.size(); i = next++) results[i] = tasks[i]();
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads && t < tasks.size(); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::vector<T> out;
  for (auto& r : results)
    for (auto& x : r) out.push_back(std::move(x));
  return out;
}

}  // namespace rulecheck::solver
