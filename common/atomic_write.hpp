// Replacing a file so that a reader sees either the old content or the new, never a mix.
#pragma once

#include <filesystem>
#include <string_view>

namespace rulecheck {

// Writes `content` to a temporary file in `file`'s folder, flushes it to disk, and renames it over
// `file` (keeping `file`'s permissions). Throws std::runtime_error naming the file and the reason;
// `file` is then unchanged.
void write_file_atomically(const std::filesystem::path& file, std::string_view content);

// The same for a file that must not exist yet: written whole to a temporary file, then linked under
// `file`'s name, which fails when that name is taken (by a file, a link, anything). Returns false,
// writing nothing, when it is; throws std::runtime_error naming the file and the reason otherwise.
bool create_file_atomically(const std::filesystem::path& file, std::string_view content);

}  // namespace rulecheck
