#pragma once
// Shapley values beyond exact reach: random permutations, each paired with its reverse
// (antithetic sampling). A pair's sample of feature i is the mean of its marginal contributions
// v(Pre_i + i) - v(Pre_i) in the two orders; pairs are independent, so the estimate is their mean
// and its standard error sd / sqrt(pairs). Pairs are drawn in batches until every standard error
// is below the target (a fraction of v(all) - v(empty), the total being shared out) or the pair
// budget is spent. Pair k always uses Rng(seed, "shapley.pairs", k): the estimate does not depend
// on the batch size or on who computes which pair.
#include <cstdint>
#include <functional>
#include <vector>

#include "core/rng.hpp"
#include "methods/shapley/coefficients.hpp"

namespace adm::methods::shapley {

struct SamplingOptions {
  std::size_t batch_pairs = 32;
  std::size_t min_pairs = 32;
  std::size_t max_pairs = 4096;
  double relative_error = 0.01;  // target standard error / (v(all) - v(empty)), both games
};

// One antithetic pair: 2n values, the u-game samples of features 0..n-1 then the v_D samples.
std::vector<double> antithetic_pair(const GameData& g, Rng& rng);

struct SampledShapley {
  std::vector<double> phi_acc, se_acc, phi_d, se_d;
  double total_acc = 0, total_d = 0;  // v(all) - v(empty) of the two games
  std::size_t pairs = 0;
  bool converged = false;  // every standard error reached its target
};

// Runs pairs [first, first + count) and returns their antithetic_pair results in order.
using PairRunner =
    std::function<std::vector<std::vector<double>>(std::size_t first, std::size_t count)>;

SampledShapley sampled_shapley(const GameData& g, const SamplingOptions& options,
                               const PairRunner& run);

// The serial runner: pair k from Rng(seed, "shapley.pairs", k).
PairRunner serial_pair_runner(const GameData& g, std::uint64_t seed);

}  // namespace adm::methods::shapley
