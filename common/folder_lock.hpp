// An output folder is one run's at a time: a run that writes into --output-dir holds an exclusive
// lock (flock) on the folder itself until it exits, so two runs can never interleave their lines in
// one results.jsonl. The lock goes with the process, however it ends, and leaves no file behind.
#pragma once

#include <filesystem>
#include <stdexcept>

namespace rulecheck {

// Another process holds the folder: a usage problem (exit 2), not a failure of rulecheck.
class FolderBusy : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Creates `dir` if needed and takes its lock for the rest of this process (taking it again is a no-op).
// Throws FolderBusy naming the folder without waiting, and std::runtime_error naming the folder and the reason when it cannot be created or locked.
void lock_output_folder(const std::filesystem::path& dir);

}  // namespace rulecheck
