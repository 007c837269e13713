// What the `rulecheck rules` commands share (internal to rulebook/).
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "rulebook/project.hpp"

namespace rulecheck::rulebook {

// The project of `rules_dir`, or nothing (after saying why on `err`) when it has no rules folder
// or no rules/<game>/clauses.json: then the command cannot run.
std::optional<Project> open_project(const std::filesystem::path& rules_dir, std::string_view command,
                                    std::ostream& err);

// "1 clause", "3 clauses".
std::string count_of(std::size_t n, std::string_view singular, std::string_view plural);

}  // namespace rulecheck::rulebook
