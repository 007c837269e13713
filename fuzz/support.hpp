// What the libFuzzer targets share: the project's rules, loaded once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "harness/rules_data.hpp"

namespace rulecheck::fuzzing {

inline const RulesLibrary& library() {
  static const RulesLibrary rules(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return rules;
}

inline std::string_view text_of(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace rulecheck::fuzzing
