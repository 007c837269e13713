#include "harness/signature.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/pointer.hpp"
#include "harness/failure_order.hpp"

namespace rulecheck {

namespace {

void add_once(std::vector<std::string>& to, const std::string& clause) {
  if (!clause.empty() && std::find(to.begin(), to.end(), clause) == to.end()) to.push_back(clause);
}

// RFC 6901: "~1" is "/", "~0" is "~".
std::string unescape(std::string_view token) {
  std::string out;
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
      out += token[i + 1] == '0' ? '~' : '/';
      ++i;
    } else {
      out += token[i];
    }
  }
  return out;
}

bool is_index(std::string_view token) {
  return !token.empty() && std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::set<std::string> state_names(const json& state) {
  std::set<std::string> names;
  if (!state.is_object()) return names;
  for (const auto& [key, member] : state.items()) {
    if (!member.is_object() || member.empty()) continue;
    if (std::all_of(member.begin(), member.end(), [](const json& v) { return v.is_object(); }))
      for (const auto& [name, value] : member.items()) names.insert(name);
  }
  return names;
}

std::string fold_pointer(const std::string& pointer, const std::set<std::string>& names) {
  std::string out;
  std::size_t start = pointer.empty() || pointer[0] != '/' ? 0 : 1;
  if (pointer.empty()) return out;
  while (start <= pointer.size()) {
    const std::size_t end = std::min(pointer.find('/', start), pointer.size());
    const std::string token = unescape(std::string_view(pointer).substr(start, end - start));
    out += "/";
    out += is_index(token) || names.count(token) ? std::string("*") : pointer_token(token);
    start = end + 1;
  }
  return out;
}

namespace {

// The oracle's outcome with the first difference (`patch`, from the target's outcome to the expected
// one) undone at its one field: the target's value there, or the field gone when the target lacked it.
std::optional<json> with_first_difference(const json& oracle_outcome, const json& patch, const json& actual) {
  if (!patch.is_array() || patch.empty() || !patch[0].is_object()) return std::nullopt;
  const std::string op = patch[0].value("op", ""), path = patch[0].value("path", "");
  if (path.empty() || path == "/legal" || path == "/rule") return std::nullopt;  // the whole outcome differs
  try {
    json claimed = oracle_outcome;
    const json::json_pointer at(path);
    if (op == "add") {  // the target's outcome lacks the field
      if (!claimed.contains(at)) return std::nullopt;
      claimed.at(at.parent_pointer()).erase(at.back());
    } else {
      claimed[at] = actual;
    }
    return claimed;
  } catch (const std::exception&) {
    return std::nullopt;  // a path the oracle's outcome cannot hold
  }
}

}  // namespace

std::vector<std::string> deciding_clauses(const CaseResult& r, const GameRules& game, const BoundRules& rules,
                                          const json& state, const Step& step, const json* oracle_outcome,
                                          unsigned rlimit) {
  std::vector<std::string> out;
  // 1. The step is illegal: the rule that forbids it decides it, whatever the target answered.
  if (!r.expected_rule.empty()) {
    add_once(out, r.expected_rule);
    return out;
  }
  // 2. The target forbade a legal step by a clause of the game: its reading of that clause.
  if (!r.answer_rule.empty() && game.has_clause(r.answer_rule)) {
    add_once(out, r.answer_rule);
    return out;
  }
  // 3. The solver's unsat core: of the first difference alone, else of the target's whole outcome.
  if (oracle_outcome && rlimit > 0 && r.verdict == Verdict::fail)
    if (const auto claimed = with_first_difference(*oracle_outcome, r.patch, r.actual)) {
      OutcomeCheck check;
      try {
        check = rules.check_outcome(state, step.request, step.is_query, *claimed, rlimit);
      } catch (const std::exception&) {
        check = OutcomeCheck{};
      }
      if (check.membership == Membership::forbidden)
        for (const auto& c : check.clauses)
          if (game.has_clause(c)) add_once(out, c);
      if (!out.empty()) return out;
    }
  if (r.solver == "forbidden" && !r.solver_clauses.empty()) {
    for (const auto& c : r.solver_clauses)
      if (game.has_clause(c)) add_once(out, c);
    if (!out.empty()) return out;
  }
  // 4. The oracle's own reasoning at this step, traced now (the hot path never traces).
  try {
    const Explanation e = rules.explain(state, step.request, step.is_query);
    for (const auto& d : e.decisions)
      if (game.has_clause(d.clause)) add_once(out, d.clause);
  } catch (const std::exception&) {
    // A step the oracle cannot read decides nothing; the cites stand in.
  }
  if (out.empty()) out = r.cites;
  return out;
}

std::string differing_part(const json& patch, const json& expected, const std::set<std::string>& names) {
  const bool has_path = patch.is_array() && !patch.empty() && patch[0].is_object() && patch[0].contains("path") &&
                        patch[0]["path"].is_string();
  const std::string path = has_path ? patch[0]["path"].get<std::string>() : std::string();
  if (path == "/legal") return expected == json(true) ? "refused legal" : "accepted illegal";
  if (path == "/rule") return "another rule";
  const std::string folded = fold_pointer(path, names);
  return folded.empty() ? "/" : folded;
}

std::string earliest_decided(const std::vector<std::string>& deciding, const BoundRules& rules, const json& state,
                             const Step& step) {
  if (deciding.size() < 2) return deciding.empty() ? std::string() : deciding.front();
  try {
    const Explanation e = rules.explain(state, step.request, step.is_query);
    for (const auto& d : e.decisions)
      if (std::find(deciding.begin(), deciding.end(), d.clause) != deciding.end()) return d.clause;
  } catch (const std::exception&) {
    // A step the oracle cannot read: the first deciding clause stands.
  }
  return deciding.front();
}

std::string signature_clause(const CaseResult& r, std::string_view game, const std::string& cause) {
  const bool refused_legal = r.patch.is_array() && !r.patch.empty() && r.patch[0].value("path", "") == "/legal" &&
                             r.expected == json(true);
  if (refused_legal) return r.answer_rule.empty() ? "(no rule)" : r.answer_rule;
  if (!r.expected_rule.empty()) {
    const std::string_view facet = clause_facet(game, r.expected_rule, r.expected_reason);
    return facet.empty() ? r.expected_rule : fmt::format("{} ({})", r.expected_rule, facet);
  }
  return cause.empty() ? std::string("(no clause)") : cause;
}

std::string failure_signature(const std::string& kind, const CaseResult& r, const std::set<std::string>& names,
                              const std::string& cause) {
  // A failure without a difference: the target's next state is not a valid state.
  const bool invalid_state = r.verdict == Verdict::fail && !r.patch.is_array();
  return fmt::format("{} | {} | {}", kind,
                     invalid_state ? std::string("invalid next state") : differing_part(r.patch, r.expected, names),
                     signature_clause(r, r.game, cause));
}

void attribute_failure(CaseResult& r, const GameRules& game, const BoundRules& rules, const json& start,
                       const json& state, const Step& step, const json* oracle_outcome, unsigned rlimit) {
  if (r.verdict != Verdict::fail && r.verdict != Verdict::disputed) return;
  r.deciding = deciding_clauses(r, game, rules, state, step, oracle_outcome, rlimit);
  r.signature = failure_signature(request_kind(r.game, step.is_query, step.request), r, state_names(start),
                                  earliest_decided(r.deciding, rules, state, step));
}

}  // namespace rulecheck
