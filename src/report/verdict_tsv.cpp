#include "report/verdict_tsv.hpp"

#include <sstream>

#include "core/error.hpp"

namespace adm::report {
namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == '\t')
      out.emplace_back();
    else
      out.back().push_back(c);
  }
  return out;
}

}  // namespace

VerdictTable parse_verdicts_tsv(const std::string& text, const std::string& source) {
  static const std::vector<std::string> header{"paper",      "figure", "result",
                                               "path",       "ours",   "published",
                                               "comparison", "holds",  "explanation"};
  std::istringstream in(text);
  std::string line;
  VerdictTable out;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto f = split_tabs(line);
    const std::string where = source + ":" + std::to_string(number) + ": ";
    if (number == 1) {
      if (f != header)
        throw InputError(where +
                         "the header must be the tab-separated columns paper, figure, "
                         "result, path, ours, published, comparison, holds, explanation");
      continue;
    }
    if (line.empty()) continue;
    if (f.size() != header.size())
      throw InputError(where + "expected " + std::to_string(header.size()) +
                       " tab-separated fields, found " + std::to_string(f.size()));
    VerdictRow r{f[0], f[1], f[2], f[3], f[4], f[5], f[6], false, f[8]};
    if (f[7] == "1" || f[7] == "true")
      r.holds = true;
    else if (f[7] == "-")
      r.compared = false;
    else if (f[7] != "0" && f[7] != "false")
      throw InputError(where + "holds must be 1, 0, true, false or - (not compared), not '" + f[7] +
                       "'");
    out.push_back(std::move(r));
  }
  if (number == 0) throw InputError(source + ": empty (expected a header line)");
  return out;
}

}  // namespace adm::report
