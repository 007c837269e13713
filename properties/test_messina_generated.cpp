// Properties of the Messina oracle over generated cases (properties/generators/messina.cpp),
// through the same JSON interface engines and scenarios use. Each property is a sentence of the
// rule text, its clause ids (rules/messina/clauses.json) named above it:
//   - every generated state is valid, and canonical JSON is a fixed point;
//   - tokens are conserved by every legal action (Disaffected + Spare + Located + dead);
//   - no token goes from well fed to dead in one Consumption;
//   - Located equals the units it backs after every legal action;
//   - a legal Muster never pushes a map space or a card over its stacking limit;
//   - a space is hostile only with an opposing presence;
//   - the Friendly Area only shrinks when friendly presence is removed;
//   - an illegal answer names a clause of the index;
//   - the oracle is deterministic, and total under every reading of every interpretation point
//     (rules/messina/interpretations.json), each point's readings bound one at a time.
// The numbers (stacking limits) come from the loaded ruleset, never from this file.
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "common/game.hpp"
#include "common/input_error.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "properties/generators/generated_case.hpp"
#include "properties/next_state_text.hpp"

namespace rulecheck::properties {
namespace {

using generators::GeneratedCase;

const GameRules& messina_rules() {
  static const RulesLibrary library(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return *library.find("messina");
}

const json& ruleset() {
  static const json merged = messina_rules().merged_ruleset(json::object());
  return merged;
}

// The oracle bound to the project's ruleset under one set of readings.
struct Binding {
  json readings;
  std::unique_ptr<BoundRules> rules;
};

// The default readings first, then, for every interpretation point, each of its other readings
// with every other point at its default (one binding per point x reading).
const std::vector<Binding>& every_reading() {
  static const std::vector<Binding> bindings = [] {
    std::vector<Binding> out;
    out.push_back({messina_rules().readings(json::object()), nullptr});
    for (const InterpretationPoint& p : messina_rules().points)
      for (const std::string& reading : p.readings) {
        json full = messina_rules().readings({{p.id, reading}});
        if (full != out.front().readings) out.push_back({full, nullptr});
      }
    for (Binding& b : out) b.rules = find_game("messina")->bind(ruleset(), b.readings);
    return out;
  }();
  return bindings;
}

const BoundRules& messina() { return *every_reading().front().rules; }

const rc::Gen<GeneratedCase>& cases() {
  static const rc::Gen<GeneratedCase> gen = generators::messina_cases(ruleset());
  return gen;
}

// Generated Musters only (about one case in seven is one).
const rc::Gen<GeneratedCase>& musters() {
  static const rc::Gen<GeneratedCase> gen =
      rc::gen::suchThat(cases(), [](const GeneratedCase& c) { return c.kind == "muster"; });
  return gen;
}

std::string show(const GeneratedCase& c) {
  return "state: " + c.state.dump() + "\n" + (c.is_query ? "query: " : "action: ") + c.request.dump();
}

// ---- Reading states ----

std::vector<std::string> factions_of(const json& state) {
  std::vector<std::string> out;
  for (const auto& [faction, f] : state.at("factions").items()) out.push_back(faction);
  return out;
}

int tokens(const json& state, const std::string& faction) {
  const json& f = state.at("factions").at(faction);
  const json pop = f.value("population", json::object());
  return pop.value("disaffected", 0) + pop.value("spare", 0) + pop.value("located", 0) + f.value("dead", 0);
}

int disaffected(const json& state, const std::string& faction) {
  const json& f = state.at("factions").at(faction);
  return f.value("population", json::object()).value("disaffected", 0);
}

int dead(const json& state, const std::string& faction) { return state.at("factions").at(faction).value("dead", 0); }

int sum_counts(const json& units) {
  int n = 0;
  for (const auto& [unit, count] : units.items()) n += count.get<int>();
  return n;
}

// messina.muster.stacking under the default messina.stacking-scope reading ("all-factions"): every
// faction's units in a map space; messina.muster.stacking.workers: workers (in utilities) left out.
int map_stack(const json& state, const std::string& space) {
  const json& sp = state.at("spaces").at(space);
  int n = 0;
  if (sp.contains("units"))
    for (const auto& [faction, units] : sp.at("units").items()) n += sum_counts(units);
  return n;
}

int card_stack(const json& state, const std::string& card) {
  if (!state.contains("cards") || !state.at("cards").contains(card)) return 0;
  const json& c = state.at("cards").at(card);
  return c.contains("units") ? sum_counts(c.at("units")) : 0;
}

// Workers of `faction` in a space: in its own utilities and as a guest in another's.
int workers_at(const json& state, const std::string& space, const std::string& faction) {
  const json& sp = state.at("spaces").at(space);
  int n = 0;
  if (sp.contains("utilities"))
    for (const json& u : sp.at("utilities")) {
      if (u.at("owner") == faction) n += u.value("workers", 0);
      if (u.contains("guests")) n += u.at("guests").value(faction, 0);
    }
  return n;
}

bool gives_consent(const json& state, const std::string& giver, const std::string& to, const std::string& activity) {
  if (giver == to) return true;
  const json& f = state.at("factions").at(giver);
  if (!f.contains("consents") || !f.at("consents").contains(to)) return false;
  for (const json& a : f.at("consents").at(to))
    if (a == activity) return true;
  return false;
}

// What `faction` has in a space, each kind counted apart, for "something was removed".
std::map<std::string, int> presence(const json& state, const std::string& space, const std::string& faction) {
  std::map<std::string, int> p;
  const json& sp = state.at("spaces").at(space);
  if (sp.contains("units") && sp.at("units").contains(faction))
    for (const auto& [unit, count] : sp.at("units").at(faction).items()) p[unit] = count.get<int>();
  p["worker"] = workers_at(state, space, faction);
  if (sp.contains("utilities"))
    for (const json& u : sp.at("utilities"))
      if (u.at("owner") == faction) ++p["utility"];
  if (sp.contains("shield") && sp.at("shield").at("owner") == faction) ++p["shield"];
  if (sp.contains("shields"))
    for (const json& s : sp.at("shields"))
      if (s.at("owner") == faction) ++p["shield"];
  if (state.contains("cards") && state.at("cards").contains(space) &&
      state.at("cards").at(space).at("holder") == faction)
    ++p["card"];
  return p;
}

bool lost_something(const std::map<std::string, int>& before, const std::map<std::string, int>& after) {
  for (const auto& [kind, n] : before) {
    const auto it = after.find(kind);
    if ((it == after.end() ? 0 : it->second) < n) return true;
  }
  return false;
}

// The legal outcome of a generated action under the default readings, or nothing.
struct Legal {
  const Binding* binding;
  json before, after;  // canonical states
};

std::optional<Legal> legal_outcome(const GeneratedCase& c) {
  if (c.is_query) return std::nullopt;
  const ApplyOutcome o = messina().apply(c.state, c.request);
  RC_CLASSIFY(o.legal, "legal " + c.kind);
  if (!o.legal) return std::nullopt;
  return Legal{&every_reading().front(), messina().canonical_state(c.state), *o.state};
}

// Generated actions legal under some reading (about a third of all cases), for the properties
// about legal outcomes.
bool legal_somewhere(const GeneratedCase& c) {
  if (c.is_query) return false;
  for (const Binding& b : every_reading())
    if (b.rules->apply(c.state, c.request).legal) return true;
  return false;
}

const rc::Gen<GeneratedCase>& legal_actions() {
  static const rc::Gen<GeneratedCase> gen = rc::gen::suchThat(cases(), legal_somewhere);
  return gen;
}

// The legal outcomes of a generated action under every binding of every_reading().
std::vector<Legal> legal_outcomes(const GeneratedCase& c) {
  std::vector<Legal> out;
  if (c.is_query) return out;
  const json before = messina().canonical_state(c.state);
  for (const Binding& b : every_reading()) {
    const ApplyOutcome o = b.rules->apply(c.state, c.request);
    if (o.legal) out.push_back({&b, before, *o.state});
  }
  RC_CLASSIFY(!out.empty(), "legal " + c.kind + " under some reading");
  return out;
}

// ---- Properties ----

// No clause: the validator's checks (docs/formats.md, "Messina state"; among them
// messina.population.backing and messina.cards.capacity) and the JSON edge. Every generated state
// is valid, its action or query reads, and canonical JSON is a fixed point.
RC_GTEST_PROP(MessinaGenerated, EveryStateIsValidAndCanonicalJsonIsAFixedPoint, ()) {
  const GeneratedCase c = *cases();
  RC_ASSERT(c.game == "messina");
  RC_ASSERT(c.request.at("type").get<std::string>() == c.kind);
  const json canonical = messina().canonical_state(c.state);
  RC_ASSERT(messina().canonical_state(canonical) == canonical);
  RC_TAG(c.kind);
  if (c.is_query)
    messina().query(c.state, c.request);
  else
    messina().apply(c.state, c.request);
}

// messina.population.tokens, messina.population.backing, messina.population.disaffected,
// messina.population.spare, messina.population.located, messina.consumption.shortfall.payment:
// every legal action moves tokens between Disaffected, Spare, Located and the Death Zone; per
// faction the total never changes. Under every reading.
RC_GTEST_PROP(MessinaGenerated, TokensAreConservedByEveryLegalAction, ()) {
  const GeneratedCase c = *legal_actions();
  for (const Legal& o : legal_outcomes(c))
    for (const std::string& f : factions_of(o.before)) RC_ASSERT(tokens(o.after, f) == tokens(o.before, f));
}

// messina.consumption.shortfall.excess (with messina.consumption.shortfall.step1-3): no token goes
// from well fed to dead in one Consumption: the dead rise by at most the Disaffected present before.
// Other legal actions kill nobody. Under every reading (messina.consumption-bill among them).
RC_GTEST_PROP(MessinaGenerated, NoTokenGoesFromWellFedToDeadInOneConsumption, ()) {
  const GeneratedCase c = *legal_actions();
  bool deaths = false;
  for (const Legal& o : legal_outcomes(c))
    for (const std::string& f : factions_of(o.before)) {
      const int died = dead(o.after, f) - dead(o.before, f);
      deaths = deaths || died > 0;
      RC_ASSERT(died >= 0);
      RC_ASSERT(died <= disaffected(o.before, f));
      if (c.kind != "consume") RC_ASSERT(died == 0);
    }
  RC_CLASSIFY(deaths, "tokens died");
}

// messina.population.backing (messina.population.located): after every legal action, Located
// equals the units it backs: the next state passes the validator (which checks exactly that), and
// is already canonical. Under every reading.
RC_GTEST_PROP(MessinaGenerated, LocatedEqualsTheUnitsItBacksAfterEveryLegalAction, ()) {
  const GeneratedCase c = *legal_actions();
  for (const Legal& o : legal_outcomes(c)) {
    try {
      RC_ASSERT(o.binding->rules->canonical_state(o.after) == o.after);
    } catch (const InputError& e) {
      RC_FAIL("under readings " + o.binding->readings.dump() + " the next state is invalid at " + e.pointer() + ": " +
              e.what() + "\nnext: " + o.after.dump());
    }
  }
}

// messina.muster.stacking, messina.muster.stacking.over-limit, messina.muster.stacking.workers
// (default reading of messina.stacking-scope, "all-factions"; of messina.over-limit-card,
// "map-only"): after a legal Muster no map space holds more than stacking_map units of all factions
// (workers left out) and no card more than stacking_card, unless it already did before, and then
// it gained nothing.
RC_GTEST_PROP(MessinaGenerated, ALegalMusterNeverPushesASpaceOrCardOverItsLimit, ()) {
  const GeneratedCase c = *musters();
  const auto o = legal_outcome(c);
  RC_PRE(o.has_value());
  const int map_limit = ruleset().at("stacking_map").get<int>(), card_limit = ruleset().at("stacking_card").get<int>();
  bool gained = false, filled = false, over = false, card_gained = false;
  for (const auto& [space, sp] : o->before.at("spaces").items()) {
    const int before = map_stack(o->before, space), after = map_stack(o->after, space);
    gained = gained || after > before;
    filled = filled || (after == map_limit && before < map_limit);
    over = over || before > map_limit;
    RC_ASSERT(after <= std::max(map_limit, before));
  }
  if (o->before.contains("cards"))
    for (const auto& [card, cd] : o->before.at("cards").items()) {
      const int before = card_stack(o->before, card), after = card_stack(o->after, card);
      card_gained = card_gained || after > before;
      RC_ASSERT(after <= std::max(card_limit, before));
    }
  RC_CLASSIFY(gained, "a space gained units");
  RC_CLASSIFY(filled, "a space filled to the limit");
  RC_CLASSIFY(over, "a space already over the limit");
  RC_CLASSIFY(card_gained, "a card gained units");
}

// messina.friendly.hostile, messina.friendly.consent (military), under every reading of
// messina.hostile-workers and messina.card-hostility (and every other point): a space is hostile
// to a faction only when some faction giving it no "military" consent has units or workers there,
// or holds the space's card (face-up or not: the weakest form, true under both readings). Asked
// of every space and every faction of each generated state (the generated "hostile" queries are
// only a few per cent of the cases).
RC_GTEST_PROP(MessinaGenerated, ASpaceIsHostileOnlyWithAnOpposingPresence, ()) {
  const GeneratedCase c = *cases();
  const json state = messina().canonical_state(c.state);
  int hostile = 0;
  for (const std::string& asker : factions_of(state))
    for (const auto& [space, sp] : state.at("spaces").items()) {
      bool opposing = false;
      for (const std::string& other : factions_of(state)) {
        if (gives_consent(state, other, asker, "military")) continue;
        if (sp.contains("units") && sp.at("units").contains(other) && sum_counts(sp.at("units").at(other)) > 0)
          opposing = true;
        if (workers_at(state, space, other) > 0) opposing = true;
        if (state.contains("cards") && state.at("cards").contains(space) &&
            state.at("cards").at(space).at("holder") == other)
          opposing = true;
      }
      const json query = {{"type", "hostile"}, {"faction", asker}, {"at", space}};
      for (const Binding& b : every_reading()) {
        const json answer = b.rules->query(state, query);
        RC_ASSERT(answer.is_boolean());
        if (!answer.get<bool>()) continue;
        ++hostile;
        if (!opposing)
          RC_FAIL("under readings " + b.readings.dump() + " " + space + " is hostile to " + asker +
                  " with no opposing presence\nstate: " + state.dump());
      }
    }
  RC_CLASSIFY(hostile > 0, "some space hostile");
}

// messina.friendly.area, messina.friendly.space, messina.friendly.empty, messina.friendly.consent:
// the Friendly Area (purpose "muster") of every faction, the acting one included, only loses a
// space when the action removed something of that faction's or of an ally consenting to "muster" from some space. And
// the action types that only add presence (place, transfer, expose, hide, convert, a muster with
// no disband) never shrink it. Under every reading (messina.friendly-area-extent,
// messina.home-space-anchor and messina.card-in-area among them), the area asked of the same binding.
RC_GTEST_PROP(MessinaGenerated, TheFriendlyAreaOnlyShrinksWhenFriendlyPresenceIsRemoved, ()) {
  const GeneratedCase c = *legal_actions();
  bool shrank = false;
  for (const Legal& legal : legal_outcomes(c)) {
    const Legal* const o = &legal;
    const BoundRules& rules = *legal.binding->rules;
    static const std::set<std::string> only_add = {"place", "transfer", "expose", "hide", "convert"};
    const bool muster_without_disband = c.kind == "muster" && !c.request.contains("disband");
    for (const std::string& f : factions_of(o->before)) {
      const json area_query = {{"type", "friendly-area"}, {"faction", f}, {"purpose", "muster"}};
      const json before = rules.query(o->before, area_query), after = rules.query(o->after, area_query);
      std::vector<std::string> lost;
      for (const json& s : before)
        if (std::find(after.begin(), after.end(), s) == after.end()) lost.push_back(s.get<std::string>());
      if (lost.empty()) continue;
      shrank = true;
      const std::string why = "under readings " + legal.binding->readings.dump() + " " + f +
                              "'s muster Friendly Area lost " + json(lost).dump() + "\nbefore: " + o->before.dump() +
                              "\naction: " + c.request.dump() + "\nafter: " + o->after.dump();
      if (only_add.count(c.kind) > 0 || muster_without_disband) RC_FAIL("a " + c.kind + " shrank it: " + why);
      bool removed = false;
      for (const std::string& ally : factions_of(o->before)) {
        if (!gives_consent(o->before, ally, f, "muster")) continue;
        for (const auto& [space, sp] : o->before.at("spaces").items())
          if (lost_something(presence(o->before, space, ally), presence(o->after, space, ally))) removed = true;
      }
      if (!removed) RC_FAIL("nothing friendly was removed, yet " + why);
    }
  }
  RC_CLASSIFY(shrank, "an area shrank");
}

// Every clause of rules/messina/clauses.json may be the answer; none outside it: an illegal answer
// names a clause id of the index, with a reason, under every reading.
RC_GTEST_PROP(MessinaGenerated, AnIllegalAnswerNamesAClauseOfTheIndex, ()) {
  const GeneratedCase c = *cases();
  RC_PRE(!c.is_query);
  for (const Binding& b : every_reading()) {
    const ApplyOutcome o = b.rules->apply(c.state, c.request);
    if (o.legal) continue;
    if (!messina_rules().has_clause(o.rule))
      RC_FAIL("under readings " + b.readings.dump() + " the answer names \"" + o.rule + "\", not a clause");
    RC_ASSERT(!o.reason.empty());
  }
}

// No clause: the JSON edge. A legal action's next state, written as text straight from the oracle's
// state (serve's answer, the harness's next request), is exactly the text of its JSON value dumped,
// under every reading; and asking for both forms gives the same two. Cases under sampled rulesets
// and with any valid state too, so that every field of the state format is written.
RC_GTEST_PROP(MessinaGenerated, TheNextStatesTextIsItsJsonDumped, ()) {
  static const rc::Gen<GeneratedCase> wide = [] {
    generators::CaseOptions options;
    options.any_state = true;
    options.sample_ruleset = true;
    return generators::messina_cases(ruleset(), options);
  }();
  const GeneratedCase c = *rc::gen::oneOf(cases(), wide);
  RC_PRE(!c.is_query);
  RC_TAG(c.kind);
  const json merged = messina_rules().merged_ruleset(c.ruleset);
  for (const Binding& b : every_reading()) {
    const auto rules = find_game("messina")->bind(merged, b.readings);
    check_next_state_text(*rules, c.state, c.request);
  }
}

// Every interpretation point of rules/messina/interpretations.json, each reading: the same case
// gives the same answer twice, and no reading throws: it answers legal, illegal with a clause, or
// a query's result. An InputError on a generated case is a generator bug, failed loudly.
RC_GTEST_PROP(MessinaOracle, IsDeterministicAndTotalUnderEveryReading, ()) {
  const GeneratedCase c = *cases();
  for (const Binding& b : every_reading()) {
    try {
      if (c.is_query) {
        const json first = b.rules->query(c.state, c.request);
        RC_ASSERT(b.rules->query(c.state, c.request) == first);
      } else {
        const ApplyOutcome first = b.rules->apply(c.state, c.request), second = b.rules->apply(c.state, c.request);
        RC_ASSERT(first.legal == second.legal);
        RC_ASSERT(first.rule == second.rule);
        RC_ASSERT(first.reason == second.reason);
        if (first.legal) RC_ASSERT(*first.state == *second.state);
      }
    } catch (const InputError& e) {
      RC_FAIL("generator bug: under readings " + b.readings.dump() + " InputError at " + e.pointer() + ": " + e.what() +
              "\n" + show(c));
    } catch (const rc::detail::CaseResult&) {
      throw;
    } catch (const std::exception& e) {
      RC_FAIL("under readings " + b.readings.dump() + " the oracle threw: " + e.what() + "\n" + show(c));
    }
  }
}

}  // namespace
}  // namespace rulecheck::properties
