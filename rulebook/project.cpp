#include "rulebook/project.hpp"

namespace rulecheck::rulebook {

Project Project::of_rules_folder(const std::filesystem::path& rules_dir) {
  std::filesystem::path rules = std::filesystem::absolute(rules_dir).lexically_normal();
  if (!rules.has_filename()) rules = rules.parent_path();  // "rules/" -> "rules"
  return Project{rules.parent_path(), rules};
}

std::string Project::relative(const std::filesystem::path& path) const {
  const std::filesystem::path absolute = std::filesystem::absolute(path).lexically_normal();
  const std::filesystem::path inside = absolute.lexically_relative(root);
  if (inside.empty() || *inside.begin() == "..") return path.string();
  return inside.generic_string();
}

}  // namespace rulecheck::rulebook
