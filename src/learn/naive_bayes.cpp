#include "learn/naive_bayes.hpp"

#include <cmath>

#include "core/error.hpp"
#include "data/dataset.hpp"

namespace adm::learn {

NbTable NbTable::take(const std::vector<std::size_t>& rows) const {
  NbTable out;
  out.names = names;
  out.levels = levels;
  out.x.assign(x.size(), {});
  for (std::size_t f = 0; f < x.size(); ++f) {
    out.x[f].reserve(rows.size());
    for (auto r : rows) out.x[f].push_back(x[f][r]);
  }
  out.d.reserve(rows.size());
  for (auto r : rows) out.d.push_back(d[r]);
  return out;
}

NbTable nb_table(const data::Dataset& data, const std::vector<std::string>& features,
                 const std::string& favourable) {
  NbTable t;
  const auto& target = data.target();
  const std::string where = data.source() + ": naive Bayes: ";
  if (!target.is_categorical() || target.level_count() != 2)
    throw InputError(where + "the decision '" + target.name() +
                     "' must be categorical with exactly two levels");
  int fav = -1;
  for (std::size_t l = 0; l < 2; ++l)
    if (target.levels()[l] == favourable) fav = static_cast<int>(l);
  if (fav < 0)
    throw InputError(where + "the favourable decision '" + favourable + "' is not a level of '" +
                     target.name() + "'");
  if (target.missing_count() != 0)
    throw InputError(where + "the decision '" + target.name() + "' has missing values");
  for (auto c : target.codes()) t.d.push_back(c == fav ? 1 : 0);
  for (const auto& name : features) {
    const auto& col = data.column(name);
    if (!col.is_categorical())
      throw InputError(where + "feature '" + name +
                       "' must be categorical (declare it in data.types)");
    if (col.missing_count() != 0)
      throw InputError(where + "feature '" + name + "' has missing values");
    if (col.level_count() < 1 || col.level_count() > 200)
      throw InputError(where + "feature '" + name + "' must have 1 to 200 levels");
    t.names.push_back(name);
    t.levels.push_back(col.level_count());
    t.x.push_back(data::to_vector(col.codes()));
  }
  return t;
}

NbCounts NbCounts::of(const NbTable& table) {
  NbCounts c;
  c.nz.resize(table.x.size());
  for (std::size_t f = 0; f < table.x.size(); ++f) c.nz[f].assign(table.levels[f] * 2, 0.0);
  for (std::size_t r = 0; r < table.rows(); ++r) {
    const int d = table.d[r];
    c.n[d] += 1;
    for (std::size_t f = 0; f < table.x.size(); ++f) c.nz[f][table.x[f][r] * 2 + d] += 1;
  }
  return c;
}

NaiveBayes::NaiveBayes(std::vector<std::size_t> levels) : levels_(std::move(levels)) {
  cond_.resize(levels_.size());
  for (std::size_t f = 0; f < levels_.size(); ++f)
    cond_[f].assign(levels_[f] * 2, 1.0 / static_cast<double>(levels_[f]));
}

NaiveBayes NaiveBayes::fit(const NbCounts& counts, double alpha) {
  if (!(alpha >= 0.0)) throw InternalError("naive Bayes: negative smoothing");
  std::vector<std::size_t> levels;
  for (const auto& z : counts.nz) levels.push_back(z.size() / 2);
  NaiveBayes nb(levels);
  const double total = counts.n[0] + counts.n[1];
  if (total <= 0) throw InputError("naive Bayes: no rows to learn from");
  nb.prior_[1] = (counts.n[1] + alpha) / (total + 2 * alpha);
  nb.prior_[0] = 1.0 - nb.prior_[1];
  for (std::size_t f = 0; f < levels.size(); ++f)
    for (int d = 0; d < 2; ++d) {
      const double denom = counts.n[d] + alpha * static_cast<double>(levels[f]);
      for (std::size_t v = 0; v < levels[f]; ++v)
        nb.cond_[f][v * 2 + d] = denom > 0 ? (counts.get(f, v, d) + alpha) / denom
                                           : 1.0 / static_cast<double>(levels[f]);
    }
  return nb;
}

NaiveBayes NaiveBayes::fit(const NbTable& table, double alpha) {
  return fit(NbCounts::of(table), alpha);
}

namespace {
// n * log(p) with 0 * log(0) = 0, the convention of likelihoods.
double nlogp(double n, double p) { return n == 0 ? 0.0 : n * std::log(p); }
}  // namespace

double NaiveBayes::log_likelihood(const NbCounts& counts) const {
  double ll = nlogp(counts.n[0], prior_[0]) + nlogp(counts.n[1], prior_[1]);
  for (std::size_t f = 0; f < levels_.size(); ++f)
    for (std::size_t i = 0; i < cond_[f].size(); ++i) ll += nlogp(counts.nz[f][i], cond_[f][i]);
  return ll;
}

double NaiveBayes::log_likelihood(const NbTable& table) const {
  return log_likelihood(NbCounts::of(table));
}

double NaiveBayes::posterior(std::span<const std::int32_t> evidence) const {
  // Products (not logs) keep zero probabilities exact; rescaling avoids underflow.
  double a = prior_[1], b = prior_[0];
  for (std::size_t f = 0; f < levels_.size() && f < evidence.size(); ++f) {
    if (evidence[f] < 0) continue;
    a *= cond_[f][static_cast<std::size_t>(evidence[f]) * 2 + 1];
    b *= cond_[f][static_cast<std::size_t>(evidence[f]) * 2];
    const double s = a + b;
    if (s > 0 && s < 1e-200) {
      a /= s;
      b /= s;
    }
  }
  return a / (a + b);
}

double NaiveBayes::accuracy(const NbTable& table) const {
  if (table.rows() == 0) return 0.0;
  std::vector<std::int32_t> e(table.x.size());
  std::size_t right = 0;
  for (std::size_t r = 0; r < table.rows(); ++r) {
    for (std::size_t f = 0; f < e.size(); ++f) e[f] = table.x[f][r];
    const int pred = posterior(e) >= 0.5 ? 1 : 0;
    right += pred == table.d[r] ? 1 : 0;
  }
  return static_cast<double>(right) / static_cast<double>(table.rows());
}

}  // namespace adm::learn
