// What `rulecheck fuzz`'s summary says of the cases an engine answered "unsupported"
// (docs/fuzzing-engines.md, "Answers"): their share, and over a third, the --kinds that sends only
// the kinds of request the engine answered.
#pragma once

#include <string>

#include "harness/fuzz.hpp"

namespace rulecheck {

// More than a third of the cases were answered "unsupported": the summary suggests --kinds.
bool over_a_third_unsupported(const FuzzStats& s);

// The request kinds the engine answered, as --kinds takes them ("action:move,query:controller").
std::string answered_kinds_option(const FuzzStats& s);

// "3100 of 10000 case(s) (31 %) were answered \"unsupported\"", and, over a third, the --kinds to
// give; "" when no case ran.
std::string unsupported_share_text(const FuzzStats& s);

}  // namespace rulecheck
