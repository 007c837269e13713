#include "common/plain_text_reader.hpp"

namespace rulecheck {

void PlainTextReader::count_value() {
  if (++values_ > kPlainTextValuesAtMost) give_up();
}

void PlainTextReader::open(char bracket) {
  space();
  if (p_ == end_ || *p_ != bracket) give_up();
  count_value();
  ++p_;
}

bool PlainTextReader::closes(char bracket) {
  space();
  if (p_ < end_ && *p_ == bracket) return ++p_, true;
  return false;
}

bool PlainTextReader::next_or_close(char bracket) {
  space();
  if (p_ == end_) give_up();
  if (*p_ == bracket) return ++p_, false;
  if (*p_++ != ',') give_up();
  return true;
}

std::string_view PlainTextReader::plain_string() {
  const char* start = ++p_;
  while (p_ < end_ && *p_ != '"') {
    if (*p_ < 0x20 || *p_ > 0x7e || *p_ == '\\') give_up();
    ++p_;
  }
  if (p_ == end_) give_up();
  return {start, static_cast<std::size_t>(p_++ - start)};
}

bool PlainTextReader::null() {
  space();
  if (end_ - p_ < 4 || std::string_view(p_, 4) != "null") return false;
  count_value();
  p_ += 4;
  return true;
}

std::string_view PlainTextReader::string() {
  space();
  if (p_ == end_ || *p_ != '"') give_up();
  count_value();
  return plain_string();
}

bool PlainTextReader::boolean() {
  space();
  count_value();
  if (end_ - p_ >= 4 && std::string_view(p_, 4) == "true") return p_ += 4, true;
  if (end_ - p_ >= 5 && std::string_view(p_, 5) == "false") return p_ += 5, false;
  give_up();
}

int PlainTextReader::integer(std::int64_t min, std::int64_t max) {
  space();
  count_value();
  const bool negative = p_ < end_ && *p_ == '-';
  if (negative) ++p_;
  const char* digits = p_;
  std::int64_t n = 0;
  while (p_ < end_ && *p_ >= '0' && *p_ <= '9') n = n * 10 + (*p_++ - '0');
  const auto length = p_ - digits;
  // As PlainJson: no digits, a leading zero, more than 18 digits, a fraction or an exponent give up.
  if (length == 0 || length > 18 || (length > 1 && *digits == '0')) give_up();
  if (p_ < end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) give_up();
  if (negative) n = -n;
  if (n < min || n > max) give_up();
  return static_cast<int>(n);
}

void PlainTextReader::end() {
  space();
  if (p_ != end_) give_up();
}

}  // namespace rulecheck
