#include "rulebook/code_scan.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>

namespace rulecheck::rulebook {

namespace fs = std::filesystem;

bool names_id(std::string_view text, std::string_view id) {
  const auto is_id_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
  };
  for (std::size_t at = text.find(id); at != std::string_view::npos; at = text.find(id, at + 1)) {
    const bool starts = at == 0 || !is_id_char(text[at - 1]);
    const std::size_t end = at + id.size();
    // A '.' after the id ends a sentence unless an id character follows it.
    const bool ends = end == text.size() || !is_id_char(text[end]) ||
                      (text[end] == '.' && (end + 1 == text.size() || !is_id_char(text[end + 1])));
    if (starts && ends) return true;
  }
  return false;
}

namespace {

const std::set<std::string> kFileExtensions = {"cpp", "hpp", "h", "json", "txt", "py", "md"};

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The text with its comments blanked out (newlines kept, so offsets and lines stay), strings kept.
std::string without_comments(const std::string& text) {
  std::string out = text;
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    if (text.compare(i, 2, "//") == 0) {
      for (; i < n && text[i] != '\n'; ++i) out[i] = ' ';
    } else if (text.compare(i, 2, "/*") == 0) {
      const std::size_t end = std::min(n, text.find("*/", i + 2) == std::string::npos ? n : text.find("*/", i + 2) + 2);
      for (; i < end; ++i)
        if (text[i] != '\n') out[i] = ' ';
    } else if (text.compare(i, 3, "R\"(") == 0) {  // a raw string: kept, skipped whole
      const std::size_t end = text.find(")\"", i + 3);
      i = end == std::string::npos ? n : end + 2;
    } else if (text[i] == '"' || (text[i] == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(text[i - 1]))))) {
      const char quote = text[i];  // a string or a character (not a digit separator: 1'000)
      for (++i; i < n && text[i] != quote && text[i] != '\n'; ++i)
        if (text[i] == '\\') ++i;
      ++i;
    } else {
      ++i;
    }
  }
  return out;
}

class IdShape {
 public:
  explicit IdShape(const std::vector<std::string>& games) {
    std::string alternatives;
    for (const auto& g : games) alternatives += (alternatives.empty() ? "" : "|") + g;
    pattern_ = std::regex("\\b(?:" + (alternatives.empty() ? std::string("$^") : alternatives) +
                          ")\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\b");
  }
  // The ids written on one line: [offset in the line, id], file names (scythe.cpp, .../messina.hpp)
  // and the prefixes of id globs (scythe.move.*) left out.
  std::vector<std::pair<std::size_t, std::string>> in_line(const std::string& line) const {
    std::vector<std::pair<std::size_t, std::string>> out;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), pattern_); it != std::sregex_iterator(); ++it) {
      const auto at = static_cast<std::size_t>(it->position());
      const std::string id = it->str();
      const std::size_t end = at + id.size();
      if (at > 0 && (line[at - 1] == '/' || line[at - 1] == '\\')) continue;
      if (line.compare(end, 2, ".*") == 0) continue;
      if (kFileExtensions.count(id.substr(id.find('.') + 1))) continue;
      out.emplace_back(at, id);
    }
    return out;
  }
  bool whole(const std::string& text) const {
    const auto found = in_line(text);
    return found.size() == 1 && found[0].first == 0 && found[0].second.size() == text.size();
  }

 private:
  std::regex pattern_;
};

// The next character that is not white space at or after `at` (0 at the end).
char next_visible(const std::string& code, std::size_t at) {
  while (at < code.size() && is_space(code[at])) ++at;
  return at < code.size() ? code[at] : '\0';
}
char previous_visible(const std::string& code, std::size_t at) {  // before `at`
  while (at > 0 && is_space(code[at - 1])) --at;
  return at > 0 ? code[at - 1] : '\0';
}

// {ID, formula}: an id opening a brace, followed by a comma and a formula.
bool is_tag_at(const std::string& code, std::size_t from, std::size_t to) {
  if (previous_visible(code, from) != '{' || next_visible(code, to) != ',') return false;
  std::size_t comma = to;
  while (code[comma] != ',') ++comma;
  const char after = next_visible(code, comma + 1);
  // Not a formula: a string (a theorem's claim, another id), a list, a number (a point's reading).
  return after != '"' && after != '{' && after != '\0' && after != '}' &&
         !std::isdigit(static_cast<unsigned char>(after));
}

// The roles of the ids one file writes in code (not in comments), by offset in the file.
struct Roles {
  std::map<std::size_t, IdRole> at_literal;  // the offset of the id (just inside its quotes)
  std::vector<std::pair<std::size_t, std::string>> by_constant;  // a tag naming a constant: offset, id
};

Roles roles_in(const std::string& code, bool oracle, const IdShape& shape) {
  Roles roles;
  std::map<std::string, std::string> constants;  // kWhen -> its id
  static const std::regex kConstant(R"re(\b(k[A-Za-z0-9_]*)\s*=\s*"([a-z0-9.-]+)")re");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), kConstant); it != std::sregex_iterator(); ++it)
    if (shape.whole((*it)[2].str())) constants[(*it)[1].str()] = (*it)[2].str();
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (code[i] == '"') {
      std::size_t end = i + 1;
      while (end < code.size() && code[end] != '"' && code[end] != '\n') end += code[end] == '\\' ? 2 : 1;
      if (end >= code.size()) break;
      const std::string inside = code.substr(i + 1, end - i - 1);
      if (shape.whole(inside)) {
        if (oracle)
          roles.at_literal[i + 1] = IdRole::decision;
        else if (is_tag_at(code, i, end + 1))
          roles.at_literal[i + 1] = IdRole::tag;
      }
      i = end;
    } else if (!oracle && code[i] == 'k' && (i == 0 || !is_word_char(code[i - 1]))) {
      std::size_t end = i;
      while (end < code.size() && is_word_char(code[end])) ++end;
      const auto constant = constants.find(code.substr(i, end - i));
      if (constant != constants.end() && is_tag_at(code, i, end)) roles.by_constant.emplace_back(i, constant->second);
      i = end - 1;
    }
  }
  return roles;
}

int line_of(const std::string& text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

}  // namespace

CodeScan::CodeScan(const Project& project, const std::vector<std::string>& games, std::span<const CodeSite> built_in)
    : project_(project), built_in_(built_in) {
  std::vector<fs::path> files;
  for (const char* folder : {"oracle", "solver"}) {
    if (!fs::is_directory(project.root / folder)) continue;
    has_tree_ = true;
    for (const auto& e : fs::recursive_directory_iterator(project.root / folder))
      if (e.is_regular_file() && (e.path().extension() == ".cpp" || e.path().extension() == ".hpp"))
        files.push_back(e.path());
  }
  if (!has_tree_) {
    for (const auto& site : built_in)
      if (is_oracle_site(site) || is_solver_site(site))
        ids_.push_back({std::string(site.id), std::string(site.file), site.line, IdRole::mention});
    return;
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) read_file(file, games);
}

void CodeScan::read_file(const fs::path& file, const std::vector<std::string>& games) {
  static thread_local std::map<std::string, IdShape> shapes;
  std::string key;
  for (const auto& g : games) key += g + ",";
  auto shape = shapes.find(key);
  if (shape == shapes.end()) shape = shapes.emplace(key, IdShape(games)).first;
  std::ifstream in(file, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const std::string name = project_.relative(file);
  const Roles roles = roles_in(without_comments(text), name.starts_with("oracle/"), shape->second);
  std::vector<WrittenId> found;
  std::size_t line_start = 0;
  for (int number = 1; line_start <= text.size(); ++number) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = text.size();
    const std::string line = text.substr(line_start, line_end - line_start);
    for (const auto& [at, id] : shape->second.in_line(line)) {
      const auto role = roles.at_literal.find(line_start + at);
      found.push_back({id, name, number, role == roles.at_literal.end() ? IdRole::mention : role->second});
    }
    line_start = line_end + 1;
  }
  for (const auto& [at, id] : roles.by_constant) found.push_back({id, name, line_of(text, at), IdRole::tag});
  std::stable_sort(found.begin(), found.end(), [](const WrittenId& a, const WrittenId& b) { return a.line < b.line; });
  ids_.insert(ids_.end(), found.begin(), found.end());
}

std::string CodeScan::described() const {
  return has_tree_ ? fmt::format("the source tree in {}", project_.root.string())
                   : std::string("the code rulecheck was built from, as the project holds no oracle/ or solver/");
}

std::optional<bool> CodeScan::file_names(const std::string& file, const std::string& id) const {
  const fs::path path = project_.root / file;
  if (fs::is_regular_file(path)) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return names_id(text.str(), id);
  }
  const bool code_file = file.starts_with("oracle/") || file.starts_with("solver/") || file.starts_with("properties/");
  if (has_tree_ || !code_file) return std::nullopt;
  const bool any_site =
      std::any_of(built_in_.begin(), built_in_.end(), [&](const CodeSite& s) { return s.file == file; });
  if (!any_site) return std::nullopt;
  return std::any_of(built_in_.begin(), built_in_.end(), [&](const CodeSite& s) { return s.file == file && s.id == id; });
}

}  // namespace rulecheck::rulebook
