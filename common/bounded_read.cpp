#include "common/bounded_read.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
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

bool LineReader::fill(std::size_t most) {
  pending_.clear();
  pos_ = 0;
  std::streambuf* buffer = in_.rdbuf();
  if (buffer->sgetc() == std::char_traits<char>::eof()) {  // waits for a byte, or the end
    in_.setstate(std::ios::eofbit);
    return false;
  }
  // What the stream holds now: taking no more than that never waits for a writer that is waiting for us.
  const std::streamsize ready = buffer->in_avail();
  pending_.resize(std::min(most, ready > 0 ? static_cast<std::size_t>(ready) : std::size_t{1}));
  pending_.resize(static_cast<std::size_t>(buffer->sgetn(pending_.data(), static_cast<std::streamsize>(pending_.size()))));
  return !pending_.empty();
}

LineReader::Got LineReader::next(std::string& line) {
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  line.clear();
  length_ = 0;
  bool over = false;
  for (;;) {
    // Not skipping, nothing past the cap is taken: reading stops there.
    if (!buffered() && !fill(skip_long_ ? kChunk : cap_ + 1 - length_)) {
      if (length_ == 0) return Got::end;
      break;  // a last line without its newline
    }
    const char* start = pending_.data() + pos_;
    const std::size_t left = pending_.size() - pos_;
    const char* newline = static_cast<const char*>(std::memchr(start, '\n', left));
    const std::size_t take = newline ? static_cast<std::size_t>(newline - start) : left;
    pos_ += newline ? take + 1 : take;
    length_ += take;
    if (!over && line.size() + take <= cap_) {
      line.append(start, take);
    } else if (!over) {
      over = true;
      std::string().swap(line);  // give the memory back now, not when the line ends
      if (!skip_long_) break;
    }
    if (newline) break;
  }
  return over ? Got::too_long : Got::line;
}

}  // namespace rulecheck
