// Rules bound once per (game, ruleset, readings) and reused: a run, or a `serve` session, sends the
// same few combinations again and again. Shared by the cross-checker and `rulecheck serve`.
#pragma once

#include <deque>
#include <memory>
#include <string>

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

  explicit Bindings(std::size_t capacity = 64) : capacity_(capacity) {}

  // `game`'s rules bound to `ruleset` (merged over the game's defaults) and `readings` (defaults
  // filled in). The reference is valid until the next call. Throws InputError on a bad ruleset or
  // reading.
  const Entry& get(const std::string& game, const GameRules& rules, const json& ruleset, const json& readings) {
    for (const auto& e : entries_)
      if (e.game == game && e.ruleset == ruleset && e.readings == readings) return e;
    const json merged = rules.merged_ruleset(ruleset), chosen = rules.readings(readings);
    if (entries_.size() >= capacity_) entries_.pop_front();
    entries_.push_back({game, ruleset, readings, find_game(game)->bind(merged, chosen), merged.dump(), chosen.dump()});
    return entries_.back();
  }

 private:
  std::size_t capacity_;
  std::deque<Entry> entries_;
};

}  // namespace rulecheck
