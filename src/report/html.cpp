#include "report/html.hpp"

#include "report/style.hpp"
#include "report/svg.hpp"

namespace adm::report::html {

std::string escape(const std::string& text) { return svg::escape(text); }

std::string anchor(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_';
    out += keep ? c : '-';
  }
  return out.empty() ? "x" : out;
}

std::string table(const Table& t) {
  std::string s =
      "<table" + (t.css_class.empty() ? "" : " class=\"" + escape(t.css_class) + "\"") + ">\n";
  if (!t.caption.empty()) s += "<caption>" + escape(t.caption) + "</caption>\n";
  if (!t.header.empty()) {
    s += "<thead><tr>";
    for (const auto& h : t.header) s += "<th>" + escape(h) + "</th>";
    s += "</tr></thead>\n";
  }
  s += "<tbody>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const std::string cls = r < t.row_classes.size() ? t.row_classes[r] : "";
    s += cls.empty() ? "<tr>" : "<tr class=\"" + escape(cls) + "\">";
    for (const auto& cell : t.rows[r]) s += "<td>" + escape(cell) + "</td>";
    s += "</tr>\n";
  }
  return s + "</tbody>\n</table>\n";
}

std::string section(const std::string& id, const std::string& heading, const std::string& body,
                    int level) {
  const std::string h = "h" + std::to_string(level < 2 ? 2 : level > 4 ? 4 : level);
  return "<section id=\"" + anchor(id) + "\">\n<" + h + ">" + escape(heading) + "</" + h + ">\n" +
         body + "</section>\n";
}

std::string figure(const std::string& svg_document, const std::string& caption) {
  return "<figure>\n" + svg::inline_svg(svg_document) + "<figcaption>" + escape(caption) +
         "</figcaption>\n</figure>\n";
}

std::string paragraph(const std::string& text, const std::string& css_class) {
  return (css_class.empty() ? "<p>" : "<p class=\"" + escape(css_class) + "\">") + escape(text) +
         "</p>\n";
}

std::string preformatted(const std::string& text) { return "<pre>" + escape(text) + "</pre>\n"; }

std::string details(const std::string& summary, const std::string& body) {
  return "<details>\n<summary>" + escape(summary) + "</summary>\n" + body + "</details>\n";
}

std::string page(const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         escape(title) + "</title>\n<style>\n" + style_sheet() + "</style>\n</head>\n<body>\n" +
         body + "</body>\n</html>\n";
}

}  // namespace adm::report::html
