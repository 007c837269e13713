// Where a project's rule data is: rules/<game>/ and scenarios/ under one folder. Paths in
// reports are given relative to that folder.
#pragma once

#include <filesystem>
#include <string>

namespace rulecheck::rulebook {

struct Project {
  std::filesystem::path root;   // holds rules/ and scenarios/
  std::filesystem::path rules;  // the rules/ folder

  // The project of a rules folder: its parent ("rules/" with a trailing slash too).
  static Project of_rules_folder(const std::filesystem::path& rules_dir);

  std::filesystem::path scenarios() const { return root / "scenarios"; }
  // `path` relative to the root when it is inside it, else as given.
  std::string relative(const std::filesystem::path& path) const;
};

}  // namespace rulecheck::rulebook
