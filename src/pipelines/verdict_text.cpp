#include "pipelines/verdict_text.hpp"

#include <algorithm>
#include <iomanip>

#include "pipelines/checker.hpp"

namespace adm::pipelines {

const char* verdict_word(const VerdictRow& row) {
  if (row.holds) return "ok";
  return row.explanation.empty() ? "DIFFERS" : "differs (explained)";
}

void print_verdicts(std::ostream& out, const std::string& title, const VerdictTable& table) {
  std::size_t w_figure = 6, w_ours = 4, w_paper = 5, w_cmp = 10;
  for (const auto& r : table) {
    w_figure = std::max(w_figure, r.figure.size());
    w_ours = std::max(w_ours, std::min<std::size_t>(r.ours.size(), 40));
    w_paper = std::max(w_paper, std::min<std::size_t>(r.published.size(), 40));
    w_cmp = std::max(w_cmp, r.comparison.size());
  }
  const auto line = [&](const std::string& a, const std::string& b, const std::string& c,
                        const std::string& d, const std::string& e) {
    out << std::left << std::setw(int(w_figure)) << a << " | " << std::setw(int(w_ours)) << b
        << " | " << std::setw(int(w_paper)) << c << " | " << std::setw(int(w_cmp)) << d << " | "
        << e << "\n";
  };
  out << "== " << title << "\n";
  line("figure", "ours", "paper", "comparison", "verdict");
  std::size_t held = 0, explained = 0;
  for (const auto& r : table) {
    line(r.figure, r.ours, r.published, r.comparison, verdict_word(r));
    if (!r.explanation.empty()) out << "    note: " << r.explanation << "\n";
    held += r.holds;
    explained += !r.holds && !r.explanation.empty();
  }
  out << table.size() << " figures: " << held << " hold, " << explained
      << " differ with an explanation, " << unexplained_failures(table) << " differ without one\n";
}

}  // namespace adm::pipelines
