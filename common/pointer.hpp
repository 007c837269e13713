// JSON pointers (RFC 6901) for error messages, built without any JSON library.
#pragma once

#include <string>
#include <string_view>

namespace rulecheck {

inline std::string pointer_token(std::string_view token) {
  std::string out;
  for (char c : token) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

// pointer("/factions", "UE", "population") == "/factions/UE/population"
template <typename... Tokens>
std::string pointer(std::string base, const Tokens&... tokens) {
  ((base += "/", base += pointer_token(tokens)), ...);
  return base;
}

}  // namespace rulecheck

namespace rulecheck {

// The same from a list of tokens: pointer_from("/state", {"factions", "UE"}) == "/state/factions/UE".
template <typename Tokens>
std::string pointer_from(std::string base, const Tokens& tokens) {
  for (const auto& t : tokens) (base += "/") += pointer_token(t);
  return base;
}

}  // namespace rulecheck
