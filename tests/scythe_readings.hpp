// The typed switch for a reading name of Scythe's interpretations.json, written in the tests apart
// from the solver, so that a misnamed reading in the solver's witnesses fails (test_solver_scythe.cpp,
// test_solver_scythe_literal.cpp).
#pragma once

#include <string>

#include "oracle/scythe/oracle.hpp"

namespace rulecheck::testing {

inline rulecheck::scythe::Readings scythe_readings_for(const std::string& point, const std::string& reading) {
  rulecheck::scythe::Readings r;
  using R = rulecheck::scythe::Readings;
  if (point == "scythe.vacated-workers")
    r.vacated_workers = reading == "no-workers" ? R::VacatedWorkers::no_workers : R::VacatedWorkers::any_unit;
  if (point == "scythe.stop-path") r.stop_path = reading == "truncate" ? R::StopPath::truncate : R::StopPath::must_end;
  if (point == "scythe.carried-workers")
    r.carried_workers = reading == "counts-as-move" ? R::CarriedWorkers::counts_as_move : R::CarriedWorkers::not_a_move;
  if (point == "scythe.units-per-move")
    r.units_per_move = reading == "ruleset-cap" ? R::UnitsPerMove::ruleset_cap : R::UnitsPerMove::no_cap;
  if (point == "scythe.worker-blocking")
    r.worker_blocking = reading == "presence" ? R::WorkerBlocking::presence : R::WorkerBlocking::control;
  return r;
}

}  // namespace rulecheck::testing
