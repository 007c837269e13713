// A few example messages for a summary's "e.g." lines: each distinct message once, with how many
// cases gave it, so that one reason repeated by many cases is one line, not five.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace rulecheck {

struct ExampleMessages {
  static constexpr std::size_t kKept = 5;                 // distinct messages kept, in the order first seen
  std::vector<std::pair<std::string, std::size_t>> kept;  // message, cases that gave it
  std::size_t others = 0;                                 // cases whose message is not among the kept

  void add(const std::string& message, std::size_t cases = 1) {
    auto same = std::find_if(kept.begin(), kept.end(), [&](const auto& e) { return e.first == message; });
    if (same != kept.end())
      same->second += cases;
    else if (kept.size() < kKept)
      kept.emplace_back(message, cases);
    else
      others += cases;
  }
  void merge(const ExampleMessages& part) {
    for (const auto& [message, cases] : part.kept) add(message, cases);
    others += part.others;
  }
  bool empty() const { return kept.empty(); }
};

}  // namespace rulecheck
