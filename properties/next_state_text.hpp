// A property both games' tests state (test_messina_generated.cpp, test_scythe_properties.cpp): a legal
// step's next state written as text straight from the oracle's state is exactly the text of its JSON
// value dumped, and asking for both forms gives the same two.
#pragma once

#include <rapidcheck.h>

#include "common/game.hpp"

namespace rulecheck {

inline void check_next_state_text(const BoundRules& rules, const json& state, const json& request) {
  const ApplyOutcome value = rules.apply(state, request);
  const ApplyOutcome text = rules.apply_as(state, request, NextState::text);
  const ApplyOutcome both = rules.apply_as(state, request, NextState::both);
  RC_ASSERT(text.legal == value.legal);
  RC_ASSERT(both.legal == value.legal);
  if (!value.legal) return;
  RC_ASSERT(text.state == nullptr);
  RC_ASSERT(text.state_text == value.state->dump());
  RC_ASSERT(both.state_text == value.state->dump());
  RC_ASSERT(*both.state == *value.state);
}

}  // namespace rulecheck
