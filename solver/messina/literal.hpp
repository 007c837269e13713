// The discovery search (issue 23): a literal encoding of the Muster page's Shield sentences and the
// Re-arm sentence (literal.cpp), beside the decided one (muster.cpp), and the search for places
// where the words allow two different outcomes of one step, or none. No Z3 in this header.
//
// A finding is "new" unless the oracle, on the finding's own witness, separates the same two
// outcomes under the readings of a declared interpretation point: then it re-finds that point
// (`refinds`), and the caller marks the point's record found_by_search.
#pragma once

#include <string>
#include <vector>

#include "solver/messina/solver.hpp"

namespace rulecheck::solver::messina {

// The step kinds the literal encoding covers, each searched on its own: a Muster's Shield build,
// a Muster's Shield upgrade, a Re-arm's build, a Re-arm's upgrade, and a Muster then a Re-arm in
// one round (upgrade, then upgrade again; build, then upgrade).
std::vector<std::string> literal_step_kinds();

// Every step kind searched (smallest board first, up to `cap` findings per kind, each found cause
// blocked before the next search): per kind its findings (kind "undecided" or "dead-end", with
// `found_by_search`, `signature`, and `refinds` when a declared point separates them), then one
// record "none" (the kind's search ended unsat on every shape), "unknown" or "interrupted" (why
// in the note) when its last search did not find one.
std::vector<MessinaWitness> discover(const ms::Rules& defaults, const Budget& budget, int cap = 4);

// Whether the literal relation, on `state` (the witness's board) and `step`, allows `outcome`
// (nullopt: the step refused) under some value of its free variables. For the tests' replay of a
// finding's outcomes. Unknown ends false with `why` set.
bool literal_allows(const ms::Rules& defaults, const std::string& step_kind, const ms::State& state,
                    const ms::Action& step, const std::optional<ms::State>& outcome, const Budget& budget,
                    std::string* why = nullptr);

// ---- the query kinds (literal_queries.cpp) ----

// The queries the literal encoding covers, each searched on its own: whether a space is hostile to a
// faction for military purposes, and who wins a tied battle by the location's card.
std::vector<std::string> literal_query_kinds();

// Every query kind searched as discover() searches the step kinds: per kind its findings (two answers
// the words allow on a smallest board play can reach; kind "undecided", with `refinds` when a declared
// point's readings give those two answers in the oracle), each found point held at its default for the
// kind's next search, then one record "none", "unknown" or "interrupted" (why in the note).
std::vector<MessinaWitness> discover_queries(const ms::Rules& defaults, const Budget& budget, int cap = 4);

// Whether the literal relation of a query kind, on `state`, allows `answer` under some reading of its
// points. For the tests' replay of a finding's answers. Unknown ends false with `why` set.
bool literal_query_allows(const std::string& query_kind, const ms::State& state, const ms::QueryAnswer& answer,
                          const Budget& budget, std::string* why = nullptr);

// ---- the contradiction search over the literal encoding (literal_contradictions.cpp) ----

// Clauses whose literal constraints cannot all hold on any board of the scope where the probe's case
// holds: a minimal set (leaving any one out, the rest can hold on some board).
struct LiteralContradiction {
  std::string probe;  // a step kind of literal_step_kinds(), or a case of its own ("fill-location")
  std::string title;  // the probe's case, in words
  std::vector<std::string> clauses;
  std::string note;  // why, with the numbers
};
struct ContradictionSearch {
  std::string status = "none";  // "none", "found", "unknown" or "interrupted" (why in `why`)
  std::string scope;            // the boards asked about
  std::string why;
  int probes = 0;
  std::vector<LiteralContradiction> found;
};

// Every literal step kind (its conditions, each tagged by its clause, on a board play can reach: can
// they all hold at once?) and the cases where sentences restate a fact another states (a location
// filled to the map's and the card's limits against the total the Location Card page states). The
// encoding reads the numbers of `rules`; `stated` is the ruleset the rule texts state (today's:
// rules/messina/ruleset.json), whose numbers the sentences that restate them keep: under an edited
// ruleset (stacking_map 6) the sentence stating a location's total still says 5 + 2.
ContradictionSearch contradictions(const ms::Rules& rules, const ms::Ruleset& stated, const Budget& budget);

// Each query kind's probe (literal_queries.cpp): can its clause-tagged constraints all hold, with some
// answer, on a board play can reach? Adds to `out` (its probes, found sets, and why when unknown).
void query_contradictions(const ms::Rules& rules, const Budget& budget, ContradictionSearch& out);

}  // namespace rulecheck::solver::messina
