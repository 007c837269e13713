// The engine protocol, version 1 (docs/engine-protocol.md): JSON objects, one per line, requests on
// stdin and answers on stdout, anything at all on stderr. rulecheck may send many requests before
// it reads an answer; reading a line, answering it and flushing, one line after another, keeps the
// answers in request order and never waits on rulecheck.
//
// Where to add your own sections: list each action you implement in kMessinaActions (each query in
// kMessinaQueries) and the readings you implement in kReadings. Whatever is not listed is answered
// "unsupported". Another game: add it to hello's "games" and give it tables of its own in answer().
#include <algorithm>
#include <iostream>
#include <map>
#include <string>

#include "engine.hpp"

namespace example_engine {
namespace {

constexpr int kProtocol = 1;
constexpr const char* kName = "example-engine-cpp";
constexpr const char* kVersion = "1";
// Deeper requests are answered with an error instead of being copied and walked (rulecheck never
// sends them; its own limit for answers is 512).
constexpr int kMaxDepth = 512;

using Action = json (*)(const Rules& rules, json state, const json& action);
using Query = json (*)(const Rules& rules, const json& state, const json& query);

// Messina: action "type" -> the function that applies it; query "type" -> the function answering it.
const std::map<std::string, Action> kMessinaActions = {
    {"consume", consume},  // consumption.cpp: messina.consumption.*
};
const std::map<std::string, Query> kMessinaQueries = {};

// Interpretation point -> the readings implemented, the preferred one first (declared in hello).
// Keep in step with the Rules::reading calls of the sections.
const json kReadings = {
    {"messina.consumption-bill", json::array({"all-tokens", "excluding-disaffected"})},
    {"messina.step3-card-units", json::array({"map-and-cards", "map-only"})},
};

// hello: who this engine is, the games it plays and the readings it implements. A hello asking for
// another protocol version is answered with an error (as rulecheck serve does).
json hello(const json& request) {
  const json protocol = request.value("protocol", json());
  if (protocol != kProtocol) {
    const std::string why = "this engine speaks protocol " + std::to_string(kProtocol) +
                            "; this hello asks for protocol " + protocol.dump();
    std::cerr << "example-engine-cpp: " << why << "\n";
    return {{"id", nullptr}, {"error", why}};
  }
  return {{"name", kName}, {"version", kVersion}, {"games", json::array({"messina"})}, {"interpretations", kReadings}};
}

// A member of the request that must be there.
const json& member(const json& request, const std::string& key, bool object) {
  auto it = request.find(key);
  if (it == request.end()) throw BadRequest{"/" + key + ": missing"};
  if (object && !it->is_object()) throw BadRequest{"/" + key + ": expected an object"};
  return *it;
}

// One apply or query request -> its answer.
json answer(const json& request) {
  const json id = request.contains("id") ? request["id"] : json();
  try {
    const json& op = member(request, "op", false);
    if (op != "apply" && op != "query") throw BadRequest{"/op: unknown op " + op.dump()};
    member(request, "id", false);
    const std::string& game = string_at(request, "game", "/game");
    if (game != "messina") throw Unsupported{"game \"" + game + "\""};
    const Rules rules(member(request, "ruleset", true), member(request, "interpretations", true));
    const json& state = member(request, "state", true);
    if (op == "apply") {
      const json& action = member(request, "action", true);
      const std::string& type = string_at(action, "type", "/action/type");
      auto it = kMessinaActions.find(type);
      if (it == kMessinaActions.end()) throw Unsupported{"messina action type \"" + type + "\""};
      return {{"id", id}, {"legal", true}, {"state", it->second(rules, state, action)}};
    }
    const json& query = member(request, "query", true);
    const std::string& type = string_at(query, "type", "/query/type");
    auto it = kMessinaQueries.find(type);
    if (it == kMessinaQueries.end()) throw Unsupported{"messina query type \"" + type + "\""};
    return {{"id", id}, {"result", it->second(rules, state, query)}};
  } catch (const Illegal& e) {
    return {{"id", id}, {"legal", false}, {"rule", e.rule}, {"reason", e.reason}};
  } catch (const Unsupported& e) {
    return {{"id", id}, {"unsupported", e.what}};
  } catch (const BadRequest& e) {
    std::cerr << "example-engine-cpp: request " << id.dump() << ": " << e.what << "\n";
    return {{"id", id}, {"error", e.what}};
  } catch (const std::exception& e) {  // nlohmann::json's type errors included
    std::cerr << "example-engine-cpp: request " << id.dump() << " failed: " << e.what() << "\n";
    return {{"id", id}, {"error", std::string("malformed request: ") + e.what()}};
  }
}

int serve(std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // a blank line
    int depth = 0;
    const auto track_depth = [&depth](int d, json::parse_event_t, json&) {
      depth = std::max(depth, d);
      return true;
    };
    const json request = json::parse(line, track_depth, /*allow_exceptions=*/false);
    json reply;
    if (request.is_discarded() || !request.is_object()) {
      std::cerr << "example-engine-cpp: a line that is not a JSON object\n";
      reply = {{"id", nullptr}, {"error", "not a JSON object"}};
    } else if (depth > kMaxDepth) {
      std::cerr << "example-engine-cpp: a request nested " << depth << " deep\n";
      const json id = request.contains("id") && request["id"].is_primitive() ? request["id"] : json();
      reply = {{"id", id}, {"error", "request nested more than " + std::to_string(kMaxDepth) + " deep"}};
    } else if (request.value("op", json()) == "bye") {
      return 0;  // no answer
    } else if (request.value("op", json()) == "hello") {
      reply = hello(request);
    } else {
      reply = answer(request);
    }
    // One line per answer, flushed at once: an answer left in a buffer counts as a hang.
    out << reply.dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush;
  }
  return 0;  // stdin closed: as good as bye
}

}  // namespace
}  // namespace example_engine

int main() {
  std::ios::sync_with_stdio(false);
  return example_engine::serve(std::cin, std::cout);
}
