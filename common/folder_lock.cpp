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
  const std::filesystem::path file = dir / kFolderLockName;
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error(fmt::format("cannot create {}: {}", file.string(), std::strerror(errno)));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int why = errno;
    char holder[32] = {};
    const ssize_t n = ::pread(fd, holder, sizeof holder - 1, 0);
    ::close(fd);
    if (why != EWOULDBLOCK)
      throw std::runtime_error(fmt::format("cannot lock {}: {}", file.string(), std::strerror(why)));
    std::string pid(holder, n > 0 ? static_cast<std::size_t>(n) : 0);
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    if (pid.find_first_not_of("0123456789") != std::string::npos) pid.clear();
    throw FolderBusy(fmt::format("the output folder {} is in use by another rulecheck run{} (it holds {}); wait "
                                 "for that run to end, or choose another folder",
                                 dir.string(), pid.empty() ? "" : " (process " + pid + ")", file.string()));
  }
  // Who holds it, for the message another run gives; the lock itself is the flock, not this text.
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) < 0) {
    // The lock is held all the same; only the message of a run that waits would lack the process id.
  }
  held.insert(key);
}

}  // namespace rulecheck
