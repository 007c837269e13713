#include "reports/board.hpp"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "reports/document.hpp"

namespace rulecheck {

namespace {

using json = nlohmann::json;

// A value in a table cell: numbers and strings as they are, the rest as compact JSON.
std::string cell_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return v.dump();
  if (v.is_object()) {
    std::string out;
    for (const auto& [k, x] : v.items()) out += (out.empty() ? "" : "; ") + k + ": " + cell_text(x);
    return out;
  }
  if (v.is_array()) {
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : ", ") + cell_text(x);
    return out;
  }
  return "";
}

struct Table {
  std::string name;
  std::vector<std::string> columns;
  std::vector<std::pair<std::string, std::vector<std::string>>> rows;
};

std::vector<Table> tables_of(const json& state, std::string& scalars) {
  std::vector<Table> out;
  for (const auto& [name, v] : state.items()) {
    if (!v.is_object()) {
      scalars += (scalars.empty() ? "" : ", ") + name + " " + cell_text(v);
      continue;
    }
    Table t{name, {}, {}};
    std::set<std::string> seen;
    for (const auto& [id, member] : v.items())
      if (member.is_object())
        for (const auto& [field, x] : member.items())
          if (seen.insert(field).second) t.columns.push_back(field);
    for (const auto& [id, member] : v.items()) {
      std::vector<std::string> cells;
      for (const auto& c : t.columns) cells.push_back(member.contains(c) ? cell_text(member[c]) : "");
      t.rows.push_back({id, cells});
    }
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

void write_board_markdown(std::ostream& out, const json& state) {
  std::string scalars;
  for (const auto& t : tables_of(state, scalars)) {
    out << "| " << t.name;
    for (const auto& c : t.columns) out << " | " << c;
    out << " |\n|---";
    for (std::size_t i = 0; i < t.columns.size(); ++i) out << "|---";
    out << "|\n";
    for (const auto& [id, cells] : t.rows) {
      out << "| " << markdown_cell(id);
      for (const auto& c : cells) out << " | " << markdown_cell(c);
      out << " |\n";
    }
    out << "\n";
  }
  if (!scalars.empty()) out << scalars << "\n\n";
}

void write_board_html(std::ostream& out, const json& state) {
  std::string scalars;
  for (const auto& t : tables_of(state, scalars)) {
    out << "<table><tr><th>" << escape_xml(t.name) << "</th>";
    for (const auto& c : t.columns) out << "<th>" << escape_xml(c) << "</th>";
    out << "</tr>\n";
    for (const auto& [id, cells] : t.rows) {
      out << "<tr><td>" << escape_xml(id) << "</td>";
      for (const auto& c : cells) out << "<td>" << escape_xml(c) << "</td>";
      out << "</tr>\n";
    }
    out << "</table>\n";
  }
  if (!scalars.empty()) out << "<p>" << escape_xml(scalars) << "</p>\n";
}

}  // namespace rulecheck
