#pragma once
// Figures 1-2 of Fair Forests: the relative mean-decrease-in-impurity importance of every feature
// under the standard and the fair forest, as a horizontal grouped bar chart (SVG, drawn by the
// shared plotting module report/svg_plots.hpp).
#include <string>
#include <vector>

namespace adm::methods::fairforest {

// One bar pair per feature, in the given order; values are shares (sum 1 per model).
// InputError when the lengths differ or there are no features.
std::string importance_svg(const std::vector<std::string>& features,
                           const std::vector<double>& standard, const std::vector<double>& fair,
                           const std::string& title, const std::string& fair_label);

}  // namespace adm::methods::fairforest
