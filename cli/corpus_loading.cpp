#include "cli/corpus_loading.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "harness/interrupt.hpp"

namespace rulecheck::cli {

std::optional<Corpus> corpus_or_say_why(const std::vector<std::string>& paths, const RulesLibrary& library,
                                        const std::vector<std::string>& filters, const Shard& shard) {
  try {
    return load_corpus(paths, library, filters, shard);
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.describe());
    return std::nullopt;
  }
}

void say_unread(const Corpus& corpus) {
  if (corpus.unread > 0)
    fmt::print(stderr, "rulecheck: interrupted by {} while loading the scenarios: {} of {} file(s) not read\n",
               interrupt_name(), corpus.unread, corpus.found);
}

}  // namespace rulecheck::cli
