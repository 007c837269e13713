#include "common/atomic_write.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace rulecheck {

namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what, int error) {
  throw std::runtime_error(fmt::format("cannot write {}: {}: {}", file.string(), what, std::strerror(error)));
}

// Writes every byte to `fd`, then flushes it to disk; returns errno, or 0.
int write_all(int fd, std::string_view content) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return ::fsync(fd) == 0 ? 0 : errno;
}

// `content` in a new temporary file next to `file`, flushed to disk, with `mode`; its name.
std::string write_temporary(const std::filesystem::path& file, std::string_view content, mode_t mode) {
  std::string temporary = (file.parent_path() / ("." + file.filename().string() + ".XXXXXX")).string();
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) fail(file, "cannot create a temporary file next to it", errno);
  int error = write_all(fd, content);
  if (error == 0 && ::fchmod(fd, mode) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    fail(file, "writing the new content", error);
  }
  return temporary;
}

}  // namespace

void write_file_atomically(const std::filesystem::path& file, std::string_view content) {
  mode_t mode = 0644;
  if (struct stat info{}; ::stat(file.c_str(), &info) == 0) mode = info.st_mode & 07777;
  const std::string temporary = write_temporary(file, content, mode);
  if (::rename(temporary.c_str(), file.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail(file, "writing the new content", error);
  }
}

bool create_file_atomically(const std::filesystem::path& file, std::string_view content) {
  const std::string temporary = write_temporary(file, content, 0644);
  const int linked = ::link(temporary.c_str(), file.c_str());  // never replaces: EEXIST when the name is taken
  const int error = linked == 0 ? 0 : errno;
  ::unlink(temporary.c_str());
  if (error == EEXIST) return false;
  if (error != 0) fail(file, "writing the new content", error);
  return true;
}

}  // namespace rulecheck
