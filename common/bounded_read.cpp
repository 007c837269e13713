#include "common/bounded_read.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <istream>

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "common/text.hpp"

namespace rulecheck {

namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what) {
  throw InputError("", printable(valid_utf8(fmt::format("{}: {}", file.string(), what))));
}

}  // namespace

std::string size_text(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  return fmt::format("{} bytes", bytes);
}

std::string read_file_bounded(const std::filesystem::path& file, std::size_t cap) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(file, fmt::format("cannot be read: {}", std::strerror(errno)));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  // A regular file says its size: refuse one over the cap before reading a byte of it.
  if (struct stat info{}; ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) &&
                          static_cast<std::uintmax_t>(info.st_size) > cap)
    fail(file, fmt::format("{} bytes, over the limit of {} for an input file", info.st_size, size_text(cap)));
  std::string content;
  if (struct stat info{}; ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode))
    content.reserve(static_cast<std::size_t>(info.st_size));
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(file, fmt::format("cannot be read: {}", std::strerror(errno)));
    }
    if (n == 0) break;
    if (content.size() + static_cast<std::size_t>(n) > cap)
      fail(file, fmt::format("more than {} (the limit for an input file); reading stopped there", size_text(cap)));
    content.append(chunk, static_cast<std::size_t>(n));
  }
  return content;
}

LineReader::Got LineReader::next(std::string& line) {
  line.clear();
  length_ = 0;
  std::streambuf* buffer = in_.rdbuf();
  bool over = false;
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in_.setstate(std::ios::eofbit);
      if (length_ == 0) return Got::end;
      break;
    }
    if (c == '\n') break;
    ++length_;
    if (over) continue;
    if (line.size() < cap_) {
      line.push_back(static_cast<char>(c));
    } else {
      over = true;
      std::string().swap(line);  // give the memory back now, not when the line ends
      if (!skip_long_) break;
    }
  }
  return over ? Got::too_long : Got::line;
}

}  // namespace rulecheck
