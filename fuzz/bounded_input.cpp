// libFuzzer: the readers every input goes through (common/bounded_read.hpp) and the console's escaping
// (common/text.hpp printable, file_name_for_id). The first byte chooses a small cap; the rest is the
// input. Checked: a file is read whole exactly when it fits the cap; the line reader gives back every
// line that fits and the exact length of each that does not; printable text holds no control character
// a terminal obeys; a file name for an id holds no '/'.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "common/bounded_read.hpp"
#include "common/input_error.hpp"
#include "common/text.hpp"
#include "fuzz/support.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rulecheck;
  if (size == 0) return 0;
  const std::size_t cap = data[0];
  const std::string input(fuzzing::text_of(data + 1, size - 1));

  // The whole-file reader, through a real file.
  static const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("fuzz-bounded-" + std::to_string(::getpid()));
  if (std::FILE* f = std::fopen(file.c_str(), "wb")) {
    std::fwrite(input.data(), 1, input.size(), f);
    std::fclose(f);
    try {
      check(read_file_bounded(file, cap) == input && input.size() <= cap);
    } catch (const InputError&) {
      check(input.size() > cap);
    }
  }

  // The line reader, skipping over-long lines and not.
  for (const bool skip : {true, false}) {
    std::istringstream in(input);
    LineReader lines(in, cap, skip);
    std::string line, rebuilt;
    for (LineReader::Got got; (got = lines.next(line)) != LineReader::Got::end;) {
      if (got == LineReader::Got::too_long) {
        check(line.empty() && lines.length() > cap);
        if (!skip) break;
        rebuilt += std::string(lines.length(), '?') + '\n';
        continue;
      }
      check(line.size() <= cap && lines.length() == line.size());
      rebuilt += line + '\n';
    }
    if (skip) {  // every byte accounted for: the lines that fit as they were, the others by their length
      std::string expected;
      std::istringstream again(input);
      for (std::string l; std::getline(again, l);) expected += (l.size() > cap ? std::string(l.size(), '?') : l) + '\n';
      check(rebuilt == expected);
    }
  }

  for (const bool keep_lines : {false, true}) {
    const std::string shown = printable(input, keep_lines);
    check(is_valid_utf8(shown));
    for (std::size_t i = 0; i < shown.size(); ++i) {
      const auto c = static_cast<unsigned char>(shown[i]);
      check(c >= 0x20 || (keep_lines && (c == '\n' || c == '\t')));
      check(c != 0x7F);
      check(!(c == 0xC2 && i + 1 < shown.size() && static_cast<unsigned char>(shown[i + 1]) < 0xA0));
    }
  }
  const std::string name = file_name_for_id(input, ".json");
  check(name.find('/') == std::string::npos && name.find('\0') == std::string::npos && name[0] != '.');
  return 0;
}
