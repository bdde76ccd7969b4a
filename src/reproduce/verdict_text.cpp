#include "reproduce/verdict_text.hpp"

#include <algorithm>
#include <iomanip>

namespace adm::pipelines {

const char* verdict_word(const VerdictRow& row) { return verdict_label(verdict_state(row)); }

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
  for (const auto& r : table) {
    line(r.figure, r.ours, r.published, r.comparison, verdict_word(r));
    if (!r.explanation.empty()) out << "    note: " << r.explanation << "\n";
  }
  // The same line the HTML report prints above its table.
  out << verdict_summary(table) << "\n";
}

}  // namespace adm::pipelines
