#pragma once
// The parameters of a fitted naive Bayes model as result datasets, so a model learned by the
// patterns pipeline (unconstrained or delta-fair) can be used and checked without our code.
// Layout under `group` (e.g. /patterns/model):
//   decision        the two target levels: [d-bar, d], the column order of prior and cond
//   variable, value one row per (feature, level) pair, features in model order
//   <name>/prior    [P(d-bar), P(d)]
//   <name>/cond     rows x 2: P(value | d-bar), P(value | d) per (variable, value) row
#include <string>
#include <vector>

#include "core/result_set.hpp"
#include "learn/naive_bayes.hpp"

namespace adm::pipelines {

// The labels shared by every model of the group. `decision` = {d-bar level, d level}.
void write_nb_labels(ResultSet& results, const std::string& group, const learn::NbTable& table,
                     const std::vector<std::vector<std::string>>& level_names,
                     const std::vector<std::string>& decision);

// One model's parameters at group/name; `what` says which model it is.
void write_nb_parameters(ResultSet& results, const std::string& group, const std::string& name,
                         const learn::NaiveBayes& model, const std::string& what);

}  // namespace adm::pipelines
