#include "harness/data_dir.hpp"

#include <cstdlib>
#include <system_error>

#include <fmt/format.h>

namespace rulecheck {

namespace {

// Why `place` holds no data, or empty when it does (a rules/ folder inside it).
std::string why_not_data(const DataPlace& place) {
  std::error_code error;
  if (!std::filesystem::exists(place.folder, error)) return "does not exist";
  if (!std::filesystem::is_directory(place.folder, error)) return "is not a folder";
  if (!std::filesystem::is_directory(place.folder / "rules", error)) return "has no rules/ folder";
  return "";
}

}  // namespace

std::vector<DataPlace> data_places(const char* home_variable, const std::filesystem::path& executable) {
  if (home_variable && *home_variable) return {{home_variable, fmt::format("${}", kHomeVariable)}};
  if (executable.empty()) return {};
  return {{(executable.parent_path() / ".." / "share" / "rulecheck").lexically_normal(),
           fmt::format("beside the executable ({})", executable.string())}};
}

std::filesystem::path find_data_dir(const std::vector<DataPlace>& places) {
  std::string looked;
  for (const DataPlace& place : places) {
    const std::string why = why_not_data(place);
    if (why.empty()) {
      std::error_code error;
      const auto canonical = std::filesystem::canonical(place.folder, error);
      return error ? place.folder : canonical;
    }
    looked += fmt::format("\n  {}: {} {}", place.origin, place.folder.string(), why);
  }
  if (places.empty()) looked = "\n  (the system does not say where the executable is, and $RULECHECK_HOME is not set)";
  throw DataNotFound(fmt::format(
      "no rulecheck data folder (rules/, scenarios/) was found; looked in:{}\n"
      "Give --rules DIR, set {} to a folder holding rules/ and scenarios/, or install rulecheck "
      "(cmake --install, or the Debian package), which puts its data in <prefix>/share/rulecheck",
      looked, kHomeVariable));
}

std::filesystem::path running_executable() {
  std::error_code error;
  auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::path() : self;
}

std::filesystem::path default_data_dir() {
  return find_data_dir(data_places(std::getenv(kHomeVariable), running_executable()));
}

}  // namespace rulecheck
