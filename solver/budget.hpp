// How much work the solver may do on one question. Bounded by Z3's rlimit (a count of its basic
// steps), never by wall-clock time, so the same question gets the same answer on any machine;
// a budget exceeded is reported as unknown, never as a pass.
#pragma once

namespace rulecheck::solver {

struct Budget {
  unsigned rlimit = 50'000'000;  // per check; membership checks use far less
};

}  // namespace rulecheck::solver
