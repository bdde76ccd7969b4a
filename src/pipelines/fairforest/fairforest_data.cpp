#include "pipelines/fairforest/fairforest_data.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/error.hpp"
#include "io/load_data.hpp"

namespace adm::pipelines {
namespace {

namespace ff = methods::fairforest;

std::string key_error(const ExperimentConfig& c, const std::string& key, const std::string& what) {
  return c.file + ": config key '" + key + "': " + what;
}

// Codes of `test` re-expressed in `train`'s levels (-1 for a level the data never has).
std::vector<std::int32_t> aligned_codes(const data::Column& train, const data::Column& test) {
  std::map<std::string, std::int32_t> code;
  for (std::size_t l = 0; l < train.levels().size(); ++l)
    code[train.levels()[l]] = static_cast<std::int32_t>(l);
  std::vector<std::int32_t> out(test.size(), -1);
  for (std::size_t r = 0; r < test.size(); ++r) {
    if (test.is_missing(r)) continue;
    const auto it = code.find(test.levels()[static_cast<std::size_t>(test.codes()[r])]);
    if (it != code.end()) out[r] = it->second;
  }
  return out;
}

// Column `name` of train followed by test as codes (categorical) or values (numeric).
void stacked(const data::Column& train, const data::Column* test, std::vector<std::int32_t>& codes,
             std::vector<double>& values) {
  if (train.is_categorical()) {
    codes = data::to_vector(train.codes());
    if (test) {
      const auto t = aligned_codes(train, *test);
      codes.insert(codes.end(), t.begin(), t.end());
    }
    for (std::size_t r = 0; r < train.size(); ++r)
      if (train.is_missing(r)) codes[r] = -1;
  } else {
    values = data::to_vector(train.values());
    if (test) {
      const auto more = test->values();
      values.insert(values.end(), more.begin(), more.end());
    }
  }
}

learn::FeatureMatrix stacked_matrix(const data::Dataset& data, const data::Dataset* test,
                                    const std::vector<std::string>& features) {
  learn::FeatureMatrix x = learn::make_matrix(data, features);
  if (!test) return x;
  learn::FeatureMatrix t = learn::make_matrix(*test, features);
  for (std::size_t c = 0; c < x.cols; ++c) {
    if (!x.categorical[c]) continue;
    const auto codes = aligned_codes(data.column(features[c]), test->column(features[c]));
    for (std::size_t r = 0; r < t.rows; ++r)
      t.values[r * t.cols + c] = codes[r] < 0 ? std::nanf("") : static_cast<float>(codes[r]);
  }
  x.values.insert(x.values.end(), t.values.begin(), t.values.end());
  x.rows += t.rows;
  return x;
}

}  // namespace

ff::Protected protected_column(const ExperimentConfig& config, const data::Dataset& data,
                               const data::Dataset* test, const std::vector<std::string>& features,
                               const std::string& name, const std::string& key) {
  if (!data.has(name))
    throw InputError(
        key_error(config, key, "column '" + name + "' is not in the data " + data.source()));
  // Protecting the label makes every fair gain G_label - G_protected zero: nothing would split.
  const std::string& target = data.roles().target;
  bool is_target = name == target;
  for (const auto& d : config.data.derived)
    if (d.name == name && (d.column == target || d.from == target || d.to == target))
      is_target = true;
  if (is_target)
    throw InputError(key_error(config, key,
                               "column '" + name + "' is " +
                                   (name == target ? "the target" : "derived from the target") +
                                   " (data.target); a fair tree cannot protect its own label: "
                                   "every split's fair gain would be 0"));
  const data::Column& col = data.column(name);
  if (test && !test->has(name))
    throw InputError(key_error(config, key, "column '" + name + "' is not in the test file"));
  ff::Protected p;
  p.name = name;
  stacked(col, test ? &test->column(name) : nullptr, p.codes, p.values);
  if (col.is_categorical()) {
    p.levels = col.level_count();
    std::vector<std::size_t> seen(p.levels, 0);
    for (const auto c : p.codes) {
      if (c < 0)
        throw InputError(key_error(
            config, key, "protected column '" + name + "' has a missing or unknown level"));
      ++seen[static_cast<std::size_t>(c)];
    }
    if (std::count_if(seen.begin(), seen.end(), [](std::size_t s) { return s > 0; }) < 2)
      throw InputError(key_error(config, key, "protected column '" + name + "' is constant"));
  } else {
    for (const double v : p.values)
      if (!std::isfinite(v))
        throw InputError(
            key_error(config, key, "protected column '" + name + "' has a missing value"));
    const auto [lo, hi] = std::minmax_element(p.values.begin(), p.values.end());
    if (p.values.empty() || *lo == *hi)
      throw InputError(key_error(
          config, key, "numeric protected column '" + name + "' is constant: nothing to protect"));
  }
  if (!config.fairforest.split_on_protected) {
    std::vector<std::string> banned{name};
    for (const auto& d : config.data.derived)
      if (d.name == name)
        for (const auto* source : {&d.column, &d.from, &d.to})
          if (!source->empty()) banned.push_back(*source);
    for (std::size_t c = 0; c < features.size(); ++c)
      if (std::find(banned.begin(), banned.end(), features[c]) != banned.end())
        p.excluded.push_back(c);
    if (p.excluded.size() == features.size())
      throw InputError(key_error(config, key, "every feature is the protected attribute"));
  }
  return p;
}

FairforestData prepare_fairforest(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& cfg = config.fairforest;
  FairforestData out;
  out.features = data.roles().features;
  if (out.features.empty())
    throw InputError(config.file + ": pipeline 'fairforest' needs features");
  if (!cfg.test_source.empty()) {
    data::DataSpec spec = config.data;
    spec.source = cfg.test_source;
    out.test = io::load_dataset(spec);
  }
  const data::Dataset* test = out.test ? &*out.test : nullptr;
  out.train_rows = data.rows();
  const bool regression = cfg.task == "regression";
  const data::Column& target = data.target();
  auto& pb = out.problem;
  if (regression) {
    if (!target.is_numeric())
      throw InputError(
          key_error(config, "fairforest.task",
                    "regression needs a numeric target; '" + target.name() + "' is categorical"));
    std::vector<std::int32_t> unused;
    stacked(target, test ? &test->target() : nullptr, unused, pb.values);
    for (const double v : pb.values)
      if (!std::isfinite(v))
        throw InputError(key_error(config, "fairforest.task", "the target has missing values"));
  } else {
    if (!target.is_categorical() || target.level_count() != 2)
      throw InputError(key_error(config, "fairforest.task",
                                 "classification needs a target with two levels (set "
                                 "data.positive for a numeric or many-level one)"));
    std::vector<double> unused;
    stacked(target, test ? &test->target() : nullptr, pb.labels, unused);
    if (std::any_of(pb.labels.begin(), pb.labels.end(), [](std::int32_t c) { return c < 0; }))
      throw InputError(key_error(config, "fairforest.task",
                                 "the target has missing values or levels the data lacks"));
    pb.classes = 2;
    out.classes = target.levels();
  }
  pb.x = stacked_matrix(data, test, out.features);
  pb.index = learn::DecisionTree::index_columns(pb.x);
  if (!cfg.protected_nominal.empty()) {
    out.nominal = protected_column(config, data, test, out.features, cfg.protected_nominal,
                                   "fairforest.protected_nominal");
    if (!out.nominal->nominal())
      throw InputError(key_error(config, "fairforest.protected_nominal",
                                 "column '" + cfg.protected_nominal + "' is numeric"));
  }
  if (!cfg.protected_numeric.empty()) {
    out.numeric = protected_column(config, data, test, out.features, cfg.protected_numeric,
                                   "fairforest.protected_numeric");
    if (out.numeric->nominal())
      throw InputError(key_error(config, "fairforest.protected_numeric",
                                 "column '" + cfg.protected_numeric + "' is categorical"));
  }
  for (const auto& m : cfg.models) {
    if ((m == "DT_F" || m == "RF_F") && !out.nominal)
      throw InputError(
          key_error(config, "fairforest.models", m + " needs fairforest.protected_nominal"));
    if ((m == "DT_Fc" || m == "RF_Fc") && !out.numeric)
      throw InputError(
          key_error(config, "fairforest.models", m + " needs fairforest.protected_numeric"));
  }
  const std::size_t evaluated = test ? test->rows() : data.rows();
  if (cfg.inconsistency_k >= evaluated)
    throw InputError(key_error(config, "fairforest.inconsistency_k",
                               "k = " + std::to_string(cfg.inconsistency_k) +
                                   " must be below the " + std::to_string(evaluated) +
                                   " evaluated rows"));
  if (!test && cfg.folds > data.rows())
    throw InputError(key_error(config, "fairforest.folds", "more folds than rows"));
  for (const auto& f : cfg.sweep_features)
    if (std::find(out.features.begin(), out.features.end(), f) == out.features.end())
      throw InputError(
          key_error(config, "fairforest.sweep_features", "'" + f + "' is not a feature"));
  return out;
}

}  // namespace adm::pipelines
