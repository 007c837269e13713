// Inside solver/: one record per probe of the search for steps the text leaves undecided or allows
// with no outcome, the same for every game: the finding if a search made one, else "none" (every
// board of the scope searched), "unknown" (with why) or "interrupted". Never a finding merged into
// "none" when a search could not decide.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "solver/z3_core.hpp"

namespace rulecheck::solver {

// `undecided(&why)` then, where it found nothing and no stop was asked, `dead_end(&why)`: each gives a
// witness or nullopt, setting `why` when its search ended unknown. The first search's reason is kept.
template <typename W>
W open_outcome_record(std::string point, std::string title, const std::string& scope,
                      const std::function<std::optional<W>(std::string*)>& undecided,
                      const std::function<std::optional<W>(std::string*)>& dead_end) {
  std::string why;  // the first search's reason to be unknown, else the second's
  try {
    auto w = undecided(&why);
    std::string why_dead_end;
    // A dead end is asked only where no undecided finding is (and not once a stop is asked).
    if (!w && !is_interrupted(why)) w = dead_end(&why_dead_end);
    if (why.empty()) why = why_dead_end;
    if (w) {
      w->scope = scope;
      return std::move(*w);
    }
  } catch (const z3::exception& e) {
    why = failure_reason(e);
  }
  W none;
  none.point = std::move(point);
  none.kind = why.empty() ? "none" : is_interrupted(why) ? "interrupted" : "unknown";
  none.is_new = true;
  none.title = std::move(title);
  none.note = why;
  none.scope = scope;
  return none;
}

}  // namespace rulecheck::solver
