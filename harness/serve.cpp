#include "harness/serve.hpp"

#include <istream>
#include <map>
#include <ostream>

#include <fmt/format.h>

#include "harness/game.hpp"
#include "harness/json_io.hpp"
#include "oracle/common/rule_violation.hpp"

namespace rulecheck {

namespace {

class OracleServer {
 public:
  OracleServer(const RulesLibrary& library, std::string version) : library_(library), version_(std::move(version)) {}

  json hello() const {
    json games = json::array(), readings = json::object();
    for (const Game* g : all_games()) {
      games.push_back(g->name());
      if (const GameRules* r = library_.find(g->name()))
        for (const auto& p : r->points) readings[p.id] = p.default_reading;
    }
    return {{"name", "rulecheck-oracle"}, {"version", version_}, {"games", games}, {"interpretations", readings}};
  }

  json answer(const json& request) {
    const json id = request.value("id", json(nullptr));
    const std::string op = request.value("op", "");
    const std::string game = request.value("game", "");
    const GameRules* rules = library_.find(game);
    if (!rules) return {{"id", id}, {"error", fmt::format("unknown game \"{}\"", game)}};
    const BoundRules& bound = bind(game, *rules, request.value("ruleset", json::object()),
                                   request.value("interpretations", json::object()));
    const json& state = request.at("state");
    if (op == "query") return {{"id", id}, {"result", bound.query(state, request.at("query"))}};
    ApplyOutcome out = bound.apply(state, request.at("action"));
    if (out.legal) return {{"id", id}, {"legal", true}, {"state", *out.state}};
    return {{"id", id}, {"legal", false}, {"rule", out.rule}, {"reason", out.reason}};
  }

 private:
  // Rules bound to a ruleset and readings are kept: a run sends the same few again and again.
  const BoundRules& bind(const std::string& game, const GameRules& rules, const json& ruleset, const json& readings) {
    std::string key = game + '\n' + ruleset.dump() + '\n' + readings.dump();
    auto it = bound_.find(key);
    if (it == bound_.end()) {
      if (bound_.size() > 256) bound_.clear();
      it = bound_.emplace(std::move(key), find_game(game)->bind(rules.merged_ruleset(ruleset), rules.readings(readings)))
               .first;
    }
    return *it->second;
  }

  const RulesLibrary& library_;
  std::string version_;
  std::map<std::string, std::unique_ptr<BoundRules>> bound_;
};

}  // namespace

int serve(std::istream& in, std::ostream& out, const RulesLibrary& library, const std::string& version) {
  OracleServer server(library, version);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json answer;
    json request = json::parse(line, nullptr, false);
    if (request.is_discarded() || !request.is_object()) {
      answer = {{"id", nullptr}, {"error", "the request is not a JSON object"}};
    } else {
      const std::string op = request.value("op", "");
      try {
        if (op == "bye") break;
        if (op == "hello") answer = server.hello();
        else if (op == "apply" || op == "query") answer = server.answer(request);
        else answer = {{"id", request.value("id", json(nullptr))},
                       {"error", fmt::format("unknown op \"{}\"; the ops are hello, apply, query, bye", op)}};
      } catch (const InputError& e) {
        answer = {{"id", request.value("id", json(nullptr))},
                  {"error", fmt::format("{}{}", e.pointer().empty() ? "" : "at " + e.pointer() + ": ", e.what())}};
      } catch (const std::exception& e) {
        answer = {{"id", request.value("id", json(nullptr))}, {"error", e.what()}};
      }
    }
    out << answer.dump() << '\n';
    if (in.rdbuf()->in_avail() <= 0) out.flush();
  }
  out.flush();
  return 0;
}

}  // namespace rulecheck
