// What became of one entry of a known-deviations file (--known) in a run: how many cases it matched,
// and whether the run can say it no longer holds (docs/known-deviations.md, "Matched, not reached, stale").
// A plain record the reporters print; harness/known.hpp fills it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rulecheck {

enum class KnownStatus {
  matched,      // some case matched it
  not_reached,  // no case matched it, and the run does not cover it: nothing is said of the engine
  stale,        // no case matched it though the run covers it: the deviation is gone, or the entry is wrong
};

std::string_view known_status_name(KnownStatus s);  // "matched", "not reached", "stale"

struct KnownTally {
  std::string entry;         // "known.json at /known/2 (signature \"...\", target \"...\")"
  std::string pointer;       // "/known/2"
  std::size_t matched = 0;   // cases it matched (reported `known`)
  std::size_t cases = 0;     // answered cases of the run on its target (those that could have matched it)
  std::size_t covering = 0;  // answered cases of its scenario(s) on its target, in a corpus run (scenario entries)
  KnownStatus status = KnownStatus::not_reached;
  std::string why;           // one line: what the status rests on
};

}  // namespace rulecheck
