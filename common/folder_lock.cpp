#include "common/folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include <fmt/format.h>

namespace rulecheck {

void lock_output_folder(const std::filesystem::path& dir) {
  static std::mutex mutex;
  static std::set<std::filesystem::path> held;  // their descriptors stay open until the process exits
  const std::lock_guard<std::mutex> guard(mutex);
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw std::runtime_error(fmt::format("cannot create the folder {}: {}", dir.string(), error.message()));
  const std::filesystem::path key = std::filesystem::weakly_canonical(dir, error);
  if (held.count(key)) return;
  // The lock is on the folder itself: nothing is left in it, and it goes with the process.
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error(fmt::format("cannot open the folder {}: {}", dir.string(), std::strerror(errno)));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int why = errno;
    ::close(fd);
    if (why != EWOULDBLOCK)
      throw std::runtime_error(fmt::format("cannot lock the folder {}: {}", dir.string(), std::strerror(why)));
    throw FolderBusy(fmt::format("the output folder {} is in use by another rulecheck run; wait for that run to end, "
                                 "or choose another folder",
                                 dir.string()));
  }
  held.insert(key);
}

}  // namespace rulecheck
