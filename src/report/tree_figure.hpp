#pragma once
// A CART tree stored in a result (the datasets of learn/tree_export.hpp: feature, threshold,
// go_left, left, right, n, value, feature_names, level_names, level_offsets) as a tree diagram.
#include <string>
#include <vector>

#include "report/result_data.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {

// The diagram's input: split text "name < t" or "name in {levels going left}", leaves with the
// most probable class and its proportion (or the mean of a regression tree) and their rows. A
// leaf names class k by classes[k] (the target's levels, e.g. /models/target_levels), "class k"
// where that is missing. Empty nodes when `group` holds no tree or its datasets disagree in length.
svg::TreeDiagram tree_diagram_of(const ResultData& data, const std::string& group,
                                 const std::string& title,
                                 const std::vector<std::string>& classes = {});

// The diagram as an HTML figure, "" when there is no tree.
std::string tree_figure(const ResultData& data, const std::string& group, const std::string& title,
                        const std::vector<std::string>& classes = {});

}  // namespace adm::report
