// Dispatch of actions and queries to the section that owns them.
#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

namespace {
template <class... Fs>
struct overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
overloaded(Fs...) -> overloaded<Fs...>;
}  // namespace

State apply(const Rules& rules, const State& state, const Action& action) {
  return std::visit(overloaded{
                        [&](const Consume& a) { return consume(rules, state, a); },
                        [&](const Place& a) { return place_population(rules, state, a); },
                        [&](const Convert& a) { return convert_units(rules, state, a); },
                        [&](const Release& a) { return release_to_spare(rules, state, a); },
                        [&](const Muster& a) { return muster(rules, state, a); },
                        [&](const Rearm& a) { return rearm(rules, state, a); },
                        [&](const Expose& a) { return expose_card(rules, state, a); },
                        [&](const Hide& a) { return hide_card(rules, state, a); },
                        [&](const Transfer& a) { return transfer_from_card(rules, state, a); },
                        [&](const EndExploration& a) { return end_exploration(rules, state, a); },
                    },
                    action);
}

QueryAnswer answer(const Rules& rules, const State& state, const Query& query) {
  return std::visit(
      overloaded{
          [&](const FriendlyAreaQuery& q) -> QueryAnswer { return friendly_area(rules, state, q.faction, q.purpose); },
          [&](const HostileQuery& q) -> QueryAnswer { return is_hostile(rules, state, q.faction, q.at); },
          [&](const MustExposeQuery& q) -> QueryAnswer { return must_expose(rules, state, q); },
          [&](const TieBreakQuery& q) -> QueryAnswer { return tie_break_winner(rules, state, q); },
          [&](const BombableQuery& q) -> QueryAnswer { return bombable(state, q); },
          [&](const SupportCutQuery& q) -> QueryAnswer { return support_can_be_cut(state, q); },
      },
      query);
}

}  // namespace rulecheck::messina
