// Drawing the rulesets a game produces (CaseOptions::only_produced), for both games' generators.
#pragma once

#include <cstddef>
#include <vector>

#include "properties/generators/generated_case.hpp"

namespace rulecheck::generators {

// One pick per group, 0 keeping the ruleset given: the given ruleset in two cases of three, one group
// drawn in one of six (an engine that ignores it fails on a case that changes nothing else), every
// group in one of six. Shrinks towards the ruleset given.
rc::Gen<std::vector<int>> produced_picks(std::size_t groups);

// The overrides of `given` (a complete ruleset) that `picks` make: for each group picked, one of its
// combinations other than given's values (the pick chooses which), only the keys that differ.
json produced_overrides(const std::vector<ProducedGroup>& groups, const std::vector<int>& picks, const json& given);

// `given` with each combination of each group merged in, one at a time: every value a key can take,
// for the bounds of what a generator builds.
std::vector<json> produced_variants(const std::vector<ProducedGroup>& groups, const json& given);

}  // namespace rulecheck::generators
