// Every file rulecheck reads goes through this one reader, which stops at a cap whatever the kind of
// file: a regular file, a link to /dev/zero or /dev/urandom, a named pipe, a folder. Nothing is
// trusted to report its size; the bytes are counted as they come.
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>

namespace rulecheck {

// The most any input file may hold: far beyond any scenario, rules file, known-deviations file or
// rule text.
inline constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

// The most one line may hold where input is read a line at a time (an engine's answer, a serve
// request, a line of a results.jsonl part).
inline constexpr std::size_t kMaxLineBytes = std::size_t{16} << 20;

// The whole content of `file`, read in chunks. Throws InputError (empty pointer) naming the file
// and the reason when it cannot be opened or read, and naming the file and the cap as soon as more
// than `cap` bytes have come (at most cap + one chunk is ever held).
std::string read_file_bounded(const std::filesystem::path& file, std::size_t cap = kMaxInputBytes);

// Lines from a stream, none held longer than a cap: a line over the cap is read to its end and
// dropped as it goes, so memory stays bounded however long it is. The stream is read in chunks of
// what it has ready (never waiting for more than one byte), so bytes of later lines may wait in the
// reader: buffered() says so.
class LineReader {
 public:
  enum class Got { line, too_long, end };
  // `skip_long`: an over-long line is read on to its end and the next call gives the line after it
  // (serve goes on); else reading stops as the cap is passed (a file is refused: /dev/zero has no end).
  explicit LineReader(std::istream& in, std::size_t cap = kMaxLineBytes, bool skip_long = true)
      : in_(in), cap_(cap), skip_long_(skip_long) {}
  // The next line, without its newline (a last line without one counts): `line` when it holds at
  // most the cap; `too_long` when it was longer (`line` is then empty and length() says how long
  // it was, or cap + 1 when not skipping); `end` at the end of the stream.
  Got next(std::string& line);
  // The length in bytes of the line last read, whole or not.
  std::size_t length() const { return length_; }
  std::size_t cap() const { return cap_; }
  // Whether bytes taken from the stream wait here: a caller waiting for input looks here first.
  bool buffered() const { return pos_ < pending_.size(); }

 private:
  // Takes up to `most` bytes of what the stream has ready into pending_ (waiting only when it has
  // nothing ready); false at the end of the stream.
  bool fill(std::size_t most);
  std::istream& in_;
  std::size_t cap_;
  bool skip_long_;
  std::size_t length_ = 0;
  std::string pending_;  // taken from the stream, not yet handed out from pos_ on
  std::size_t pos_ = 0;
};

// "64 MiB" for a cap in whole MiB, else "N bytes".
std::string size_text(std::size_t bytes);

}  // namespace rulecheck
