#include "reports/board.hpp"

#include <algorithm>
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

void write_board_html(std::ostream& out, const json& state) { write_board_html(out, state, {}); }

void write_board_html(std::ostream& out, const json& state, const std::vector<std::string>& leave_out) {
  std::string scalars;
  for (const auto& t : tables_of(state, scalars)) {
    if (std::find(leave_out.begin(), leave_out.end(), t.name) != leave_out.end()) continue;
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

namespace {

// The lines a space's box shows, from the state's own fields.
std::vector<std::string> place_lines(const json& state, const std::string& id, const json& place) {
  std::vector<std::string> lines;
  if (place.contains("home_base") && place["home_base"].is_string())
    lines.push_back("home base of " + place["home_base"].get<std::string>());
  if (state.contains("factions"))
    for (const auto& [f, faction] : state["factions"].items())
      if (faction.contains("home") && faction["home"].is_array())
        for (const auto& h : faction["home"])
          if (h == id) lines.push_back("Home Space of " + f);
  if (place.contains("terrain") && place["terrain"] != "home-base") lines.push_back(cell_text(place["terrain"]));
  if (place.contains("units"))
    for (const auto& [f, units] : place["units"].items()) {
      std::string text;
      for (const auto& [unit, n] : units.items())
        if (n != 0) text += (text.empty() ? "" : ", ") + n.dump() + " " + unit;
      if (!text.empty()) lines.push_back(f + ": " + text);
    }
  if (place.contains("utilities"))
    for (const auto& u : place["utilities"]) {
      std::string text = "Utility of " + u.value("owner", std::string("?"));
      if (u.value("workers", 0)) text += ", " + std::to_string(u.value("workers", 0)) + " Worker(s)";
      if (u.contains("guests"))
        for (const auto& [g, n] : u["guests"].items()) text += ", " + n.dump() + " of " + g + "'s Workers";
      lines.push_back(text);
    }
  json shields = place.contains("shields") ? place["shields"] : json::array();
  if (place.contains("shield")) shields.push_back(place["shield"]);
  for (const auto& sh : shields)
    lines.push_back("Shield of " + sh.value("owner", std::string("?")) + ", level " + std::to_string(sh.value("level", 0)));
  if (state.contains("cards") && state["cards"].contains(id)) {
    const json& card = state["cards"][id];
    std::string text = "card: ";
    text += card.contains("holder") && card["holder"].is_string() ? "held by " + card["holder"].get<std::string>()
                                                                    : "held by nobody";
    text += card.value("exposed", false) ? ", face-up" : ", face-down";
    if (card.contains("units"))
      for (const auto& [unit, n] : card["units"].items()) text += ", " + n.dump() + " " + unit;
    lines.push_back(text);
  }
  if (place.value("encounter", false)) lines.push_back("encounter token");
  if (place.contains("structure")) lines.push_back("structure: " + cell_text(place["structure"]));
  if (place.contains("held_by")) lines.push_back("control kept by " + cell_text(place["held_by"]));
  if (place.contains("resources")) lines.push_back("resources: " + cell_text(place["resources"]));
  if (state.contains("battle") && state["battle"] == id) lines.push_back("a battle is fought here");
  if (state.contains("pending"))
    for (const auto& [what, list] : state["pending"].items())
      if (list.is_array())
        for (const auto& t : list)
          if (t == id) lines.push_back(what == "combats" ? "combat pending" : what + " pending");
  return lines;
}

}  // namespace

void write_board_svg(std::ostream& out, const json& state, const std::vector<std::string>& highlight) {
  const char* key = state.contains("spaces") ? "spaces" : state.contains("territories") ? "territories" : nullptr;
  if (!key || !state[key].is_object() || state[key].empty()) return;
  const json& places = state[key];
  std::vector<std::string> ids;
  for (const auto& [id, p] : places.items()) ids.push_back(id);
  // Scythe's line maps read left to right: the red home base first, the blue one last.
  std::stable_sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
    auto rank = [&](const std::string& id) {
      const json& p = places[id];
      if (!p.contains("home_base")) return 1;
      return p["home_base"] == "red" ? 0 : 2;
    };
    return rank(a) < rank(b);
  });
  const int per_row = 4, gap = 50, line_height = 14;
  std::vector<std::vector<std::string>> lines;
  std::size_t most = 0, widest = 10;
  for (const auto& id : ids) {
    lines.push_back(place_lines(state, id, places[id]));
    most = std::max(most, lines.back().size());
    for (const auto& l : lines.back()) widest = std::max(widest, l.size());
  }
  const int width = 16 + 6 * static_cast<int>(widest);  // about 6 pixels a character at 11 px
  const int height = 28 + static_cast<int>(most) * line_height + 8;
  const int columns = std::min(per_row, static_cast<int>(ids.size()));
  const int rows = (static_cast<int>(ids.size()) + per_row - 1) / per_row;
  const int arc = 30;  // room above each row for the arcs joining spaces that are not side by side
  auto x_of = [&](std::size_t i) { return 10 + static_cast<int>(i % per_row) * (width + gap); };
  auto y_of = [&](std::size_t i) { return arc + 10 + static_cast<int>(i / per_row) * (height + gap + arc); };
  const int total_w = 20 + columns * width + (columns - 1) * gap;
  const int total_h = arc + 20 + rows * height + (rows - 1) * (gap + arc);
  out << "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << total_w << "\" height=\"" << total_h
      << "\" viewBox=\"0 0 " << total_w << " " << total_h << "\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" "
      << "aria-label=\"the board: " << ids.size() << " " << key << ", adjacent ones joined by a line\">\n";
  std::set<std::pair<std::size_t, std::size_t>> drawn;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const json& p = places[ids[i]];
    if (!p.contains("adjacent")) continue;
    for (const auto& a : p["adjacent"]) {
      const auto it = std::find(ids.begin(), ids.end(), a.get<std::string>());
      if (it == ids.end()) continue;
      std::size_t j = static_cast<std::size_t>(it - ids.begin());
      if (!drawn.insert({std::min(i, j), std::max(i, j)}).second) continue;
      const std::size_t lo = std::min(i, j), hi = std::max(i, j);
      const int x1 = x_of(lo) + width / 2, y1 = y_of(lo), x2 = x_of(hi) + width / 2, y2 = y_of(hi);
      if (y1 == y2 && hi == lo + 1) {
        out << "<line x1=\"" << x_of(lo) + width << "\" y1=\"" << y1 + height / 2 << "\" x2=\"" << x_of(hi)
            << "\" y2=\"" << y2 + height / 2 << "\" stroke=\"#555\" stroke-width=\"2\"/>\n";
      } else {
        const int top = std::min(y1, y2) - arc + 4;
        out << "<path d=\"M" << x1 << " " << y1 << " C" << x1 << " " << top << " " << x2 << " " << top << " " << x2
            << " " << y2 << "\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\"/>\n";
      }
    }
  }
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const bool marked = std::find(highlight.begin(), highlight.end(), ids[i]) != highlight.end();
    const int x = x_of(i), y = y_of(i);
    out << "<g" << (marked ? " class=\"matters\"" : "") << "><rect x=\"" << x << "\" y=\"" << y << "\" width=\""
        << width << "\" height=\"" << height << "\" rx=\"8\" fill=\"" << (marked ? "#fff3c4" : "#f4f4f4")
        << "\" stroke=\"" << (marked ? "#c80" : "#888") << "\" stroke-width=\"" << (marked ? 3 : 1) << "\"/>\n";
    out << "<text x=\"" << x + 8 << "\" y=\"" << y + 18 << "\" font-weight=\"bold\" font-size=\"13\">"
        << escape_xml(ids[i]) << "</text>\n";
    for (std::size_t l = 0; l < lines[i].size(); ++l)
      out << "<text x=\"" << x + 8 << "\" y=\"" << y + 34 + static_cast<int>(l) * line_height << "\">"
          << escape_xml(lines[i][l]) << "</text>\n";
    out << "</g>\n";
  }
  out << "</svg>\n";
}

}  // namespace rulecheck
