#pragma once
// HTML building blocks of the report: every text that reaches the page goes through escape()
// (result strings are untrusted: feature names, config text, file names). Markup is assembled
// only here and in the section renderers, from these pieces.
#include <string>
#include <vector>

namespace adm::report::html {

// Text escaped for HTML character data and attribute values (& < > " ').
std::string escape(const std::string& text);

struct Table {
  std::string caption;  // may be empty
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // plain text, escaped when rendered
  std::string css_class;                       // e.g. "verdicts"
  std::vector<std::string> row_classes;        // optional, one per row (e.g. "fail")
};
std::string table(const Table& t);

// <section> with an id (made safe for an attribute) and a heading at `level` (2..4).
std::string section(const std::string& id, const std::string& heading, const std::string& body,
                    int level = 2);
// An inline SVG figure (an <?xml?> prolog is dropped) with a caption.
std::string figure(const std::string& svg_document, const std::string& caption);
std::string paragraph(const std::string& text, const std::string& css_class = "");
std::string preformatted(const std::string& text);
// <details> with a summary line, closed by default.
std::string details(const std::string& summary, const std::string& body);
// The whole page: doctype, charset, inline style sheet, no scripts and no external resources.
std::string page(const std::string& title, const std::string& body);

// An id usable in an attribute and a URL fragment: letters, digits, '-' and '_' kept, the rest
// '-'.
std::string anchor(const std::string& text);

}  // namespace adm::report::html
