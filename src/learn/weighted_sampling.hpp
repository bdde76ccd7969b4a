#pragma once
// Weighted sampling without replacement, the draw of split candidates in a safety-weighted random
// forest (remark 20 of the InfoGram paper: P(select X_j) = F_j / sum F). Successive draws: each
// picks one of the items not yet drawn with probability proportional to its weight (as R's
// sample(prob = w, replace = FALSE) and iRF's mtry.select.prob). Items of weight 0 are never drawn;
// equal weights give a uniform sample.
#include <cstddef>
#include <span>
#include <vector>

#include "core/rng.hpp"

namespace adm::learn {

// k distinct indices in draw order; fewer (all positive-weight items) when fewer than k have a
// positive weight. InputError: a negative or non-finite weight.
std::vector<std::size_t> sample_without_replacement(Rng& rng, std::span<const double> weights,
                                                    std::size_t k);

// The same with equal weights on n items (a partial Fisher-Yates shuffle).
std::vector<std::size_t> sample_uniform_without_replacement(Rng& rng, std::size_t n, std::size_t k);

}  // namespace adm::learn
