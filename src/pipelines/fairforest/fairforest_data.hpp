#pragma once
// From the loaded data (and an optional test file) to what the Fair Forests method works on: one
// matrix of every evaluated row (training rows first, then test rows), the label, the protected
// attributes, and the table whose rows the held-out metrics are computed on.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "methods/fairforest/forest_protocol.hpp"
#include "pipelines/experiment_config.hpp"

namespace adm::pipelines {

struct FairforestData {
  methods::fairforest::Problem problem;
  std::size_t train_rows = 0;  // rows of the data; the test file's rows follow (holdout only)
  std::optional<data::Dataset> test;  // the test file, levels aligned with the data's
  std::vector<std::string> features;
  // Protected attributes over every row of `problem` (absent when not configured).
  std::optional<methods::fairforest::Protected> nominal, numeric;
  // Levels of the target (classification) or empty.
  std::vector<std::string> classes;
  // The table of the held-out rows: the test file, or the data itself under cross-validation.
  const data::Dataset& evaluated(const data::Dataset& data) const { return test ? *test : data; }
};

// InputError (naming the config key) when a protected column is missing from the data, of the
// wrong type, constant, or has missing values; when the target does not suit `task`; or when the
// test file's columns do not match.
FairforestData prepare_fairforest(const ExperimentConfig& config, const data::Dataset& data);

// The protected attribute of column `name` over every row of `problem` (train then test), nominal
// if categorical and numeric otherwise; excluded holds its matrix column and the column it is
// derived from, unless split_on_protected. `key` names the config key in messages.
methods::fairforest::Protected protected_column(const ExperimentConfig& config,
                                                const data::Dataset& data,
                                                const data::Dataset* test,
                                                const std::vector<std::string>& features,
                                                const std::string& name, const std::string& key);

}  // namespace adm::pipelines
