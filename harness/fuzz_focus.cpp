#include "harness/fuzz_focus.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/ruleset_paths.hpp"
#include "common/input_error.hpp"

namespace rulecheck {

namespace {

// "a,b" "c" -> a, b, c (blanks dropped).
std::vector<std::string> split_items(const std::vector<std::string>& given) {
  std::vector<std::string> out;
  for (const auto& item : given) {
    std::size_t start = 0;
    while (start <= item.size()) {
      const std::size_t comma = std::min(item.find(',', start), item.size());
      std::string piece = item.substr(start, comma - start);
      piece.erase(0, piece.find_first_not_of(' '));
      piece.erase(piece.find_last_not_of(' ') + 1);
      if (!piece.empty() && std::find(out.begin(), out.end(), piece) == out.end()) out.push_back(piece);
      start = comma + 1;
    }
  }
  return out;
}

}  // namespace

std::string focus_kind(bool is_query, const std::string& type) { return (is_query ? "query:" : "action:") + type; }

std::vector<std::string> changed_ruleset_keys(const json& overrides, const json& defaults) {
  std::vector<std::string> out;
  changed_ruleset_keys(overrides, defaults, "", out);
  return out;
}

FuzzFocus::FuzzFocus(const std::vector<std::string>& kinds, const std::vector<std::string>& keys,
                     const RulesLibrary& library,
                     const std::map<std::string, std::vector<std::string>>& game_kinds) {
  kinds_ = split_items(kinds);
  keys_ = split_items(keys);
  keys_given_ = !keys.empty();
  if (keys_given_ && keys_.empty()) throw InputError("", "--keys names no ruleset key");
  if (!kinds.empty() && kinds_.empty()) throw InputError("", "--kinds names no request kind");
  std::vector<std::string> offered, lists;  // every game's kinds, and each game's list in words
  for (const auto& [game, list] : game_kinds) {
    std::vector<std::string> named;
    for (const auto& k : list) {  // "action move" -> "action:move"
      const std::size_t space = k.find(' ');
      named.push_back(k.substr(0, space) + ":" + k.substr(space + 1));
    }
    offered.insert(offered.end(), named.begin(), named.end());
    lists.push_back(fmt::format("{}: {}", game, fmt::join(named, ",")));
  }
  for (const auto& k : kinds_)
    if (std::find(offered.begin(), offered.end(), k) == offered.end())
      throw InputError("", fmt::format("--kinds: \"{}\" is no request kind of the games fuzzed (a kind is action:TYPE "
                                       "or query:TYPE; the kinds are {})",
                                       k, lists.empty() ? "unknown" : fmt::format("{}", fmt::join(lists, "; "))));
  std::vector<std::string> all_keys, key_lists;
  for (const auto& [game, list] : game_kinds) {
    const GameRules* rules = library.find(game);
    if (!rules) continue;
    std::vector<std::string> game_keys;
    ruleset_leaf_keys(rules->ruleset, "", game_keys);
    all_keys.insert(all_keys.end(), game_keys.begin(), game_keys.end());
    key_lists.push_back(fmt::format("{}: {}", game, fmt::join(game_keys, ",")));
  }
  for (const auto& k : keys_)
    if (std::find(all_keys.begin(), all_keys.end(), k) == all_keys.end())
      throw InputError("", fmt::format("--keys: \"{}\" is no ruleset key of the games fuzzed (the keys of "
                                       "rules/<game>/ruleset.json, nested ones by dotted path: {})",
                                       k, fmt::join(key_lists, "; ")));
}

bool FuzzFocus::admits(bool is_query, const std::string& type, const json& ruleset, const json& defaults) const {
  if (!kinds_.empty() && std::find(kinds_.begin(), kinds_.end(), focus_kind(is_query, type)) == kinds_.end())
    return false;
  if (!keys_given_) return true;
  for (const auto& key : changed_ruleset_keys(ruleset, defaults))
    if (std::find(keys_.begin(), keys_.end(), key) == keys_.end()) return false;
  return true;
}

}  // namespace rulecheck
