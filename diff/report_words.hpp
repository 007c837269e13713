// The words of `rulecheck diff`'s reports (report.cpp: console, Markdown, JSON; report_html.cpp: HTML):
// outcomes, changes and sentences told the same way in each. Internal to diff/.
#pragma once

#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "diff/edit_diff.hpp"
#include "diff/witness.hpp"
#include "rulebook/stated_numbers.hpp"

namespace rulecheck::diff::words {

inline json witness_json(const Witness& w) { return {{"base", w.base}, {"edited", w.edited}}; }

inline std::string outcome_text(const json& o) {
  if (o.is_null()) return "not a state";
  if (o.contains("error")) return "not a state: " + o["error"].get<std::string>();
  if (o.contains("result")) return "answer " + o["result"].dump();
  if (o.value("legal", false)) return "legal";
  return fmt::format("illegal ({})", o.value("rule", ""));
}

// A witness scenario's expected outcome, as outcome_text tells it.
inline std::string expected_text(const json& scenario) {
  if (scenario.is_null()) return "not a state";
  return outcome_text(scenario["steps"][0]["expect"]);
}

inline std::string step_text(const json& scenario) {
  const json& step = scenario["steps"][0];
  return (step.contains("action") ? step["action"] : step["query"]).dump();
}

inline std::string id_of(const json& scenario) { return scenario.is_null() ? "-" : scenario.value("id", ""); }

// Where the two sides' legal next states differ (JSON pointers).
inline std::string next_state_differences(const Witness& w) {
  if (w.base.is_null() || w.edited.is_null()) return "";
  const json& a = w.base["steps"][0]["expect"];
  const json& b = w.edited["steps"][0]["expect"];
  if (!a.contains("state") || !b.contains("state")) return "";
  std::string out;
  for (const auto& op : json::diff(a["state"], b["state"]))
    out += (out.empty() ? "" : ", ") + op["path"].get<std::string>();
  return out;
}

// "a -> b"; for two legal outcomes, where their next states part: "legal -> legal (/factions/red/popularity 4 -> 3)".
inline std::string change_text(const json& before, const json& after) {
  std::string out = outcome_text(before) + " -> " + outcome_text(after);
  if (!before.contains("state") || !after.contains("state")) return out;
  const json patch = json::diff(before["state"], after["state"]);
  if (patch.empty()) return out;
  const std::string path = patch[0]["path"];
  const json::json_pointer at(path);
  const json was = before["state"].contains(at) ? before["state"][at] : json();
  const json now = after["state"].contains(at) ? after["state"][at] : json();
  out += fmt::format(" ({} {} -> {}{})", path, was.is_null() ? "absent" : was.dump(), now.is_null() ? "absent" : now.dump(),
                     patch.size() > 1 ? fmt::format(", and {} more", patch.size() - 1) : "");
  return out;
}

// Whether a change only moves which clause refuses a step that is illegal on both sides (kept apart
// from the changes of legality or of outcome: the step's fate is the same, its reason differs).
inline bool refusal_only(const json& before, const json& after) {
  auto refused = [](const json& o) {
    return o.is_object() && o.contains("legal") && !o.value("legal", true) && !o.contains("error");
  };
  return refused(before) && refused(after) && before.value("rule", "") != after.value("rule", "");
}
inline bool refusal_only(const std::string& before, const std::string& after) {
  return before.rfind("illegal", 0) == 0 && after.rfind("illegal", 0) == 0 && before != after;
}
inline bool refusal_only(const Witness& w) {
  return !w.base.is_null() && !w.edited.is_null() &&
         refusal_only(w.base["steps"][0]["expect"], w.edited["steps"][0]["expect"]);
}
inline bool refusal_only(const ScenarioChange& c) { return refusal_only(c.before, c.after); }
inline bool refusal_only(const SampleChange& c) { return refusal_only(c.before, c.after); }
inline bool refusal_only(const ProbeChange& c) { return refusal_only(c.witness); }

// The changes of a list that are (or are not) refusal-only, in order.
template <typename Change>
inline std::vector<const Change*> split(const std::vector<Change>& all, bool refusals) {
  std::vector<const Change*> out;
  for (const auto& c : all)
    if (refusal_only(c) == refusals) out.push_back(&c);
  return out;
}

inline constexpr const char* kNone = "None.";

inline std::size_t change_count(const GameDiff& d) {
  return d.scenarios.size() + d.sample.size() + d.proofs.size() + d.points.size() + d.probes.size() +
         d.contradictions.size() + d.sentences.size();
}

// "messina.cards.seven-per-location (cards paragraph 8, number #3)"
inline std::string sentence_place(const SentenceChange& c) {
  return fmt::format("{} ({} paragraph {}, number #{})", c.clause, c.section, c.paragraph, c.nth);
}

// What the editor must do with the sentence.
inline std::string sentence_verdict(const SentenceChange& c) {
  const std::string value = fmt::format("{} -> {}", rulebook::number_text(c.before), rulebook::number_text(c.after));
  if (c.states_a_key) return fmt::format("states {}: {} (the edit itself: change its words with it)", c.means, value);
  return fmt::format("{}: {}: left as written, it contradicts {}; re-word it", c.means, value,
                     c.rests_on.empty() ? "the edited numbers" : fmt::format("{}", fmt::join(c.rests_on, ", ")));
}

// A contradiction change in words: "messina.cards.capacity + ... cannot all hold under the edited rules
// (not under the base): why".
inline std::string contradiction_text(const ContradictionChange& c) {
  return fmt::format("{} cannot all hold under the {} rules (they can under the {}): {}", fmt::join(c.clauses, " + "),
                     c.after ? "edited" : "base", c.after ? "base" : "edited", c.note);
}

// What the points compared are: the declared ones, with or without the literal search's new findings.
inline std::string points_scope(const GameDiff& d) {
  return d.literal_search ? " (the declared points and the literal search's new findings)"
                          : " (the declared points; --discovery adds the literal search for new findings)";
}

// The contradiction search's line: how many probes, the changes, or why there is none.
inline std::string contradictions_headline(const GameDiff& d) {
  if (d.contradiction_probes == 0) return "not searched (no literal encoding for this game, or --rlimit 0)";
  return fmt::format("{} probe(s) on each side: {} change", d.contradiction_probes, d.contradictions.size());
}

inline std::string edit_line(const GameDiff& d) {
  std::string out;
  for (const auto& k : d.ruleset) out += fmt::format("{}{} {} -> {}", out.empty() ? "" : "; ", k.key, k.before.dump(), k.after.dump());
  for (const auto& k : d.readings)
    out += fmt::format("{}reading of {} {} -> {}", out.empty() ? "" : "; ", k.key, k.before.dump(), k.after.dump());
  return out.empty() ? "nothing (the edited rules are the base rules)" : out;
}


}  // namespace rulecheck::diff::words
