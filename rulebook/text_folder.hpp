// Where the rule texts are. Users of rulecheck do not have the project's ../shared, so the folder
// is an input: --text DIR, else the environment variable RULECHECK_RULE_TEXTS, else
// <project>/../shared/rules when that exists. Without one, the fingerprint checks are skipped
// (and reported as skipped, never as passed).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "rulebook/project.hpp"

namespace rulecheck::rulebook {

inline constexpr const char* kTextsVariable = "RULECHECK_RULE_TEXTS";

struct TextFolderChoice {
  std::optional<std::filesystem::path> given;     // --text DIR
  std::optional<std::filesystem::path> from_env;  // $RULECHECK_RULE_TEXTS (unset or empty: nothing)
};

struct TextFolder {
  std::optional<std::filesystem::path> dir;  // the folder, when there is one
  std::string origin;                        // "--text", "RULECHECK_RULE_TEXTS" or "default"
  std::string why_none;                      // when there is none: why, for the "skipped" line
  bool given_missing = false;                // --text named a folder that does not exist
};

TextFolder find_text_folder(const TextFolderChoice& choice, const Project& project);

// The choice a command line makes: --text (may be empty) and the environment.
TextFolderChoice text_folder_choice(const std::string& text_option);

}  // namespace rulecheck::rulebook
