#include "methods/patterns/baselines.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/error.hpp"

namespace adm::methods::patterns {

learn::NaiveBayes independent_model(const learn::NbCounts& counts,
                                    const std::vector<bool>& sensitive, double alpha,
                                    bool paper_average) {
  learn::NaiveBayes nb = learn::NaiveBayes::fit(counts, alpha);
  for (std::size_t f = 0; f < nb.features(); ++f) {
    if (!sensitive[f]) continue;
    const auto levels = static_cast<double>(nb.levels(f));
    const double total = counts.n[0] + counts.n[1] + alpha * levels;
    for (std::size_t v = 0; v < nb.levels(f); ++v) {
      const double p = paper_average ? (nb.cond(f, v, 0) + nb.cond(f, v, 1)) / 2
                                     : (counts.get(f, v, 0) + counts.get(f, v, 1) + alpha) / total;
      nb.set_cond(f, v, 0, p);
      nb.set_cond(f, v, 1, p);
    }
  }
  return nb;
}

std::size_t TwoNaiveBayes::group_of(const learn::NbTable& table, std::size_t row) const {
  std::size_t g = 0;
  for (std::size_t f = 0; f < sensitive_.size(); ++f)
    if (sensitive_[f]) g = g * table.levels[f] + static_cast<std::size_t>(table.x[f][row]);
  return g;
}

double TwoNaiveBayes::log_odds(const learn::NbTable& table, std::size_t row) const {
  const auto& m = models_[group_of(table, row)];
  double lo = std::log(m.prior(1)) - std::log(m.prior(0));
  for (std::size_t i = 0; i < other_.size(); ++i) {
    const auto v = static_cast<std::size_t>(table.x[other_[i]][row]);
    lo += std::log(m.cond(i, v, 1)) - std::log(m.cond(i, v, 0));
  }
  return lo;
}

void TwoNaiveBayes::fit(const learn::NbTable& table, const std::vector<bool>& sensitive,
                        double alpha) {
  sensitive_ = sensitive;
  other_.clear();
  std::size_t groups = 1;
  for (std::size_t f = 0; f < sensitive.size(); ++f) {
    if (sensitive[f]) groups *= table.levels[f];
    if (!sensitive[f]) other_.push_back(f);
  }
  std::vector<std::vector<std::size_t>> rows(groups);
  for (std::size_t r = 0; r < table.rows(); ++r) rows[group_of(table, r)].push_back(r);
  // The non-sensitive columns only; a group without rows borrows the whole table's model.
  learn::NbTable sub;
  for (auto f : other_) {
    sub.names.push_back(table.names[f]);
    sub.levels.push_back(table.levels[f]);
    sub.x.push_back(table.x[f]);
  }
  sub.d = table.d;
  const auto all = learn::NaiveBayes::fit(sub, alpha);
  models_.clear();
  for (std::size_t g = 0; g < groups; ++g)
    models_.push_back(rows[g].empty() ? all : learn::NaiveBayes::fit(sub.take(rows[g]), alpha));
  // Parity: in every group the top round(rate * n_g) rows by log-odds get the favourable decision.
  double positives = 0;
  for (auto d : table.d) positives += d;
  const double rate = table.rows() ? positives / static_cast<double>(table.rows()) : 0.5;
  shift_.assign(groups, 0.0);
  for (std::size_t g = 0; g < groups; ++g) {
    if (rows[g].empty()) continue;
    std::vector<double> lo;
    for (auto r : rows[g]) lo.push_back(log_odds(table, r));
    std::sort(lo.begin(), lo.end(), std::greater<>());
    const auto m = static_cast<std::size_t>(std::llround(rate * static_cast<double>(lo.size())));
    if (m == 0)
      shift_[g] = -lo.front() - 1;
    else if (m == lo.size())
      shift_[g] = -lo.back() + 1;
    else
      shift_[g] = -(lo[m - 1] + lo[m]) / 2;
  }
}

int TwoNaiveBayes::predict(const learn::NbTable& table, std::size_t row) const {
  return log_odds(table, row) + shift_[group_of(table, row)] >= 0 ? 1 : 0;
}

double TwoNaiveBayes::accuracy(const learn::NbTable& table) const {
  if (table.rows() == 0) return 0.0;
  std::size_t right = 0;
  for (std::size_t r = 0; r < table.rows(); ++r) right += predict(table, r) == table.d[r] ? 1 : 0;
  return static_cast<double>(right) / static_cast<double>(table.rows());
}

}  // namespace adm::methods::patterns
