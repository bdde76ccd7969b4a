#pragma once
// Discrimination of a model's held-out predictions with respect to any attribute (section 5.5's
// "for each attribute"): eq. (7) over the levels present among the rows for a nominal attribute
// (eq. 6 when two are present), MaxD of eq. (8) for a numeric one.
#include <vector>

#include "methods/fairforest/fair_tree_task.hpp"

namespace adm::methods::fairforest {

// `rows` index the attribute (rows of the Problem); yhat has one prediction per entry of `rows`.
// NaN when fewer than two groups (levels, or distinct values) occur among the rows.
double feature_discrimination(const Protected& attribute, const std::vector<std::size_t>& rows,
                              const std::vector<double>& yhat);

}  // namespace adm::methods::fairforest
