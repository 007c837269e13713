#include "rulebook/text_folder.hpp"

#include <cstdlib>

#include <fmt/format.h>

namespace rulecheck::rulebook {

namespace {

bool is_folder(const std::filesystem::path& dir) {
  std::error_code error;
  return std::filesystem::is_directory(dir, error);
}

}  // namespace

TextFolder find_text_folder(const TextFolderChoice& choice, const Project& project) {
  const auto none = [](std::string origin, const std::string& missing) {
    return TextFolder{
        std::nullopt, std::move(origin),
        fmt::format("no rule texts (give --text DIR or set {}; {} does not exist)", kTextsVariable, missing), false};
  };
  if (choice.given) {
    if (is_folder(*choice.given)) return {choice.given, "--text", "", false};
    TextFolder missing = none("--text", choice.given->string());
    missing.why_none =
        fmt::format("--text {}: no such folder (the folder holding the rule texts)", choice.given->string());
    missing.given_missing = true;
    return missing;
  }
  if (choice.from_env) {
    if (is_folder(*choice.from_env)) return {choice.from_env, kTextsVariable, "", false};
    return none(kTextsVariable, fmt::format("{} (from {})", choice.from_env->string(), kTextsVariable));
  }
  const std::filesystem::path shared = (project.root / ".." / "shared" / "rules").lexically_normal();
  if (is_folder(shared)) return {shared, "default", "", false};
  return none("default", shared.string());
}

TextFolderChoice text_folder_choice(const std::string& text_option) {
  TextFolderChoice choice;
  if (!text_option.empty()) choice.given = text_option;
  if (const char* env = std::getenv(kTextsVariable); env && *env) choice.from_env = std::filesystem::path(env);
  return choice;
}

}  // namespace rulecheck::rulebook
