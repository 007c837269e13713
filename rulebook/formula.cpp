// A formula of the stated numbers (formula.hpp): parsed once into postfix, evaluated against a ruleset.
#include "rulebook/formula.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include <fmt/format.h>

#include "common/input_error.hpp"

namespace rulecheck::rulebook {

std::string number_text(double value) {
  if (std::floor(value) == value && std::fabs(value) < 1e15) return fmt::format("{}", static_cast<long long>(value));
  std::string text = fmt::format("{:.6f}", value);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

namespace {

// Shunting-yard over: numbers, keys (letters, digits, '_' and '.'), #n, + - * / ( ) , and the
// functions ceil floor min max.
class FormulaParser {
 public:
  explicit FormulaParser(std::string_view text) : text_(text) {}

  std::vector<Formula::Node> parse() {
    expression();
    skip_space();
    if (at_ != text_.size()) fail("expected an operator or the end");
    return std::move(out_);
  }

 private:
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
  [[noreturn]] void fail(std::string_view what) const {
    throw InputError("", fmt::format("the formula \"{}\": {} at character {}", text_, what, at_ + 1));
  }
  void skip_space() {
    while (at_ < text_.size() && text_[at_] == ' ') ++at_;
  }
  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  void expression() {
    term();
    for (;;) {
      if (take('+')) term(), emit_op("+");
      else if (take('-')) term(), emit_op("-");
      else return;
    }
  }
  void term() {
    factor();
    for (;;) {
      if (take('*')) factor(), emit_op("*");
      else if (take('/')) factor(), emit_op("/");
      else return;
    }
  }
  void emit_op(const char* op) { out_.push_back({Formula::Node::op, 0, op, 2}); }
  void factor() {
    skip_space();
    if (take('(')) {
      expression();
      if (!take(')')) fail("expected ')'");
      return;
    }
    if (at_ >= text_.size()) fail("expected a number, a key, #n or a function");
    const char c = text_[at_];
    if (c == '#') {
      ++at_;
      const std::size_t start = at_;
      while (at_ < text_.size() && is_digit(text_[at_])) ++at_;
      if (start == at_) fail("expected the number's place after '#'");
      const int n = std::stoi(std::string(text_.substr(start, at_ - start)));
      if (n < 1) fail("#0: places count from 1");
      out_.push_back({Formula::Node::nth, static_cast<double>(n), "", 0});
      return;
    }
    if (is_digit(c)) {
      const std::size_t start = at_;
      while (at_ < text_.size() && (is_digit(text_[at_]) || text_[at_] == '.')) ++at_;
      out_.push_back({Formula::Node::number, std::stod(std::string(text_.substr(start, at_ - start))), "", 0});
      return;
    }
    if (!is_letter(c)) fail(fmt::format("unexpected '{}'", c));
    const std::size_t start = at_;
    while (at_ < text_.size() && (is_letter(text_[at_]) || is_digit(text_[at_]) || text_[at_] == '_' ||
                                  text_[at_] == '.'))
      ++at_;
    const std::string name(text_.substr(start, at_ - start));
    if (take('(')) {
      static const std::set<std::string, std::less<>> functions = {"ceil", "floor", "min", "max"};
      if (!functions.count(name)) fail(fmt::format("unknown function {} (known: ceil, floor, min, max)", name));
      int arity = 0;
      if (!take(')')) {
        do {
          expression();
          ++arity;
        } while (take(','));
        if (!take(')')) fail("expected ')' or ','");
      }
      const bool one = name == "ceil" || name == "floor";
      if ((one && arity != 1) || (!one && arity < 2)) fail(fmt::format("{} takes {}", name, one ? "one value" : "two or more values"));
      out_.push_back({Formula::Node::call, 0, name, arity});
      return;
    }
    out_.push_back({Formula::Node::key, 0, name, 0});
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::vector<Formula::Node> out_;
};

}  // namespace

Formula Formula::parse(std::string_view text) {
  Formula f;
  f.text_ = std::string(text);
  f.nodes_ = FormulaParser(text).parse();
  return f;
}

std::vector<std::string> Formula::keys() const {
  std::vector<std::string> keys;
  for (const auto& n : nodes_)
    if (n.kind == Node::key && std::find(keys.begin(), keys.end(), n.name) == keys.end()) keys.push_back(n.name);
  return keys;
}

bool Formula::is_single_key() const { return nodes_.size() == 1 && nodes_[0].kind == Node::key; }

Formula::Value Formula::evaluate_with(const std::function<std::optional<double>(std::string_view)>& key,
                                      const std::function<std::optional<double>(int)>& nth) const {
  std::vector<double> stack;
  for (const auto& n : nodes_) {
    switch (n.kind) {
      case Node::number: stack.push_back(n.value); break;
      case Node::key: {
        const auto v = key(n.name);
        if (!v) return {std::nullopt, fmt::format("{} is not a number of the ruleset", n.name)};
        stack.push_back(*v);
        break;
      }
      case Node::nth: {
        const auto v = nth(static_cast<int>(n.value));
        if (!v) return {std::nullopt, fmt::format("the paragraph has no number #{}", number_text(n.value))};
        stack.push_back(*v);
        break;
      }
      case Node::op: {
        const double b = stack.back();
        stack.pop_back();
        double& a = stack.back();
        if (n.name == "+") a += b;
        else if (n.name == "-") a -= b;
        else if (n.name == "*") a *= b;
        else {
          if (b == 0) return {std::nullopt, fmt::format("\"{}\" divides by 0", text_)};
          a /= b;
        }
        break;
      }
      case Node::call: {
        const std::vector<double> args(stack.end() - n.arity, stack.end());
        stack.resize(stack.size() - static_cast<std::size_t>(n.arity));
        if (n.name == "ceil") stack.push_back(std::ceil(args[0] - 1e-9));
        else if (n.name == "floor") stack.push_back(std::floor(args[0] + 1e-9));
        else if (n.name == "min") stack.push_back(*std::min_element(args.begin(), args.end()));
        else stack.push_back(*std::max_element(args.begin(), args.end()));
        break;
      }
    }
  }
  return {stack.back(), ""};
}

}  // namespace rulecheck::rulebook
