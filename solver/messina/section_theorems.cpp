// Every Messina section written as one relation, and its theorems (section_theorems.hpp).
#include "solver/messina/section_theorems.hpp"

#include <string>
#include <utility>
#include <vector>

#include "solver/messina/reachable_facts.hpp"

namespace rulecheck::solver::messina {

namespace {

// What each section's questions state of a board play can reach (their `reachable`, vacuity part (a)).
const std::vector<std::string> kConsumptionReach = {
    "messina.reachable.alternating-phase", "format: the round at least 1, the mat and every count not negative",
    kCardCapacity};
const std::vector<std::string> kStackingReach = {
    kFormatCounts, kCardCapacity, "format: a card nobody holds has no units",
    "a space's totals over the factions at least each faction's units and Workers there"};
const std::vector<std::string> kMusterReach = {kFormatCounts, kCardCapacity};
const std::vector<std::string> kFriendlyReach = {
    "messina.reachable.two-home-spaces", "messina.reachable.one-shield-per-space (under one-per-space)",
    "format: a space's Location Card held by one faction at most", "format: counts not negative (premises)"};
const std::vector<std::string> kPopulationReach = {"format: the faction's tokens and pieces not negative",
                                                   kCardCapacity};
const std::vector<std::string> kCardsReach = {kFormatCounts, kCardCapacity, "format: a card nobody holds has no units",
                                              "format: a hand's size not negative (a hand over the limit is "
                                              "reachable: Exploration draws before its end)"};

}  // namespace

std::vector<MessinaTheorem> section_theorems(const ms::Rules& rules) {
  std::vector<MessinaTheorem> all;
  const std::pair<std::vector<MessinaTheorem> (*)(), const std::vector<std::string>*> sections[] = {
      {&consumption_theorems, &kConsumptionReach}, {&stacking_theorems, &kStackingReach},
      {&muster_theorems, &kMusterReach},
      {&friendly_theorems, &kFriendlyReach}, {&population_theorems, &kPopulationReach}};
  for (const auto& [section, reach] : sections)
    for (auto& t : section()) {
      t.reachable_invariants = *reach;
      all.push_back(std::move(t));
    }
  for (auto& t : cards_theorems(rules)) {
    t.reachable_invariants = kCardsReach;
    all.push_back(std::move(t));
  }
  return all;
}

}  // namespace rulecheck::solver::messina
