// Inside solver/messina/ only (it includes Z3): the literal encoding's query kinds (literal_queries.cpp),
// shared by their search for two answers (literal_queries.cpp) and their contradiction probe
// (literal_query_contradictions.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "oracle/messina/model.hpp"
#include "solver/messina/literal_frame.hpp"
#include "solver/messina/search.hpp"

namespace rulecheck::solver::messina {

// One query the searches ask about, on its shapes (smallest first).
struct QueryKind {
  std::string name;
  std::string title;
  ms::Query query;
  std::vector<Shape> shapes;
};

// The kinds asked about: hostility and the card's tie-break.
std::vector<QueryKind> query_kinds();

// One copy of a query's literal relation: its answer (free) and the constraints on it, each under its
// clause; the readings of the declared points it meets in `v`.
struct QueryCopy {
  literal::Freedoms v;
  SymAnswer::Type type;
  z3::expr answer;
  Constraints conditions;
};

// One copy of the kind's relation on `b` (nullopt: the board lacks a faction or space the query names).
std::optional<QueryCopy> query_relation(const QueryKind& k, const SymBoard& b, const std::string& copy);

}  // namespace rulecheck::solver::messina
