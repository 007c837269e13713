#include "harness/serve.hpp"

#include <poll.h>

#include <cerrno>

#include <istream>
#include <unordered_map>
#include <ostream>
#include <vector>

#include <fmt/format.h>

#include "common/game.hpp"
#include "common/bounded_read.hpp"
#include "common/input_error.hpp"
#include "common/output.hpp"
#include "common/json_io.hpp"
#include "common/text.hpp"
#include "harness/engine_line.hpp"
#include "games/registry.hpp"
#include "harness/bindings.hpp"
#include "harness/interrupt.hpp"
#include "harness/pipeline.hpp"
#include "harness/request_members.hpp"

namespace rulecheck {

namespace {

// A request's string field ("" when absent); one of another type is an InputError naming it (found
// by fuzzing: {"op": 5} ended serve).
std::string string_field(const json& request, const char* key) {
  const auto it = request.find(key);
  if (it == request.end()) return "";
  if (!it->is_string()) throw InputError(std::string("/") + key, fmt::format("\"{}\" is a string", key));
  return it->get<std::string>();
}


class OracleServer {
 public:
  OracleServer(const RulesLibrary& library, std::string version) : library_(library), version_(std::move(version)) {}

  json hello() const {
    json games = json::array(), readings = json::object();
    for (const Game* g : all_games()) {
      games.push_back(g->name());
      if (const GameRules* r = library_.find(g->name()))
        for (const auto& p : r->points) {  // the oracle implements every reading: the default first
          json offered = json::array({p.default_reading});
          for (const auto& reading : p.readings)
            if (reading != p.default_reading) offered.push_back(reading);
          readings[p.id] = offered;
        }
    }
    return {{"name", "rulecheck-oracle"}, {"version", version_}, {"games", games}, {"interpretations", readings}};
  }

  // The fast path for a request whose game, ruleset and readings are the same bytes as those of a
  // request bound before: only the state and the action (or query) are parsed. Returns false (and
  // does nothing) when the line is not of that shape or its rules were not seen.
  bool answer_same_rules(std::string_view line, std::string& out) {
    members_.clear();
    if (!split_members(line, members_, last_.texts)) return false;
    std::string_view id, op, game, ruleset, readings, state, request;
    for (const auto& [key, value] : members_) {
      if (key == "id")
        id = value;
      else if (key == "op")
        op = value;
      else if (key == "game")
        game = value;
      else if (key == "ruleset")
        ruleset = value;
      else if (key == "interpretations")
        readings = value;
      else if (key == "state")
        state = value;
      else if (key == "action" || key == "query")
        request = value;
      else
        return false;
    }
    if (state.empty() || request.empty() || id.empty() || (op != "\"apply\"" && op != "\"query\"")) return false;
    const BoundRules* bound = last_.same(game, ruleset, readings) ? last_.bound.get() : nullptr;
    if (!bound) {
      const auto known = bound_by_text_.find(rules_key(game, ruleset, readings));
      if (known == bound_by_text_.end()) return false;
      last_.keep(game, ruleset, readings, known->second);
      bound = known->second.get();
    }
    const json request_json = parse_json_lenient(request);  // too deep or not JSON: the full parse says why
    if (request_json.is_discarded()) return false;
    // The state is read from its text (a state that is not JSON, or not valid, throws: the caller
    // then answers from the full parse, which says why).
    out = oracle_answer_line(*bound, id, op == "\"query\"", StateText{state}, request_json);
    return true;
  }

  // One apply or query; the answer line (key-sorted compact JSON, the state written once).
  std::string answer(const json& request, std::string_view line) {
    const json id = request.value("id", json(nullptr));
    const std::string game = string_field(request, "game");
    const GameRules* rules = library_.find(game);
    if (!rules) throw InputError("/game", fmt::format("unknown game \"{}\"", game));
    static const json kEmpty = json::object();
    const auto ruleset = request.find("ruleset"), readings = request.find("interpretations");
    const std::shared_ptr<const BoundRules> bound = bindings_
                                                        .get(game, *rules, ruleset == request.end() ? kEmpty : *ruleset,
                                                             readings == request.end() ? kEmpty : *readings)
                                                        .rules;
    const auto state = request.find("state");
    if (state == request.end()) throw InputError("/state", "an apply or query request carries the \"state\"");
    remember(line, game, bound);
    const bool is_query = string_field(request, "op") == "query";
    const auto body = request.find(is_query ? "query" : "action");
    if (body == request.end())
      throw InputError(is_query ? "/query" : "/action",
                       is_query ? "a query request carries the \"query\"" : "an apply request carries the \"action\"");
    return answer_with(*bound, id.dump(), is_query, *state, *body);
  }

  static std::string answer_with(const BoundRules& bound, const std::string& id_text, bool is_query, const json& state,
                                 const json& body) {
    return oracle_answer_line(bound, id_text, is_query, state, body);
  }

 private:
  // The raw texts of a request's game, ruleset and readings, as one key.
  std::string rules_key(std::string_view game, std::string_view ruleset, std::string_view readings) {
    key_.clear();
    ((((key_ += game) += '\n') += ruleset) += '\n') += readings;
    return key_;
  }

  // Keeps the raw ruleset and readings of the request just bound, for answer_same_rules (at most
  // kRulesKept combinations: when full, it starts again).
  void remember(std::string_view line, const std::string& game, std::shared_ptr<const BoundRules> bound) {
    static constexpr std::size_t kRulesKept = 4096;
    members_.clear();
    if (!split_members(line, members_)) return;
    std::string_view ruleset, readings;
    for (const auto& [key, value] : members_) {
      if (key == "ruleset") ruleset = value;
      if (key == "interpretations") readings = value;
    }
    if (bound_by_text_.size() >= kRulesKept) bound_by_text_.clear();
    bound_by_text_.emplace(rules_key(json(game).dump(), ruleset, readings), std::move(bound));
  }

  // The raw game, ruleset and readings texts of the rules answer_same_rules used last, and those
  // rules: a request of the same rules (the usual case: a run sends one ruleset) is matched by
  // comparing its texts with these, without making a key of them, and split_members passes over the
  // ruleset and readings without scanning them.
  struct LastRules {
    std::string game, ruleset, readings;
    std::vector<std::string_view> texts;  // ruleset and readings, as split_members' `known`
    std::shared_ptr<const BoundRules> bound;

    bool same(std::string_view g, std::string_view rs, std::string_view rd) const {
      return bound && g == game && rs == ruleset && rd == readings;
    }
    void keep(std::string_view g, std::string_view rs, std::string_view rd, std::shared_ptr<const BoundRules> b) {
      game.assign(g);
      ruleset.assign(rs);
      readings.assign(rd);
      texts = {ruleset, readings};
      bound = std::move(b);
    }
  };

  const RulesLibrary& library_;
  std::string version_;
  LastRules last_;
  Bindings bindings_;
  std::vector<std::pair<std::string_view, std::string_view>> members_;
  // The rules bound for each (game, ruleset, readings) seen, by their raw texts in the request.
  std::unordered_map<std::string, std::shared_ptr<const BoundRules>> bound_by_text_;
  std::string key_;
};

}  // namespace

namespace {

// Waits until `fd` has input (or its end); false when a signal asked rulecheck to stop first.
bool wait_for_input(int fd) {
  for (;;) {
    if (interrupted()) return false;
    pollfd p{fd, POLLIN, 0};
    const int n = ::poll(&p, 1, -1);  // a signal caught (no SA_RESTART) returns -1, EINTR
    if (n > 0) return true;
    if (n < 0 && errno != EINTR) return true;  // let the read say what is wrong
  }
}

}  // namespace

int serve(std::istream& in, std::ostream& out, const RulesLibrary& library, const std::string& version,
          int wait_fd) {
  OracleServer server(library, version);
  std::string line;
  LineReader lines(in);  // a request line is held up to kMaxLineBytes, like an engine's answer
  // Each answer goes out whole; a write that fails (a full disk, a closed pipe) ends the loop, exit 3.
  const auto send = [&](const std::string& answer) {
    write_checked(out, answer + '\n', "standard output");
    if (!lines.buffered() && in.rdbuf()->in_avail() <= 0) flush_checked(out, "standard output");
  };
  for (LineReader::Got got;;) {
    // Nothing buffered: wait for the next request where a signal can end the session.
    if (wait_fd >= 0 && !lines.buffered() && in.rdbuf()->in_avail() <= 0 && !wait_for_input(wait_fd)) break;
    if ((got = lines.next(line)) == LineReader::Got::end) break;
    if (got == LineReader::Got::too_long) {
      send(fmt::format(R"({{"error":"the request line is {} bytes, over the limit of {} for one line","id":null}})",
                       lines.length(), size_text(lines.cap())));
      continue;
    }
    if (is_blank_line(line)) continue;  // a blank line (JSON whitespace only) is ignored, as in an engine's output
    std::string answer;
    try {
      if (server.answer_same_rules(line, answer)) {
        send(answer);
        continue;
      }
    } catch (const std::exception&) {
      // fall through to the full parse, which reports the problem with its pointer
    }
    const bool too_deep = nested_deeper_than(line);
    std::string refused;  // why a text was refused when not only for being malformed
    json request = too_deep ? json(json::value_t::discarded) : parse_json_lenient(line, &refused);
    if (too_deep) {
      answer = fmt::format(R"({{"error":"the request nests arrays and objects more than {} deep","id":null}})",
                           kMaxJsonNesting);
    } else if (!refused.empty()) {
      answer = json{{"error", "the request is refused: " + refused}, {"id", nullptr}}.dump();
    } else if (request.is_discarded() || !request.is_object()) {
      answer = R"({"error":"the request is not a JSON object","id":null})";
    } else {
      auto error = [&](const std::string& message) {
        return json{{"id", request.value("id", json(nullptr))}, {"error", message}}.dump();
      };
      try {
        const std::string op = string_field(request, "op");
        if (op == "bye") break;
        if (op == "hello" && request.contains("protocol") && request["protocol"] != 1)
          answer = error(fmt::format("rulecheck serve speaks protocol 1; this hello asks for protocol {}",
                                     request["protocol"].dump(-1, ' ', false, json::error_handler_t::replace)));
        else if (op == "hello")
          answer = server.hello().dump();
        else if (op == "apply" || op == "query")
          answer = server.answer(request, line);
        else
          answer = error(fmt::format("unknown op \"{}\"; the ops are hello, apply, query, bye", op));
      } catch (const InputError& e) {
        answer = error(fmt::format("{}{}", e.pointer().empty() ? "" : "at " + e.pointer() + ": ", e.what()));
      } catch (const std::exception& e) {
        answer = error(e.what());
      }
    }
    send(answer);
    if (interrupted()) break;  // a signal during the answer: it is written, the session ends
  }
  flush_checked(out, "standard output");
  return interrupted() ? 128 + interrupted() : 0;
}

}  // namespace rulecheck
