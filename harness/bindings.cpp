#include "harness/bindings.hpp"

#include <fmt/format.h>

#include "games/registry.hpp"

namespace rulecheck {

template <typename Value>
Value& Bindings::keep(Kept<Value>& kept, std::string key, Value value) {
  if (kept.entries.size() >= capacity_) {  // the oldest goes
    kept.entries.erase(kept.order.front());
    kept.order.pop_front();
  }
  kept.order.push_back(key);
  return kept.entries.emplace(std::move(key), std::move(value)).first->second;
}

const Bindings::Side& Bindings::side(Kept<Side>& kept, const std::string& game, const json& asked, bool is_ruleset,
                                     const GameRules& rules) {
  std::string key = game;
  (key += '\n') += asked.dump();
  if (auto it = kept.entries.find(key); it != kept.entries.end()) return it->second;
  json value = is_ruleset ? rules.merged_ruleset(asked) : rules.readings(asked);
  std::string text = value.dump();
  return keep(kept, std::move(key), Side{next_id_++, std::move(value), std::move(text)});
}

std::shared_ptr<const Bindings::Entry> Bindings::get_shared(const std::string& game, const GameRules& rules,
                                                            const json& ruleset, const json& readings) {
  if (last_ && last_->game == game && last_ruleset_ == ruleset && last_readings_ == readings) return last_;
  last_ = nullptr;
  const Side& merged = side(rulesets_, game, ruleset, true, rules);
  const Side& chosen = side(readings_, game, readings, false, rules);
  std::string key = fmt::format("{}\n{}\n{}", game, merged.id, chosen.id);
  auto it = bound_.entries.find(key);
  std::shared_ptr<const Entry> entry =
      it != bound_.entries.end()
          ? it->second
          : keep(bound_, std::move(key),
                 std::make_shared<const Entry>(
                     Entry{game, find_game(game)->bind(merged.value, chosen.value), merged.text, chosen.text}));
  last_ruleset_ = ruleset;
  last_readings_ = readings;
  return last_ = std::move(entry);
}

}  // namespace rulecheck
