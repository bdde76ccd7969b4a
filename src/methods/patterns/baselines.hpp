#pragma once
// Baselines of the paper's Tables 2 and 4.
//
// "Independent": the sensitive features independent of the decision, the rest maximum likelihood.
// Under that constraint the ML estimate of P(s | D) is the marginal P(s) (what we use). The
// authors' code (LearnFairNB, independence_process) instead sets P(s | d) = P(s | d-bar) =
// (P(s | d) + P(s | d-bar)) / 2, which is not the constrained ML; `paper_average` reproduces it.
//
// Two naive Bayes (Calders & Verwer 2010, "2NB"): one naive Bayes over the non-sensitive features
// per sensitive group (the groups are the joint values of the sensitive features), and P(D | s)
// adjusted until every group's rate of favourable predictions on the training data equals the
// observed overall rate of d, i.e. statistical parity as in their method (their iterative count
// shifts also keep the total of positives, which the common target rate does here; with several
// binary sensitive features we use their joint value as the one group variable).
#include <cstdint>
#include <vector>

#include "learn/naive_bayes.hpp"

namespace adm::methods::patterns {

learn::NaiveBayes independent_model(const learn::NbCounts& counts,
                                    const std::vector<bool>& sensitive, double alpha,
                                    bool paper_average = false);

class TwoNaiveBayes {
 public:
  void fit(const learn::NbTable& table, const std::vector<bool>& sensitive, double alpha);
  int predict(const learn::NbTable& table, std::size_t row) const;
  double accuracy(const learn::NbTable& table) const;
  std::size_t groups() const { return models_.size(); }

 private:
  std::size_t group_of(const learn::NbTable& table, std::size_t row) const;
  double log_odds(const learn::NbTable& table, std::size_t row) const;  // without the shift
  std::vector<bool> sensitive_;
  std::vector<std::size_t> other_;         // non-sensitive feature indices
  std::vector<learn::NaiveBayes> models_;  // per group, over `other_` (prior = P(D | s))
  std::vector<double> shift_;              // log-odds added to a group's prior to reach parity
};

}  // namespace adm::methods::patterns
