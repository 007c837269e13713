// The I/O hardening of issue 22, unit by unit: one bounded reader for every file whatever its kind,
// bounded request lines, control characters shown escaped, file names two ids never share.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "common/bounded_read.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/text.hpp"

namespace rulecheck {
namespace {

std::string error_reading(const std::filesystem::path& file, std::size_t cap) {
  try {
    read_file_bounded(file, cap);
  } catch (const InputError& e) {
    return e.what();
  }
  return "read";
}

TEST(BoundedRead, ADeviceWithoutEndStopsAtTheCapNamingTheFileAndTheCap) {
  // /dev/zero has no size to refuse beforehand: the bytes are counted as they come.
  const std::string e = error_reading("/dev/zero", std::size_t{1} << 20);
  EXPECT_NE(e.find("/dev/zero"), std::string::npos) << e;
  EXPECT_NE(e.find("more than 1 MiB"), std::string::npos) << e;
}

TEST(BoundedRead, ALinkToADeviceIsReadAsTheDevice) {
  const auto link = std::filesystem::temp_directory_path() / ("bounded-read-" + std::to_string(::getpid()) + ".json");
  std::filesystem::remove(link);
  std::filesystem::create_symlink("/dev/zero", link);
  std::string e;
  try {
    read_json_file(link);
  } catch (const InputError& error) {
    e = error.what();
  }
  std::filesystem::remove(link);
  EXPECT_NE(e.find(link.string()), std::string::npos) << e;
  EXPECT_NE(e.find("more than 64 MiB"), std::string::npos) << e;
}

TEST(BoundedRead, ARegularFileOverTheCapIsRefusedBeforeReading) {
  const auto file = std::filesystem::temp_directory_path() / ("bounded-read-" + std::to_string(::getpid()) + ".txt");
  std::ofstream(file) << std::string(100, 'x');
  EXPECT_NE(error_reading(file, 99).find("100 bytes, over the limit of 99 bytes"), std::string::npos);
  EXPECT_EQ(read_file_bounded(file, 100), std::string(100, 'x'));
  std::filesystem::remove(file);
}

TEST(BoundedRead, AFolderOrAMissingFileSaysWhy) {
  EXPECT_NE(error_reading("/", 100).find("Is a directory"), std::string::npos);
  EXPECT_NE(error_reading("/no/such/file.json", 100).find("No such file"), std::string::npos);
}

TEST(LineReader, ALineOverTheCapIsSkippedWholeAndTheNextLineRead) {
  std::istringstream in("short\n" + std::string(50, 'x') + "\nnext\nlast");
  LineReader lines(in, 10);
  std::string line;
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, "short");
  EXPECT_EQ(lines.next(line), LineReader::Got::too_long);
  EXPECT_EQ(lines.length(), 50u);
  EXPECT_EQ(line.capacity() < 50, true);  // never held whole
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, "next");
  EXPECT_EQ(lines.next(line), LineReader::Got::line);  // a last line without its newline
  EXPECT_EQ(line, "last");
  EXPECT_EQ(lines.next(line), LineReader::Got::end);
}

TEST(LineReader, NotSkippingStopsAtTheCap) {
  std::istringstream in(std::string(50, 'x') + "\nnext\n");
  LineReader lines(in, 10, /*skip_long=*/false);
  std::string line;
  EXPECT_EQ(lines.next(line), LineReader::Got::too_long);
  EXPECT_EQ(in.tellg(), 11);  // one byte past the cap read, no more
}

// A stream that hands out its text a few bytes per read, as a pipe does, and counts its reads.
class TrickleBuf : public std::streambuf {
 public:
  TrickleBuf(std::string text, std::size_t per_read) : text_(std::move(text)), per_read_(per_read) {}
  int reads = 0;

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (at_ >= text_.size()) return traits_type::eof();
    const std::size_t n = std::min(per_read_, text_.size() - at_);
    ++reads;
    char* start = text_.data() + at_;
    setg(start, start, start + n);
    at_ += n;
    return traits_type::to_int_type(*start);
  }

 private:
  std::string text_;
  std::size_t per_read_;
  std::size_t at_ = 0;
};

TEST(LineReader, LinesSplitAcrossReadsComeWholeAndNoReadWaitsForMore) {
  TrickleBuf buf("first line\nsecond\n\nthird, last without newline", 4);
  std::istream in(&buf);
  LineReader lines(in, 100);
  std::string line;
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, "first line");
  EXPECT_EQ(buf.reads, 3);  // "firs" "t li" "ne\ns": only what the line needed, nothing read ahead
  EXPECT_TRUE(lines.buffered());  // the "s" of "second" was taken with the end of the first line
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, "second");
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, "");
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, "third, last without newline");
  EXPECT_FALSE(lines.buffered());
  EXPECT_EQ(lines.next(line), LineReader::Got::end);
}

TEST(LineReader, TheCapHoldsAcrossReads) {
  TrickleBuf buf(std::string(25, 'x') + "\nok\n" + std::string(11, 'y'), 3);
  std::istream in(&buf);
  LineReader lines(in, 10);
  std::string line;
  EXPECT_EQ(lines.next(line), LineReader::Got::too_long);
  EXPECT_EQ(lines.length(), 25u);
  EXPECT_TRUE(line.empty());
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, "ok");
  EXPECT_EQ(lines.next(line), LineReader::Got::too_long);  // a last line over the cap, without newline
  EXPECT_EQ(lines.length(), 11u);
  EXPECT_EQ(lines.next(line), LineReader::Got::end);
}

TEST(LineReader, ALineOfExactlyTheCapIsALine) {
  std::istringstream in(std::string(10, 'x') + "\n" + std::string(10, 'y'));
  LineReader lines(in, 10);
  std::string line;
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, std::string(10, 'x'));
  EXPECT_EQ(lines.next(line), LineReader::Got::line);
  EXPECT_EQ(line, std::string(10, 'y'));
}

TEST(Printable, ControlCharactersAreShownEscaped) {
  EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printable("\x1b[2J\r\x7f"), "\\x1b[2J\\x0d\\x7f");
  EXPECT_EQ(printable("\u009b31m"), "\\u009b31m");  // C1 CSI, which some terminals obey
  EXPECT_EQ(printable("line\n\tnext"), "line\\x0a\\x09next");
  EXPECT_EQ(printable("line\n\tnext", true), "line\n\tnext");
  EXPECT_EQ(printable("caf\u00e9 \u00a0ok"), "caf\u00e9 \u00a0ok");  // printable text unchanged
  EXPECT_EQ(printable("\xff"), "\uFFFD");
}

TEST(Printable, AnInputErrorKeepsWhatFollowsANul) {
  const InputError e("/game", std::string("unknown game \"messina\0x\"", 24));
  EXPECT_EQ(std::string(e.what()), "unknown game \"messina\\x00x\"");
}

TEST(FileNameForId, TwoIdsNeverShareAName) {
  const std::set<std::string> ids = {"a/b", "a_b", "a%2Fb", "a%5Fb", ".hidden", "%2Ehidden", "", "%", "a b", "a\nb"};
  std::set<std::string> names;
  for (const auto& id : ids) names.insert(file_name_for_id(id, ".json"));
  EXPECT_EQ(names.size(), ids.size());
  EXPECT_EQ(file_name_for_id("messina/diff/stacking-5-to-4", ".json"), "messina_diff_stacking-5-to-4.json");
  for (const auto& name : names) EXPECT_EQ(name.find('/'), std::string::npos) << name;
}

TEST(FileNameForId, LongIdsAreCutWithAHashOfTheWholeId) {
  const std::string a(300, 'a'), b = std::string(300, 'a') + "b";
  EXPECT_NE(file_name_for_id(a, ".json"), file_name_for_id(b, ".json"));
  EXPECT_LE(file_name_for_id(b, ".json").size(), 255u);
}

}  // namespace
}  // namespace rulecheck
