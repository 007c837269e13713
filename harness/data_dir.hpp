// Where rulecheck's data is: the folder holding rules/, scenarios/ and the JSON Schemas
// (protocol/schema/), laid out as the source tree is. Nothing of the build machine is compiled in;
// the places, in the order they are taken:
//   1. --rules DIR (the rules alone; the data folder is then DIR's parent), decided by the CLI;
//   2. $RULECHECK_HOME, when set and not empty: taken alone, never passed over for another place;
//   3. beside the running executable: <the executable's folder>/../share/rulecheck, the layout of
//      `cmake --install` and of the Debian package (bin/rulecheck, share/rulecheck/); the build tree
//      has the same layout, build/share/rulecheck being a link to the source tree.
// The folder found is made canonical (links resolved), so a folder beside it (../shared/rules, the
// rule texts of a checkout) is looked for beside the real folder, not beside the link.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace rulecheck {

inline constexpr const char* kHomeVariable = "RULECHECK_HOME";

// No data folder in any place looked; what() names every place and why each was passed over.
class DataNotFound : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One place a data folder may be, and what put it on the list.
struct DataPlace {
  std::filesystem::path folder;
  std::string origin;  // "$RULECHECK_HOME" or "beside the executable (PATH)"
};

// The places looked, in order: $RULECHECK_HOME alone when it is set, else beside `executable`.
std::vector<DataPlace> data_places(const char* home_variable, const std::filesystem::path& executable);

// The first place holding a rules/ folder, canonical; throws DataNotFound naming every place.
std::filesystem::path find_data_dir(const std::vector<DataPlace>& places);

// The running program's own file (/proc/self/exe), empty when the system does not say.
std::filesystem::path running_executable();

// find_data_dir over the places of this process: its environment and its executable.
std::filesystem::path default_data_dir();

}  // namespace rulecheck
