// How much work the solver may do on one question. Bounded by Z3's rlimit (a count of its basic
// steps), never by wall-clock time, so the same question gets the same answer on any machine;
// a budget exceeded is reported as unknown, never as a pass.
#pragma once

namespace rulecheck::solver {

struct Misreading;  // solver/misreading.hpp

struct Budget {
  unsigned rlimit = 50'000'000;  // per check; membership checks use far less
  // `prove --strength` only: the proofs are asked of this mutant of the encoding (nullptr: the
  // encoding as written).
  const Misreading* misreading = nullptr;
};

// Z3's memory limit for the whole process (every context together), set before the first
// context is made: a question that would need more ends unknown, "out of memory", rather than
// growing without bound. The proofs and the ambiguity search need well under 100 MB.
inline constexpr unsigned kSolverMemoryMb = 2048;

// The largest board a question is built on: its spaces are named A to Z. A question whose
// encoding would need more (a ruleset's hand_limit of 1,000 makes the hand-limit proof's board
// 1,002 spaces) is reported unknown with why, before any of it is built.
inline constexpr int kMaxSpaces = 26;

}  // namespace rulecheck::solver
