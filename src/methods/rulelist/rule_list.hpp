#pragma once
// A rule list (CORELS): antecedents in order, each with the class it predicts, then a default
// class. Evaluation on a RuleSet: predictions, errors, the CORELS objective and the six FairCORELS
// unfairness measures over the sensitive groups.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fairness/gaps.hpp"
#include "methods/rulelist/rule_set.hpp"

namespace adm::methods::rulelist {

struct RuleList {
  std::vector<std::uint16_t> rules;       // indices into RuleSet::rules
  std::vector<std::uint8_t> predictions;  // 0/1 per rule
  std::uint8_t default_prediction = 0;
  std::size_t length() const { return rules.size(); }
  bool operator==(const RuleList&) const = default;
};

// Objective of CORELS: errors / rows + lambda * length. One formula everywhere, so equal counts
// give bitwise equal objectives on every rank.
inline double objective_value(std::size_t errors, std::size_t length, double inv_rows,
                              double lambda) {
  return static_cast<double>(errors) * inv_rows + lambda * static_cast<double>(length);
}

// Rows predicted positive.
Bits predict(const RuleSet& set, const RuleList& list);

// Per-group confusion tallies of a prediction vector, from popcounts (per-group label counts are
// cached), and the gaps of src/fairness.
class GroupCounter {
 public:
  explicit GroupCounter(const RuleSet& set);
  std::size_t groups() const { return sizes_.size(); }
  std::vector<fairness::GroupRates> rates(const Bits& predicted_positive) const;
  double unfairness(const Bits& predicted_positive, fairness::GapMetric metric) const;

 private:
  const RuleSet* set_;
  std::vector<double> sizes_, positives_;
};

struct Evaluation {
  std::size_t rows = 0;
  std::size_t errors = 0;
  double accuracy = 0.0;
  double objective = 0.0;
  // Indexed like fairness::kAllGapMetrics (NaN without two measurable groups).
  std::array<double, 6> unfairness{};
};

Evaluation evaluate(const RuleSet& set, const RuleList& list, double lambda);

// "if [a] then [yes]\nelse if [b] then [no]\nelse [no]" with class names from the set.
std::string describe(const RuleSet& set, const RuleList& list);

// Compact text "3:1,17:0|0" (rule:prediction..., default) and back (InputError on bad text).
std::string encode(const RuleList& list);
RuleList decode_rule_list(const std::string& text);

}  // namespace adm::methods::rulelist
