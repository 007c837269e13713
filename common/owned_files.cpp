#include "common/owned_files.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "common/atomic_write.hpp"
#include "common/bounded_read.hpp"

namespace rulecheck {

namespace {

constexpr std::string_view kManifestHeader =
    "# The files rulecheck wrote into this folder, one per line; its next run into this folder removes them\n"
    "# before writing its own (nothing else here is touched).\n";

// A name the manifest may list: one plain file name of this folder, not the manifest itself.
bool plain_name(const std::string& name, std::string_view manifest) {
  return !name.empty() && name != "." && name != ".." && name != manifest && name.find('/') == std::string::npos &&
         name.find('\0') == std::string::npos;
}

std::set<std::string> listed(const std::filesystem::path& manifest) {
  const std::string own = manifest.filename().string();
  std::set<std::string> names;
  std::error_code error;
  if (!std::filesystem::is_regular_file(manifest, error)) return names;
  std::string text;
  try {
    text = read_file_bounded(manifest);
  } catch (const std::exception&) {
    return names;  // an unreadable manifest lists nothing: nothing is removed
  }
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.front() != '#' && plain_name(line, own)) names.insert(std::move(line));
  }
  return names;
}

void write_manifest(const std::filesystem::path& manifest, const std::set<std::string>& names) {
  std::string text(kManifestHeader);
  for (const auto& n : names) text += n + "\n";
  write_file_atomically(manifest, text);
}

// Removes `file` when it is a regular file (a link or a folder of that name is left alone).
void remove_regular(const std::filesystem::path& file) {
  struct stat info {};
  if (::lstat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return;
  if (::unlink(file.c_str()) != 0 && errno != ENOENT)
    throw std::runtime_error(fmt::format("cannot remove {} (written by the previous run): {}", file.string(),
                                         std::strerror(errno)));
}

}  // namespace

void replace_owned_files(const std::filesystem::path& dir, std::string_view manifest,
                         const std::vector<OwnedFile>& files) {
  std::filesystem::create_directories(dir);
  const std::filesystem::path list = dir / manifest;
  const std::set<std::string> before = listed(list);
  std::set<std::string> now;
  for (const auto& [name, content] : files) now.insert(name);
  std::set<std::string> both = before;
  both.insert(now.begin(), now.end());
  write_manifest(list, both);
  for (const auto& name : before)
    if (!now.count(name)) remove_regular(dir / name);
  for (const auto& [name, content] : files) write_file_atomically(dir / name, content);
  write_manifest(list, now);
}

}  // namespace rulecheck
