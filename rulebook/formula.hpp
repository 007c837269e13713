// The formulas of rules/<game>/numbers.json (docs/formats.md): arithmetic over ruleset keys and the
// paragraph's own numbers (#n), which the stated-numbers check (stated_numbers.hpp) evaluates.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulecheck::rulebook {

// A parsed formula; evaluate() asks `key` for each ruleset key (nothing: not a number there) and
// `nth` for each #n (nothing: the paragraph has no such number).
class Formula {
 public:
  // Throws InputError (pointer "") with what is wrong and where in the text.
  static Formula parse(std::string_view text);
  std::vector<std::string> keys() const;  // the ruleset keys it reads, in order, without repeats
  // Its value, or the reason it has none ("units.bomber.cost is not a number in the ruleset").
  struct Value {
    std::optional<double> number;
    std::string why_none;
  };
  template <typename Key, typename Nth>
  Value evaluate(const Key& key, const Nth& nth) const {
    return evaluate_with(
        [&](std::string_view k) -> std::optional<double> { return key(k); },
        [&](int n) -> std::optional<double> { return nth(n); });
  }
  const std::string& text() const { return text_; }
  bool is_single_key() const;  // the formula is one ruleset key: the sentence states that key

  struct Node;

 private:
  Value evaluate_with(const std::function<std::optional<double>(std::string_view)>& key,
                      const std::function<std::optional<double>(int)>& nth) const;
  std::string text_;
  std::vector<Node> nodes_;  // postfix
};

struct Formula::Node {
  enum Kind { number, key, nth, op, call } kind = number;
  double value = 0;
  std::string name;  // key, operator ("+"), or function
  int arity = 0;
};

// "7", "2.5", "0.75": a number as the texts write it.
std::string number_text(double value);

}  // namespace rulecheck::rulebook
