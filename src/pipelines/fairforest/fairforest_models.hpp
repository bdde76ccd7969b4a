#pragma once
// The six models of Fair Forests (section 4.3) from the [fairforest] config: DT and RF are plain
// CART trees / forests, _F protects the nominal attribute and _Fc the numeric one.
#include <string>

#include "methods/fairforest/fair_tree_task.hpp"
#include "pipelines/fairforest/fairforest_config.hpp"

namespace adm::pipelines {

// `prot` is the attribute the model protects (null for DT, RF); `cols` the matrix columns.
// Forests with mtry = 0 draw floor(sqrt(p)) candidates, p = the columns that may be split on.
methods::fairforest::ModelSpec fairforest_spec(const FairforestSection& cfg,
                                               const std::string& name,
                                               const methods::fairforest::Protected* prot,
                                               std::size_t cols);

}  // namespace adm::pipelines
