// Inside solver/ only (it includes Z3): generic mutants of a section's relation, for
// `rulecheck prove --strength`. Nobody writes a mutant by hand: each is made from the relation's
// own constraints (each tagged with the clause or convention it encodes, z3_core.hpp Named):
//   - one constraint dropped;
//   - one integer comparison in it weakened or strengthened by one (a <= b read as a <= b + 1 or as
//     a < b; a = b read as a <= b or as a >= b; and so on for <, >= and >);
// and, by the section (theorems.hpp), each ruleset number the relation reads one off and each reading
// swapped. A mutant that says the same as the text for every value (an ite's test a <= b read as a < b
// where both branches agree at a = b) is equivalent: it is found by asking the solver and not counted.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/z3_core.hpp"

namespace rulecheck::solver {

struct FormulaMutation {
  enum class Kind { dropped, weakened, strengthened };
  Kind kind = Kind::dropped;
  std::string source;      // the clause or convention id of the constraint
  std::size_t ordinal = 0;  // which of that source's constraints (0-based, in the relation's order)
  std::size_t count = 1;    // how many constraints the source has
  std::size_t site = 0;     // weakened/strengthened: which integer comparison (depth-first order)
  int variant = 0;          // weakened/strengthened: which rewrite of that comparison
  std::string words;        // "the 2nd of 3 constraints dropped", "`=` read as `<=` (a > b + 0 ...)"
};

// Every mutation of `relation`: each constraint dropped, then each comparison of each constraint
// weakened and strengthened.
std::vector<FormulaMutation> formula_mutations(const Constraints& relation);

// `relation` with `m` made, when it names a constraint the relation has (same source, same ordinal,
// the site within it); else `relation` as it is, and `*applied` (when given) false.
Constraints mutated(const Constraints& relation, const FormulaMutation& m, bool* applied = nullptr);

// Where `m` applies in `relation`: the index of its constraint (relation.size() when it has none).
std::size_t constraint_index(const Constraints& relation, const FormulaMutation& m);

// The mutation's name in the report: "<source>: <words>".
std::string mutation_name(const FormulaMutation& m);

// Whether constraint `ordinal` of `source` in `relation`, mutated by `m`, says the same thing for
// every value (a solver check of original != mutant within `rlimit`; unknown counts as different).
bool equivalent_mutation(const Constraints& relation, const FormulaMutation& m, unsigned rlimit);

}  // namespace rulecheck::solver
