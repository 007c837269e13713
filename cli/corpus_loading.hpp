// Loading the scenarios a command is given, said on stderr when it cannot be done or a signal cut it short.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/corpus.hpp"

namespace rulecheck::cli {

// The corpus, or nothing (said on stderr) when a path does not exist.
std::optional<Corpus> corpus_or_say_why(const std::vector<std::string>& paths, const RulesLibrary& library,
                                        const std::vector<std::string>& filters = {}, const Shard& shard = {});

// A signal that stopped the loading: how many files were never read (their cases are not reported).
void say_unread(const Corpus& corpus);

}  // namespace rulecheck::cli
