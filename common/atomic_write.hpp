// Replacing a file so that a reader sees either the old content or the new, never a mix.
#pragma once

#include <filesystem>
#include <string_view>

namespace rulecheck {

// Writes `content` to a temporary file in `file`'s folder, flushes it to disk, and renames it over
// `file` (keeping `file`'s permissions). Throws std::runtime_error naming the file and the reason;
// `file` is then unchanged.
void write_file_atomically(const std::filesystem::path& file, std::string_view content);

}  // namespace rulecheck
