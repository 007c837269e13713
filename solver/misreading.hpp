// A misreading of one clause (a mutant of the encoding), for `rulecheck prove --strength`: the
// encoding with the clause's legality conditions, or its effect, left out, asked of one proof. A
// proof that still holds under every misreading of the clauses it rests on is hollow: it would hold
// whatever those clauses said.
#pragma once

#include <atomic>
#include <string>

#include "solver/findings.hpp"

namespace rulecheck::solver {

struct Misreading {
  enum class Part { conditions, effect };
  std::string clause;
  Part part = Part::conditions;
  std::string proof;                      // the one proof asked; the others are not run
  mutable std::atomic<int> dropped{0};  // constraints left out so far (0: the misreading changed nothing)

  Misreading(std::string c, Part p, std::string proof_id)
      : clause(std::move(c)), part(p), proof(std::move(proof_id)) {}

  // Whether a constraint tagged `tag` of `p` is left out (and count it).
  bool drops(const std::string& tag, Part p) const {
    if (p != part || tag != clause) return false;
    dropped.fetch_add(1, std::memory_order_relaxed);
    return true;
  }
  std::string name() const {
    return clause + (part == Part::conditions ? " ignored (its legality conditions left out)"
                                              : " not applied (its effect left out)");
  }
};

// Whether `proof_id` is to be run under `m` (every proof when there is no misreading).
inline bool asked(const Misreading* m, const std::string& proof_id) { return m == nullptr || m->proof == proof_id; }

// A proof the misreading is not asked of is set aside, not run (unknown, "not asked under this
// misreading"); returns whether it was.
template <typename State, typename Step>
bool set_aside_unless_asked(Proof<State, Step>& proof, const Misreading* m) {
  if (asked(m, proof.id)) return false;
  proof.status = ProofStatus::unknown;
  proof.detail = "not asked under this misreading";
  return true;
}

}  // namespace rulecheck::solver
