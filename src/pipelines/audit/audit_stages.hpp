#pragma once
// The stages of the audit pipeline, one file each.
#include <vector>

#include "fairness/group_fairness.hpp"
#include "pipelines/stage.hpp"

namespace adm::pipelines {

// What /data reports: shape, column types, missing counts, group sizes and positives.
struct DataDescription {
  std::string source;
  std::size_t rows = 0;
  std::vector<std::string> names, types;
  std::vector<std::int64_t> missing;
  std::vector<std::string> features, sensitive;
  std::string target;
  bool binary = false;  // two target levels: base rates are reported
  struct Groups {
    std::string attribute;
    std::vector<std::string> levels;
    std::vector<std::int64_t> count;  // rows with the group and the target known
    std::vector<double> positives;    // of those, rows with target level 1
  };
  std::vector<Groups> groups;
};
DataDescription describe_dataset(const data::Dataset& data);
void write_data_description(const DataDescription& d, ResultSet& results,
                            std::ostringstream& summary);

// /data: shape, column types, missing counts, group sizes and base rates.
void describe_data_stage(StageContext& context);
// /info: per feature H(X), I(Y;X), I(Y;X|S), I(X;S) in bits (one task per feature).
void information_stage(StageContext& context);
// Writes /info and its summary lines from those four values per feature.
void write_information(const ExperimentConfig& config, const std::vector<std::string>& features,
                       const std::vector<std::string>& sensitive,
                       const std::vector<std::vector<double>>& rows, ResultSet& results,
                       std::ostringstream& summary);
// /fairness: group rates and the six gap metrics + disparate impact, bootstrap intervals.
void fairness_stage(StageContext& context);

// One sensitive attribute's groups and its report on the whole data.
struct AuditedAttribute {
  std::string attribute;
  std::vector<std::string> levels;
  fairness::FairnessReport report;
};
// The headline metrics of a report, in the order of /fairness/metric_names.
std::vector<double> headline_metrics(const fairness::FairnessReport& report);
// Writes /fairness and its summary lines; `boot` = per replicate, the headline metrics of every
// attribute in turn.
void write_fairness(const ExperimentConfig& config, const std::vector<AuditedAttribute>& audited,
                    const std::vector<std::vector<double>>& boot, ResultSet& results,
                    std::ostringstream& summary);

// 0/1 decisions from config.fairness.prediction (1 = prediction_positive); InputError if the
// column or level is absent or a decision is missing.
std::vector<std::int32_t> decision_codes(const ExperimentConfig& config, const data::Dataset& data);

}  // namespace adm::pipelines
