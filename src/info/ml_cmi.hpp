#pragma once
// ML-powered conditional mutual information, in bits (InfoGram paper, Sec. 2.4 Algorithm 1):
//   MI(Y, X | S) = mean_i log2( P(y_i | x_i, s_i) / P(y_i | s_i) ),
// the two conditional probabilities coming from any probabilistic learner fitted on Y ~ [X, S] and
// Y ~ S (Theorem 2: CMI = E[KL(p_{Y|X,S} || p_{Y|S})]). S empty: P(y | {}) = class frequencies,
// giving MI(Y, X). Two estimates:
//  - in-sample (the paper's): both models fitted and evaluated on all rows;
//  - K-fold cross-fitted: stratified folds, each row scored by models that did not see it (less
//    optimistic with flexible learners; can be slightly negative under independence).
// And the model-based bootstrap test of H0: Y _||_ X | S (Sec. 2.5 Algorithm 2).
//
// Every model fit is an independent unit (FitJob -> fit_and_predict) so a task farm can spread
// them; ml_cmi() runs the same jobs serially, so both give identical numbers.
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "learn/classifier.hpp"

namespace adm::data {
class Dataset;
}

namespace adm::info {

using Names = std::vector<std::string>;

// Probabilities are floored at this value before the log. Without a floor one out-of-fold row whose
// class the fold's model never saw (P = 0, e.g. a frequency learner without smoothing) would make
// the estimate -inf; with it, one row moves the mean by at most log2(1/1e-6) / n ~ 20 bits / n.
// 1e-6 is far below any probability a fitted learner reports for an observed class on n <~ 1e5
// rows (the in-sample plug-in probabilities are >= 1/n), so it never touches in-sample estimates.
inline constexpr double kDefaultProbFloor = 1e-6;

// Seeds and folds are drawn from streams named by these, so a distributed run can rebuild them.
inline constexpr const char* kStreamEstimate = "mlcmi.estimate";  // index 0
inline constexpr const char* kStreamNull = "mlcmi.null";          // index = replicate

enum class CmiVariant { InSample, CrossFitted };
const char* to_string(CmiVariant variant);  // "in_sample", "cross_fitted"

// The estimation problem. y has one class code 0..classes-1 per dataset row (see response_codes);
// x must be non-empty; s may be empty; weights empty = unit weights (else one per row, finite,
// >= 0). Weights enter the fits and the mean of the row terms; the bootstrap still draws ONE null
// response per row, so a frequency table (counts as weights) gives the right estimate but must be
// expanded to one row per unit for the bootstrap test.
struct CmiProblem {
  const data::Dataset& data;
  std::span<const std::int32_t> y;
  std::size_t classes = 0;
  Names x;
  Names s;
  std::span<const double> weights = {};
};

struct MlCmiOptions {
  bool in_sample = true;  // compute the paper's in-sample estimate
  int folds = 5;          // K of the cross-fitted estimate; 0 = do not cross-fit
  double prob_floor = kDefaultProbFloor;
};

struct MlCmiResult {
  double in_sample = std::numeric_limits<double>::quiet_NaN();
  double cross_fitted = std::numeric_limits<double>::quiet_NaN();
  // Per-row terms log2(P(y_i|x_i,s_i) / P(y_i|s_i)) (bits, floored), empty when not computed. The
  // estimate is their (weighted) mean.
  std::vector<double> terms_in_sample;
  std::vector<double> terms_cross_fitted;
  // rows x classes: in-sample P(Y | S) fitted on all rows, the null model of Algorithm 2 (empty
  // when the in-sample estimate was not computed).
  std::vector<double> p_s;
  double value(CmiVariant variant) const;
};

// Y as class codes of a categorical column (classes = its level count); missing -> InputError.
std::vector<std::int32_t> response_codes(const data::Dataset& data, const std::string& column,
                                         std::size_t* classes);

// One model fit: `prototype` cloned, reseeded with `seed`, fitted on rows `train` of (cols, y,
// weights) and evaluated on rows `eval`. Returns eval.size() x classes probabilities, row-major.
// Empty `cols`: the weighted class frequencies of the training rows (no learner involved).
std::vector<double> fit_and_predict(const learn::ProbabilisticClassifier& prototype,
                                    const data::Dataset& data, std::span<const std::int32_t> y,
                                    std::size_t classes, const Names& cols,
                                    const std::vector<std::size_t>& train,
                                    const std::vector<std::size_t>& eval, std::uint64_t seed,
                                    std::span<const double> weights = {});

// Per-row floored log2 ratios of the observed class's probabilities (p_xs, p_s: rows x classes).
std::vector<double> log_ratio_terms(std::span<const std::int32_t> y, std::size_t classes,
                                    std::span<const double> p_xs, std::span<const double> p_s,
                                    double prob_floor = kDefaultProbFloor);
// Their (weighted) mean: the estimate (2.8) of the paper.
double cmi_from_probabilities(std::span<const std::int32_t> y, std::size_t classes,
                              std::span<const double> p_xs, std::span<const double> p_s,
                              double prob_floor = kDefaultProbFloor,
                              std::span<const double> weights = {});

// One model fit of an estimate.
struct FitJob {
  bool full = true;  // true: Y ~ [X, S]; false: Y ~ S
  int fold = -1;     // -1: in-sample (train = eval = all rows)
  std::vector<std::size_t> train, eval;
  std::uint64_t seed = 0;
};

struct CmiPlan {
  std::vector<FitJob> jobs;  // in-sample full, in-sample reduced, then per fold full, reduced
  std::vector<std::vector<std::size_t>> folds;
};

// Draws (from rng, in this order) the stratified folds, then one learner seed per job.
CmiPlan plan_ml_cmi(const CmiProblem& problem, const MlCmiOptions& options, Rng& rng);
// Runs one job (fit_and_predict on the job's columns: x then s, or s).
std::vector<double> run_fit_job(const learn::ProbabilisticClassifier& prototype,
                                const CmiProblem& problem, const FitJob& job);
// Combines the jobs' predictions (same order as plan.jobs) into the estimates.
MlCmiResult assemble_ml_cmi(const CmiProblem& problem, const CmiPlan& plan,
                            const std::vector<std::vector<double>>& predictions,
                            const MlCmiOptions& options);

// Plan, run every job in order, assemble.
MlCmiResult ml_cmi(const learn::ProbabilisticClassifier& prototype, const CmiProblem& problem,
                   const MlCmiOptions& options, Rng& rng);

// --- Model-based bootstrap (Algorithm 2) ---

// Null responses: y*_i drawn from row i of p_s (rows x classes), a categorical draw per row (the
// paper's Bernoulli(p_i|s) for two classes).
std::vector<std::int32_t> draw_null_response(std::span<const double> p_s, std::size_t classes,
                                             Rng& rng);

// One replicate: draw y* from p_s (the in-sample P(Y|S) of the observed estimate), re-estimate
// with both models refitted on y*, return the estimate of `variant` (the one being tested).
// Draws from rng: y* first, then the estimate's folds and seeds.
double bootstrap_replicate(const learn::ProbabilisticClassifier& prototype,
                           const CmiProblem& problem, std::span<const double> p_s,
                           CmiVariant variant, const MlCmiOptions& options, Rng& rng);

// (1 + #{null >= observed}) / (B + 1): never 0, exact-size under the null. A null within a relative
// 1e-12 of the observed value counts as a tie (>=): sums of the same terms in another order may
// differ in the last bits, and ties must not make the test anti-conservative.
double bootstrap_p_value(double observed, std::span<const double> nulls);

struct CmiTest {
  MlCmiResult estimate;
  CmiVariant variant = CmiVariant::InSample;
  double observed = 0.0;
  std::vector<double> nulls;
  double p_value = 1.0;
};

// Serial test: the estimate from Rng(seed, kStreamEstimate), replicate b from
// Rng(seed, kStreamNull, b), b = 0..replicates-1. The in-sample estimate is always computed (its
// P(Y|S) is the null model); cross-fitting only when `variant` needs it.
CmiTest ml_cmi_test(const learn::ProbabilisticClassifier& prototype, const CmiProblem& problem,
                    const MlCmiOptions& options, CmiVariant variant, std::size_t replicates,
                    std::uint64_t seed);

}  // namespace adm::info
