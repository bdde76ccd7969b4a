#include "report/group_tables.hpp"

#include <map>

#include "report/html.hpp"

namespace adm::report {
namespace {

std::size_t length(const ResultEntry& e) {
  return std::visit([](const auto& v) { return v.size(); }, e.values);
}

std::string shape_text(const ResultEntry& e) {
  if (e.dims.empty()) return std::to_string(length(e));
  std::string s;
  for (auto d : e.dims) s += (s.empty() ? "" : " x ") + std::to_string(d);
  return s;
}

const char* type_text(const ResultEntry& e) {
  return std::holds_alternative<std::vector<double>>(e.values)         ? "real"
         : std::holds_alternative<std::vector<std::int64_t>>(e.values) ? "integer"
                                                                       : "text";
}

std::string matrix_table(const ResultData& data, const ResultEntry& e) {
  const auto cells = data.texts(e.path);
  const std::size_t cols = e.dims.back(), rows = cols ? cells.size() / cols : 0;
  const std::size_t shown_rows = std::min<std::size_t>(rows, 50),
                    shown_cols = std::min<std::size_t>(cols, 30);
  html::Table t;
  t.caption = leaf(e.path) + " (" + shape_text(e) + ")" +
              (e.description.empty() ? "" : ": " + e.description);
  t.header.push_back("");
  for (std::size_t c = 0; c < shown_cols; ++c) t.header.push_back(std::to_string(c));
  for (std::size_t r = 0; r < shown_rows; ++r) {
    std::vector<std::string> row{std::to_string(r)};
    for (std::size_t c = 0; c < shown_cols; ++c) row.push_back(cells[r * cols + c]);
    t.rows.push_back(std::move(row));
  }
  data.shown(e.path);
  std::string out = html::table(t);
  if (shown_rows < rows || shown_cols < cols)
    out += html::paragraph("(first " + std::to_string(shown_rows) + " rows and " +
                               std::to_string(shown_cols) + " columns shown)",
                           "note");
  return out;
}

}  // namespace

std::string column_table(const ResultData& data, const std::vector<std::string>& paths,
                         const std::string& caption, std::size_t max_rows) {
  if (paths.empty()) return "";
  std::vector<std::vector<std::string>> columns;
  html::Table t;
  t.caption = caption;
  std::size_t rows = 0;
  std::string notes;
  for (const auto& p : paths) {
    columns.push_back(data.texts(p));
    rows = std::max(rows, columns.back().size());
    const auto* e = data.document().results.find(p);
    t.header.push_back(leaf(p) +
                       (e && !e->units.empty() && e->units != "1" ? " [" + e->units + "]" : ""));
    if (e && !e->description.empty())
      notes +=
          "<li><b>" + html::escape(leaf(p)) + "</b>: " + html::escape(e->description) + "</li>\n";
    data.shown(p);
  }
  for (std::size_t r = 0; r < std::min(rows, max_rows); ++r) {
    std::vector<std::string> row;
    for (const auto& c : columns) row.push_back(r < c.size() ? c[r] : "");
    t.rows.push_back(std::move(row));
  }
  std::string out = html::table(t);
  if (rows > max_rows)
    out += html::paragraph(
        "(first " + std::to_string(max_rows) + " of " + std::to_string(rows) + " rows shown)",
        "note");
  if (!notes.empty()) out += html::details("column descriptions", "<ul>\n" + notes + "</ul>\n");
  return out;
}

std::string listing(const ResultData& data, const std::vector<std::string>& paths) {
  if (paths.empty()) return "";
  html::Table t;
  t.header = {"path", "shape", "type", "first values"};
  for (const auto& p : paths) {
    const auto* e = data.document().results.find(p);
    if (!e) continue;
    const auto cells = data.texts(p);
    std::string first;
    for (std::size_t i = 0; i < std::min<std::size_t>(cells.size(), 8); ++i)
      first += (i ? ", " : "") + cells[i];
    if (cells.size() > 8) first += ", ...";
    t.rows.push_back({p, shape_text(*e), type_text(*e), first});
    data.shown(p);
  }
  return html::table(t);
}

std::string group_tables(const ResultData& data, const std::string& group, bool recurse) {
  std::string out;
  std::vector<std::string> scalars;
  std::map<std::size_t, std::vector<std::string>> by_length;
  for (const auto& p : data.datasets_in(group)) {
    const auto* e = data.document().results.find(p);
    if (e->dims.size() > 1) {
      out += matrix_table(data, *e);
      continue;
    }
    const std::size_t n = length(*e);
    (n == 1 ? scalars : by_length[n]).push_back(p);
  }
  if (!scalars.empty()) {
    html::Table t;
    t.header = {"name", "value", "units", "description"};
    for (const auto& p : scalars) {
      const auto* e = data.document().results.find(p);
      t.rows.push_back(
          {leaf(p), data.texts(p).front(), e->units == "1" ? "" : e->units, e->description});
      data.shown(p);
    }
    out = html::table(t) + out;
  }
  for (const auto& [n, paths] : by_length)
    out += column_table(data, paths, n == 0 ? "(empty)" : std::to_string(n) + " rows");
  if (recurse)
    for (const auto& sub : data.subgroups(group))
      out += html::section(data.id() + sub, sub, group_tables(data, sub, true), 4);
  return out;
}

}  // namespace adm::report
