#include "rulebook/command_support.hpp"

#include <ostream>

#include <fmt/format.h>

#include "rulebook/index.hpp"

namespace rulecheck::rulebook {

std::optional<Project> open_project(const std::filesystem::path& rules_dir, std::string_view command,
                                    std::ostream& err) {
  const Project project = Project::of_rules_folder(rules_dir);
  std::error_code error;
  if (!std::filesystem::is_directory(project.rules, error)) {
    err << fmt::format(
        "rulecheck {}: the rules folder {} does not exist (give the project's rules/ with --rules DIR)\n", command,
        project.rules.string());
    return std::nullopt;
  }
  if (games_of(project).empty()) {
    err << fmt::format(
        "rulecheck {}: {} holds no game (a folder <game>/ with a clauses.json); give the project's "
        "rules/ with --rules DIR\n",
        command, project.rules.string());
    return std::nullopt;
  }
  return project;
}

std::string count_of(std::size_t n, std::string_view singular, std::string_view plural) {
  return fmt::format("{} {}", n, n == 1 ? singular : plural);
}

}  // namespace rulecheck::rulebook
