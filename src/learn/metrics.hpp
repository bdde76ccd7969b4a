#pragma once
// Scores of a classifier's predictions on held-out rows.
#include <cstdint>
#include <span>
#include <vector>

namespace adm::learn {

// Most probable class per row of a rows x classes probability table (ties: lower class).
std::vector<std::int32_t> predicted_classes(std::span<const double> proba, std::size_t classes);

// Share of rows whose predicted class equals y.
double accuracy(std::span<const std::int32_t> predicted, std::span<const std::int32_t> y);

// Area under the ROC curve of `score` for class 1 against class 0: the probability that a random
// positive scores above a random negative, ties counting one half (Mann-Whitney U / (n1 n0)),
// computed by ranking in O(n log n). NaN when either class is absent.
double roc_auc(std::span<const double> score, std::span<const std::int32_t> y);

}  // namespace adm::learn
