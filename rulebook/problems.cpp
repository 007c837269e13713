#include "rulebook/problems.hpp"

#include <fmt/format.h>

namespace rulecheck::rulebook {

std::string describe(const Problem& problem) {
  std::string where = problem.file;
  if (!problem.pointer.empty()) where += fmt::format(": {}", problem.pointer);
  if (!problem.subject.empty())
    where += problem.pointer.empty() ? fmt::format(": {}", problem.subject) : fmt::format(" ({})", problem.subject);
  return fmt::format("{}: {}", where, problem.message);
}

std::string without_file_name(const std::string& message, const std::filesystem::path& file) {
  const std::string prefix = file.string() + ": ";
  return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

}  // namespace rulecheck::rulebook
