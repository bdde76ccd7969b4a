#include "report/style.hpp"

namespace adm::report::html {

const std::string& style_sheet() {
  static const std::string css =
      R"css(body { font-family: Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1100px;
  padding: 0 1em; color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; border-bottom: 2px solid #1f5fbf; padding-bottom: 0.2em; }
h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.1em; margin-top: 1.5em; }
h4 { font-size: 1em; margin-top: 1.2em; color: #444; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 0.88em; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #eef2f8; }
td { font-variant-numeric: tabular-nums; }
tr.fails td { background: #fbe3e3; }
tr.holds td:nth-child(5) { color: #1a7a1a; font-weight: bold; }
tr.explained td:nth-child(5) { color: #8a5a00; font-weight: bold; }
tr.fails td:nth-child(5) { color: #b02020; font-weight: bold; }
tr.not-compared td:nth-child(5) { color: #666; font-style: italic; }
table.verdicts td { overflow-wrap: anywhere; }
table.verdicts td:first-child { min-width: 14em; overflow-wrap: normal; }
p.citation { color: #444; font-style: italic; margin-top: 0; }
p.run { color: #444; }
p.four-fifths.passes { color: #1a7a1a; font-weight: bold; }
p.four-fifths.fails { color: #b02020; font-weight: bold; }
pre { background: #f6f6f6; border: 1px solid #ddd; padding: 0.6em; overflow-x: auto; font-size: 0.85em; }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: 0.85em; color: #555; }
nav ul { columns: 2; font-size: 0.9em; }
p.note { color: #555; font-size: 0.9em; }
p.summary { font-size: 1.05em; }
p.summary.fails { color: #b02020; font-weight: bold; }
p.summary.holds { color: #1a7a1a; font-weight: bold; }
details { margin: 0.5em 0 1em; }
summary { cursor: pointer; color: #1f5fbf; }
)css";
  return css;
}

}  // namespace adm::report::html
