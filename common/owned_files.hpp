// The scenario files a command writes into an output folder (diff's witnesses/, ambiguities' and
// prove's --output-dir), replaced as a set: the files the previous run of that command wrote there
// are removed before the new ones are written, so that `rulecheck run DIR` replays this run only.
// A manifest in the folder lists what the command wrote; nothing it does not list is touched (a
// file the user put there stays).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rulecheck {

// A file name (no folder) and its content.
using OwnedFile = std::pair<std::string, std::string>;

// Writes `files` into `dir` (created if need be), each whole by renaming (common/atomic_write.hpp),
// after removing the files the manifest `dir`/`manifest` lists from the previous run (regular files
// only; a name with a '/' is never taken from it), and leaves the manifest listing
// `files`. The manifest is rewritten first listing the old and the new names, so that a run stopped
// half way leaves nothing the next run does not remove. Throws std::runtime_error naming the file
// and the system's reason.
void replace_owned_files(const std::filesystem::path& dir, std::string_view manifest, const std::vector<OwnedFile>& files);

}  // namespace rulecheck
