// The names actions and queries use in the formats (docs/formats.md), for the readers (adapter.cpp) and
// the writers of the solver's witnesses (step_json.cpp).
#pragma once

#include "common/json_io.hpp"
#include "oracle/messina/actions.hpp"

namespace rulecheck::messina {

inline constexpr NameTable<PlacementTime, 3> kPlacementTimeNames = {{{PlacementTime::industry, "industry"},
                                                              {PlacementTime::before_orders, "before-orders"},
                                                              {PlacementTime::home_defence, "home-defence"}}};
inline constexpr NameTable<TokenSource, 2> kTokenSourceNames = {
    {{TokenSource::spare, "spare"}, {TokenSource::disaffected, "disaffected"}}};
inline constexpr NameTable<ShieldOpKind, 2> kShieldOpNames = {
    {{ShieldOpKind::build, "build"}, {ShieldOpKind::upgrade, "upgrade"}}};
inline constexpr NameTable<ExposureSituation, 10> kExposureSituationNames = {
    {{ExposureSituation::utility_build, "utility-build"},
     {ExposureSituation::muster_on_map, "muster-on-map"},
     {ExposureSituation::muster_onto_card, "muster-onto-card"},
     {ExposureSituation::connect, "connect"},
     {ExposureSituation::obstruction, "obstruction"},
     {ExposureSituation::march, "march"},
     {ExposureSituation::demolition, "demolition"},
     {ExposureSituation::military_effect, "military-effect"},
     {ExposureSituation::battle, "battle"},
     {ExposureSituation::no_response, "no-response"}}};
inline constexpr NameTable<SupportCutter, 4> kSupportCutterNames = {{{SupportCutter::missile, "missile"},
                                                              {SupportCutter::bomb, "bomb"},
                                                              {SupportCutter::march, "march"},
                                                              {SupportCutter::support, "support"}}};

}  // namespace rulecheck::messina
