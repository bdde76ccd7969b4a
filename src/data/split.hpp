#pragma once
// Row index sets for evaluation and resampling. Every draw comes from the adm::Rng passed in
// (never std:: distributions, whose algorithms differ between standard libraries), so a given
// stream always gives the same split on every machine and rank count.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/rng.hpp"

namespace adm::data {

struct TrainTest {
  std::vector<std::size_t> train;  // sorted
  std::vector<std::size_t> test;   // sorted
};

// Fisher-Yates, from the back: item i swaps with a uniform index in [0, i].
template <class T>
void shuffle(std::vector<T>& items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(rng.uniform_index(i));
    std::swap(items[i - 1], items[j]);
  }
}

// Exactly round(n * test_fraction) rows in test; test_fraction in [0, 1].
TrainTest train_test_split(std::size_t n, double test_fraction, Rng& rng);

// Per class (one stratum per distinct label, missing code included) floor or ceil of its share,
// with the total exactly round(n * test_fraction) (largest remainders, ties to the lower label).
TrainTest stratified_train_test_split(const std::vector<std::int32_t>& labels, double test_fraction,
                                      Rng& rng);

// k folds of row indices (each sorted); every row in exactly one fold; within every class fold
// sizes differ by at most 1, and so do the total fold sizes. Error if k < 2 or k > n.
std::vector<std::vector<std::size_t>> stratified_kfold(const std::vector<std::int32_t>& labels,
                                                       int k, Rng& rng);

// Fold `fold` as test, the others as train.
TrainTest fold_split(const std::vector<std::vector<std::size_t>>& folds, std::size_t fold);

// n draws with replacement from [0, n), sorted (row order does not matter to a learner; sorted
// rows keep Dataset::take cache-friendly).
std::vector<std::size_t> bootstrap_sample(std::size_t n, Rng& rng);
// The same draws as row multiplicities: times[r] is how often row r was drawn (bootstrap_sample
// lists row r times[r] times, in row order). Callers that only sum over the sample avoid the
// n-element index list.
std::vector<std::uint32_t> bootstrap_counts(std::size_t n, Rng& rng);

// Rows of [0, n) absent from a sample (the out-of-bag rows), sorted.
std::vector<std::size_t> out_of_bag(const std::vector<std::size_t>& sample, std::size_t n);

}  // namespace adm::data
