// Rules bound once per (game, ruleset, readings) and reused: a run, or a `serve` session, sends the
// same few combinations again and again. Shared by the cross-checker and `rulecheck serve`.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"

namespace rulecheck {

class Bindings {
 public:
  struct Entry {
    std::string game;
    json ruleset, readings;                   // as asked for: overrides and chosen readings
    std::shared_ptr<const BoundRules> rules;  // stays valid for whoever holds it after eviction
    std::string ruleset_text, readings_text;  // the merged ruleset and full readings, serialised
  };

  explicit Bindings(std::size_t capacity = 256) : capacity_(capacity) {}

  // `game`'s rules bound to `ruleset` (merged over the game's defaults) and `readings` (defaults
  // filled in). The reference is valid until the next call. Throws InputError on a bad ruleset or
  // reading. The last combination is found without a look-up; others by their text (generated cases
  // run under many sampled rulesets, so the look-up must not walk the cache).
  const Entry& get(const std::string& game, const GameRules& rules, const json& ruleset, const json& readings) {
    if (last_ && last_->game == game && last_->ruleset == ruleset && last_->readings == readings) return *last_;
    std::string key = game;
    ((key += '\n') += ruleset.dump()) += '\n';
    key += readings.dump();
    if (auto it = entries_.find(key); it != entries_.end()) return *(last_ = &it->second);
    const json merged = rules.merged_ruleset(ruleset), chosen = rules.readings(readings);
    Entry entry{game, ruleset, readings, find_game(game)->bind(merged, chosen), merged.dump(), chosen.dump()};
    if (entries_.size() >= capacity_) {  // the oldest combination goes
      entries_.erase(order_.front());
      order_.pop_front();
    }
    order_.push_back(key);
    return *(last_ = &entries_.emplace(std::move(key), std::move(entry)).first->second);
  }

 private:
  std::size_t capacity_;
  std::unordered_map<std::string, Entry> entries_;
  std::deque<std::string> order_;  // keys, oldest first
  const Entry* last_ = nullptr;
};

}  // namespace rulecheck
