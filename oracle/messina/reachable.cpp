// States play can reach: what every Messina board reached in a game keeps between actions and
// phases, beyond what validate.cpp already demands of any state (rules/messina/invariants.json,
// docs/formats.md "States play can reach"). One function per invariant, named after it, each
// returning every place the state breaks it. Nothing here changes a state or judges an action.
#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

namespace {

// messina.reachable.alternating-phase (messina.muster.when, messina.consumption.when): the
// Alternating Phase of a round follows from the round's number, so a state at the Muster Phase is
// in a round of the Muster parity and one at the Consumption Phase in a round of the Consumption
// parity (the ruleset's round_parity_muster and round_parity_consumption).
InvariantBreaks alternating_phase(const Rules& rules, const State& state) {
  const Ruleset& numbers = rules.numbers;
  auto wrong_round = [&](std::string_view phase, int parity) {
    return InvariantBreaks{{"messina.reachable.alternating-phase",
                            {"phase"},
                            fmt::format("the {} Phase comes in {} rounds only; round {} is {}", phase,
                                        round_parity_word(parity), state.round, round_parity_word(state.round % 2))}};
  };
  if (state.phase == Phase::muster && state.round % 2 != numbers.round_parity_muster)
    return wrong_round("Muster", numbers.round_parity_muster);
  if (state.phase == Phase::consumption && state.round % 2 != numbers.round_parity_consumption)
    return wrong_round("Consumption", numbers.round_parity_consumption);
  return {};
}

// messina.reachable.one-ai-faction (messina.population.backing, messina.muster.equip,
// messina.muster.equip.ai): the texts speak of the AI faction, one, and of every other faction as
// human. Each AI faction after the first (in the order of their ids) breaks it.
InvariantBreaks one_ai_faction(const Rules&, const State& state) {
  InvariantBreaks out;
  const FactionId* first = nullptr;
  for (const auto& [id, f] : state.factions) {
    if (f.kind != FactionKind::ai) continue;
    if (first == nullptr) {
      first = &id;
      continue;
    }
    out.push_back({"messina.reachable.one-ai-faction",
                   {"factions", id, "kind"},
                   fmt::format("{} is the AI faction already; a game has one AI faction, so {} is human", *first, id)});
  }
  return out;
}

// messina.reachable.two-home-spaces (messina.friendly.area): a faction reaches its Friendly Area
// from either of its Home Spaces, so it has at most two, each named once.
InvariantBreaks two_home_spaces(const Rules&, const State& state) {
  InvariantBreaks out;
  for (const auto& [id, f] : state.factions)
    for (std::size_t i = 0; i < f.home.size(); ++i) {
      const auto earlier = std::find(f.home.begin(), f.home.begin() + static_cast<std::ptrdiff_t>(i), f.home[i]);
      if (earlier != f.home.begin() + static_cast<std::ptrdiff_t>(i))
        out.push_back({"messina.reachable.two-home-spaces",
                       {"factions", id, "home", std::to_string(i)},
                       fmt::format("{} names its Home Space {} twice", id, f.home[i])});
      else if (i >= 2)
        out.push_back({"messina.reachable.two-home-spaces",
                       {"factions", id, "home", std::to_string(i)},
                       fmt::format("{} has {} Home Spaces; a faction has two at most (either of its Home Spaces)", id,
                                   f.home.size())});
    }
  return out;
}

// messina.reachable.own-home-spaces (messina.friendly.area, messina.population.home-defence): each
// faction's Home Spaces are its own, so no space is a Home Space of two factions. The pages never say
// how the map is set up: messina.convention.own-home-spaces. Each faction (in the order of their ids)
// naming a Home Space an earlier faction names breaks it.
InvariantBreaks own_home_spaces(const Rules&, const State& state) {
  InvariantBreaks out;
  std::map<SpaceId, FactionId> first_home_of;
  for (const auto& [id, f] : state.factions)
    for (std::size_t i = 0; i < f.home.size(); ++i) {
      const auto [earlier, first] = first_home_of.emplace(f.home[i], id);
      if (!first && earlier->second != id)
        out.push_back({"messina.reachable.own-home-spaces",
                       {"factions", id, "home", std::to_string(i)},
                       fmt::format("{} is {}'s Home Space already; a faction's Home Spaces are its own", f.home[i],
                                   earlier->second)});
    }
  return out;
}

// messina.reachable.one-shield-per-space (messina.muster.shield.build-upgrade,
// messina.muster.shield.rearm), under the one-per-space reading of messina.shield-per-space:
// Shields are built only in a Muster or a Re-arm, and neither builds one where a Shield stands, so
// a space never holds two. Under one-per-faction every faction may have its own Shield there
// (validate.cpp still allows only one per owner).
InvariantBreaks one_shield_per_space(const Rules& rules, const State& state) {
  InvariantBreaks out;
  if (rules.readings.shield_per_space != Readings::ShieldPerSpace::one_per_space) return out;
  for (const auto& [id, space] : state.spaces)
    for (std::size_t i = 1; i < space.shields.size(); ++i)
      out.push_back({"messina.reachable.one-shield-per-space",
                     {"spaces", id, "shields", std::to_string(i)},
                     fmt::format("{} holds {}'s Shield besides {}'s; under the one-per-space reading of "
                                 "messina.shield-per-space no Shield is built where one stands",
                                 id, space.shields[i].owner, space.shields.front().owner)});
  return out;
}

// messina.reachable.workers-in-own-utilities (messina.population.placement.workers,
// messina.population.interconversion), under the own reading of messina.worker-utility: Workers
// enter a Utility only when placed in an Industry Action or converted from a Civilian or Infantry
// there, and under that reading both put them in the faction's own Utilities; so no Utility holds
// another faction's Workers as guests.
InvariantBreaks workers_in_own_utilities(const Rules& rules, const State& state) {
  InvariantBreaks out;
  if (rules.readings.worker_utility != Readings::WorkerUtility::own) return out;
  for (const auto& [id, space] : state.spaces)
    for (std::size_t i = 0; i < space.utilities.size(); ++i)
      for (const auto& [guest, n] : space.utilities[i].guests)
        if (n > 0)
          out.push_back({"messina.reachable.workers-in-own-utilities",
                         {"spaces", id, "utilities", std::to_string(i), "guests", guest},
                         fmt::format("{} Worker(s) of {} stand in {}'s Utility in {}; under the own reading of "
                                     "messina.worker-utility Workers go only into their faction's own Utilities",
                                     n, guest, space.utilities[i].owner, id)});
  return out;
}

using InvariantCheck = InvariantBreaks (*)(const Rules&, const State&);

struct Invariant {
  std::string_view id;
  InvariantCheck check;
};

constexpr std::array<Invariant, 6> kInvariants = {{
    {"messina.reachable.alternating-phase", &alternating_phase},
    {"messina.reachable.one-ai-faction", &one_ai_faction},
    {"messina.reachable.two-home-spaces", &two_home_spaces},
    {"messina.reachable.own-home-spaces", &own_home_spaces},
    {"messina.reachable.one-shield-per-space", &one_shield_per_space},
    {"messina.reachable.workers-in-own-utilities", &workers_in_own_utilities},
}};

}  // namespace

std::vector<std::string_view> reachability_invariants() {
  std::vector<std::string_view> ids;
  for (const auto& invariant : kInvariants) ids.push_back(invariant.id);
  return ids;
}

InvariantBreaks reachability_breaks(const Rules& rules, const State& state) {
  InvariantBreaks out;
  for (const auto& invariant : kInvariants)
    for (auto& broken : invariant.check(rules, state)) out.push_back(std::move(broken));
  return out;
}

}  // namespace rulecheck::messina
