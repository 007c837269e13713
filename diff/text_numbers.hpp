// `diff --text`'s numbers (diff/text_diff.hpp NumbersRead): the edited texts' stated numbers read
// against the project's ruleset, and their part of each format of the report.
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "diff/text_diff.hpp"
#include "rulebook/index.hpp"
#include "rulebook/project.hpp"

namespace rulecheck::diff {

// {"units": {"bomber": {"cost": v}}} for the dotted key "units.bomber.cost".
nlohmann::json nested(const std::string& dotted, const nlohmann::json& value);

NumbersRead read_numbers(const rulebook::Project& project, const rulebook::ClauseIndex& index,
                         const std::filesystem::path& texts);
void numbers_console(std::ostream& out, const TextDiff& d);
void numbers_markdown(std::ostream& out, const TextDiff& d);
void numbers_html(std::ostream& out, const TextDiff& d);
nlohmann::json numbers_json(const TextDiff& d);

}  // namespace rulecheck::diff
