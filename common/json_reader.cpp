#include "common/json_reader.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rulecheck {

namespace {

// Appends to `path` the tokens from `node` down to `target`; false (path unchanged) when `target`
// is not inside `node`.
bool path_to(const json& node, const json* target, std::string& path) {
  if (&node == target) return true;
  const std::size_t mark = path.size();
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      path += '/';
      path += pointer_token(key);
      if (path_to(value, target, path)) return true;
      path.resize(mark);
    }
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      (path += '/') += std::to_string(i);
      if (path_to(node[i], target, path)) return true;
      path.resize(mark);
    }
  }
  return false;
}

// Pointers past this length are cut short, ending "/...".
constexpr std::size_t kPointerShown = 114;

std::string shown(std::string pointer) {
  if (pointer.size() > kPointerShown) pointer.replace(kPointerShown, std::string::npos, "/...");
  return pointer;
}

}  // namespace

std::string JsonReader::at() const {
  std::string path = root_at_;
  path_to(*root_, node_, path);
  return shown(std::move(path));
}

void JsonReader::fail(const std::string& message) const { throw InputError(at(), message); }

std::string JsonReader::type_name(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "a list";
    case json::value_t::string: return fmt::format("the string {}", j.dump());
    case json::value_t::boolean: return j.get<bool>() ? "true" : "false";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return fmt::format("the number {}", j.dump());
    default: return "an unsupported value";
  }
}

const JsonReader& JsonReader::expect_object() const {
  if (!node_->is_object()) fail(fmt::format("expected an object, got {}", type_name(*node_)));
  return *this;
}

bool JsonReader::has(std::string_view key) const {
  return node_->is_object() && node_->contains(key) && !(*node_)[std::string(key)].is_null();
}

JsonReader JsonReader::field(std::string_view key) const {
  expect_object();
  auto it = node_->find(key);
  if (it == node_->end() || it->is_null()) fail(fmt::format("the field \"{}\" is required here", key));
  return child(*it);
}

std::optional<JsonReader> JsonReader::optional(std::string_view key) const {
  expect_object();
  auto it = node_->find(key);
  if (it == node_->end() || it->is_null()) return std::nullopt;
  return child(*it);
}

const JsonReader& JsonReader::only(std::initializer_list<std::string_view> allowed) const {
  expect_object();
  for (auto it = node_->begin(); it != node_->end(); ++it) {  // the iterator itself: items() costs more
    const std::string& key = it.key();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    fail_unknown_field(key, allowed.begin(), allowed.size());
  }
  return *this;
}

void JsonReader::fail_unknown_field(const std::string& key, const std::string_view* allowed, std::size_t n) const {
  throw InputError(shown(at() + '/' + pointer_token(key)),
                   fmt::format("unknown field \"{}\"; the fields allowed here are: {}", key, fmt::join(allowed, allowed + n, ", ")));
}

std::vector<std::pair<std::string, JsonReader>> JsonReader::members() const {
  expect_object();
  std::vector<std::pair<std::string, JsonReader>> out;
  out.reserve(node_->size());
  for (auto it = node_->begin(); it != node_->end(); ++it) out.emplace_back(it.key(), child(*it));
  return out;
}

std::vector<JsonReader> JsonReader::elements() const {
  if (!node_->is_array()) fail(fmt::format("expected a list, got {}", type_name(*node_)));
  std::vector<JsonReader> out;
  out.reserve(node_->size());
  for (const json& e : *node_) out.push_back(child(e));
  return out;
}

std::string JsonReader::string() const {
  if (!node_->is_string()) fail(fmt::format("expected a string, got {}", type_name(*node_)));
  return node_->get<std::string>();
}

bool JsonReader::boolean() const {
  if (!node_->is_boolean()) fail(fmt::format("expected true or false, got {}", type_name(*node_)));
  return node_->get<bool>();
}

int JsonReader::integer(int64_t min, int64_t max) const {
  if (!node_->is_number_integer()) {
    if (min == 0) fail(fmt::format("expected a non-negative whole number, got {}", type_name(*node_)));
    fail(fmt::format("expected a whole number, got {}", type_name(*node_)));
  }
  if (node_->is_number_unsigned() && node_->get<uint64_t>() > static_cast<uint64_t>(max) && max == kMaxCount)
    fail(fmt::format("expected a count from 0 to {} (more than any board holds), got {}", max, node_->dump()));
  if (node_->is_number_unsigned() && node_->get<uint64_t>() > static_cast<uint64_t>(max))
    fail(fmt::format("expected a whole number from {} to {}, got {}", min, max, node_->dump()));
  const int64_t v = node_->get<int64_t>();
  if (v < min || v > max) {
    if (min == 0 && v < 0) fail(fmt::format("expected a non-negative whole number, got {}", v));
    if (max == kMaxCount)
      fail(fmt::format("expected a count from 0 to {} (more than any board holds), got {}", max, v));
    fail(fmt::format("expected a whole number from {} to {}, got {}", min, max, v));
  }
  return static_cast<int>(v);
}

std::vector<std::string> JsonReader::strings() const {
  if (!node_->is_array()) fail(fmt::format("expected a list, got {}", type_name(*node_)));
  std::vector<std::string> out;
  out.reserve(node_->size());
  for (std::size_t i = 0; i < node_->size(); ++i) {
    const json& e = (*node_)[i];
    if (!e.is_string()) child(e).string();  // fails, naming the element
    out.push_back(e.get<std::string>());
  }
  return out;
}

std::string JsonReader::one_of(std::initializer_list<std::string_view> choices) const {
  const std::string s = string();
  if (std::find(choices.begin(), choices.end(), s) != choices.end()) return s;
  fail_not_one_of(s, {choices.begin(), choices.end()});
}

void JsonReader::fail_not_one_of(const std::string& name, const std::vector<std::string_view>& names) const {
  fail(fmt::format("\"{}\" is not allowed here; expected one of: {}", name, fmt::join(names, ", ")));
}

int JsonReader::count_or(std::string_view key, int fallback) const {
  auto f = optional(key);
  return f ? f->count() : fallback;
}

}  // namespace rulecheck
