#pragma once
// The delta-fair naive Bayes learner (Section 4 of the paper): maximum-likelihood parameters
// subject to |Delta(x, y)| <= delta for a growing set of patterns, and a cutting-plane loop that
// mines the current model for its top-k patterns, adds them as constraints and re-solves, until
// the miner finds no discrimination pattern (the model is then delta-fair, certified by the
// exhaustive bounds of the miner).
//
// Solver: Ipopt (open source, interior point) on the parameters theta themselves. The objective
// -sum n_i log theta_i is convex; sum-to-one constraints are linear; each pattern adds one
// two-sided constraint -delta + margin <= 1/(1 + r_x r_y) - 1/(1 + r_y) <= delta - margin, which is
// Proposition 2's pair of signomial inequalities before they are multiplied out (same feasible
// set, but smooth and well scaled). Exact first and second derivatives. Like the paper's signomial
// program this is a local method; it is warm-started from the previous iteration's optimum.
// `margin` (default 1e-6) keeps the solver's feasibility tolerance from leaving a constrained
// pattern a hair above delta.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "learn/naive_bayes.hpp"
#include "methods/patterns/miner.hpp"

namespace adm::methods::patterns {

struct FairLearnOptions {
  double delta = 0.1;
  MineMode ranking = MineMode::TopDiscrimination;  // or TopDivergence
  std::size_t k = 1;                               // patterns added per iteration
  std::size_t max_iterations = 100;
  double margin = 1e-6;
  double alpha = 0.0;           // Laplace smoothing (pseudo-counts) of the likelihood
  bool count_remaining = true;  // exhaustive count of |Delta| > delta after every iteration
};

struct FairIteration {
  std::size_t constraints = 0;  // patterns constrained when this model was learned
  std::size_t mined = 0;        // patterns the miner returned for this model (0 = fair)
  std::int64_t remaining = -1;  // discrimination patterns of this model (-1: not counted)
  double log_likelihood = 0;
  std::uint64_t nodes = 0;    // nodes the top-k mine visited
  std::string solver_status;  // "closed form" for iteration 0
};

struct FairLearnResult {
  learn::NaiveBayes model;
  std::vector<FairIteration> iterations;  // [0] = unconstrained ML
  std::vector<PatternKey> constraints;
  bool fair = false;  // the last mine found no pattern
  double log_likelihood = 0;
};

// The miner to use (serial, or spread over ranks by the caller).
using MineFn = std::function<MineResult(const PatternModel&, const MineOptions&)>;

FairLearnResult learn_fair(const learn::NbCounts& counts, const std::vector<bool>& sensitive,
                           const FairLearnOptions& options, const MineFn& miner);

// Maximum likelihood subject to the constraints of `patterns` (one Ipopt solve from `start`).
// Returns Ipopt's status text; throws InternalError if the solver fails outright.
std::string solve_constrained(const learn::NbCounts& counts, const std::vector<bool>& sensitive,
                              const std::vector<PatternKey>& patterns, double bound, double alpha,
                              learn::NaiveBayes& model);

}  // namespace adm::methods::patterns
