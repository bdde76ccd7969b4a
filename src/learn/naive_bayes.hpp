#pragma once
// Categorical naive Bayes over a binary decision D (code 1 = the favourable decision d, 0 = d-bar):
// P(D, Z) = theta_D * prod_i theta_{z_i | D}. Maximum likelihood with optional Laplace smoothing
// alpha (alpha = 0: plain ML counts), the log-likelihood of a table, and P(d | e) for evidence e on
// any subset of the features (unobserved features are marginalised out, which in a naive Bayes
// model means leaving their factors out).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace adm::data {
class Dataset;
}

namespace adm::learn {

// Features as integer codes (column-major) and the decision as 0/1, ready for counting.
struct NbTable {
  std::vector<std::string> names;            // feature names
  std::vector<std::size_t> levels;           // level count per feature
  std::vector<std::vector<std::int32_t>> x;  // x[feature][row], codes in [0, levels)
  std::vector<std::int32_t> d;               // 0/1 per row
  std::size_t rows() const { return d.size(); }
  NbTable take(const std::vector<std::size_t>& rows) const;
};

// Columns `features` of `data` (categorical, no missing cells) and the target, whose level
// `favourable` becomes d = 1 (the other, the only other, d = 0). InputError otherwise.
NbTable nb_table(const data::Dataset& data, const std::vector<std::string>& features,
                 const std::string& favourable);

// Sufficient statistics: n[d] and n[feature][value][d] (as value * 2 + d).
struct NbCounts {
  double n[2] = {0, 0};
  std::vector<std::vector<double>> nz;
  static NbCounts of(const NbTable& table);
  double get(std::size_t f, std::size_t v, int d) const { return nz[f][v * 2 + d]; }
};

class NaiveBayes {
 public:
  NaiveBayes() = default;
  // Uniform parameters over the given level counts.
  explicit NaiveBayes(std::vector<std::size_t> levels);

  // ML estimate theta = (n + alpha) / (N + alpha * levels).
  static NaiveBayes fit(const NbCounts& counts, double alpha = 0.0);
  static NaiveBayes fit(const NbTable& table, double alpha = 0.0);

  std::size_t features() const { return levels_.size(); }
  std::size_t levels(std::size_t f) const { return levels_[f]; }
  const std::vector<std::size_t>& all_levels() const { return levels_; }
  double prior(int d) const { return prior_[d]; }
  double cond(std::size_t f, std::size_t v, int d) const { return cond_[f][v * 2 + d]; }
  void set_prior(double p_d) {
    prior_[1] = p_d;
    prior_[0] = 1.0 - p_d;
  }
  void set_cond(std::size_t f, std::size_t v, int d, double p) { cond_[f][v * 2 + d] = p; }

  // sum over rows of log P(d_r, z_r) (natural log), from counts or from a table.
  double log_likelihood(const NbCounts& counts) const;
  double log_likelihood(const NbTable& table) const;
  // P(d = 1 | evidence); evidence[f] < 0 means feature f is not observed.
  double posterior(std::span<const std::int32_t> evidence) const;
  // Fraction of rows whose most probable decision (P >= 0.5 -> 1) equals d, all features observed.
  double accuracy(const NbTable& table) const;

 private:
  std::vector<std::size_t> levels_;
  double prior_[2] = {0.5, 0.5};
  std::vector<std::vector<double>> cond_;  // cond_[f][v * 2 + d]
};

}  // namespace adm::learn
