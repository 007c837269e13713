// The discovery findings of `rulecheck ambiguities` that a listed convention decides.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace rulecheck::cli {

// Each finding whose "signature" a convention of rules/<game>/conventions.json lists under
// "signatures" gets "convention" (its id) and "convention_choice". It stays open, not settled: no
// words of the texts decide it. A missing file decides nothing; one that does not read throws
// InputError naming the file.
void mark_conventions(nlohmann::json& found, const std::filesystem::path& rules, const std::string& game);

}  // namespace rulecheck::cli
