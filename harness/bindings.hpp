// Rules bound once per (game, ruleset, readings) and reused: a run, or a `serve` session, sends the
// same few combinations again and again. Shared by the cross-checker and `rulecheck serve`.
//
// Generated cases run under many rulesets and readings, so a combination not seen before must be
// cheap too: the merged ruleset and the full readings (and their texts, which go into every request)
// are kept per ruleset and per readings, apart, and only the binding itself is made per pair.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "common/game.hpp"
#include "harness/rules_data.hpp"

namespace rulecheck {

class Bindings {
 public:
  struct Entry {
    std::string game;
    std::shared_ptr<const BoundRules> rules;  // stays valid for whoever holds it after eviction
    std::string ruleset_text, readings_text;  // the merged ruleset and full readings, serialised
  };

  // `capacity`: the bound combinations kept (and as many rulesets and readings); the oldest goes first.
  explicit Bindings(std::size_t capacity = 4096) : capacity_(capacity) {}

  // `game`'s rules bound to `ruleset` (overrides merged over the game's defaults) and `readings`
  // (defaults filled in). The reference is valid until the next call. Throws InputError on a bad
  // ruleset or reading. The last combination is found without a look-up.
  const Entry& get(const std::string& game, const GameRules& rules, const json& ruleset, const json& readings) {
    return *get_shared(game, rules, ruleset, readings);
  }
  // The same, held: valid after eviction for whoever keeps it.
  std::shared_ptr<const Entry> get_shared(const std::string& game, const GameRules& rules, const json& ruleset,
                                          const json& readings);

 private:
  // A merged ruleset or a full set of readings, with its text and an id never given twice.
  struct Side {
    std::uint64_t id = 0;
    json value;
    std::string text;
  };
  template <typename Value>
  struct Kept {
    std::unordered_map<std::string, Value> entries;
    std::deque<std::string> order;  // keys, oldest first
  };
  template <typename Value>
  Value& keep(Kept<Value>& kept, std::string key, Value value);

  const Side& side(Kept<Side>& kept, const std::string& game, const json& asked, bool is_ruleset,
                   const GameRules& rules);

  std::size_t capacity_;
  std::uint64_t next_id_ = 1;
  Kept<Side> rulesets_, readings_;
  Kept<std::shared_ptr<const Entry>> bound_;
  std::shared_ptr<const Entry> last_;
  json last_ruleset_, last_readings_;
};

}  // namespace rulecheck
