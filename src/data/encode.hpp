#pragma once
// Binary indicator columns, for learners that want 0/1 inputs (rule lists, pattern mining, GLMs).
//
// Output columns are categorical with levels {"0","1"} (code 0 = "0", code 1 = "1"), the same
// coding as derived columns and recoded targets: counting methods use the codes directly and a
// numeric learner can read code as value. Missing input gives missing indicators.
#include <vector>

#include "data/column.hpp"
#include "data/dataset.hpp"

namespace adm::data {

// One column "col=level" per level of a categorical column, in level order; `drop_first` leaves
// out the first level (the reference level of a regression). Levels with no rows still get a
// column so the encoding is the same on every split of a dataset.
std::vector<Column> one_hot(const Column& column, bool drop_first = false);

// One column "col>=t" per threshold of a numeric column (1 where value >= t).
std::vector<Column> binarize(const Column& column, const std::vector<double>& thresholds);

// Replaces every categorical feature (roles().features, not the sensitive attributes unless
// listed there) by its one-hot columns, in place, and updates roles().features to match.
Dataset one_hot_features(const Dataset& data, bool drop_first = false);

}  // namespace adm::data
