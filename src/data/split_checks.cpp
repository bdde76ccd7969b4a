#include "data/split_checks.hpp"

#include <algorithm>
#include <set>

#include "core/error.hpp"
#include "data/roles.hpp"
#include "data/spec_error.hpp"

namespace adm::data {
namespace {

void check_filters(const SplitPlan& plan, const AuditTally& tally) {
  for (std::size_t k = 0; k < plan.filters.size(); ++k) {
    const SplitFilter& f = plan.filters[k];
    const RowFilter& spec = *f.spec;
    const FilterCounts& fc = tally.filters[k];
    if (f.categorical) {
      const auto& levels = plan.levels(f.column);
      std::vector<std::string> present;
      for (std::size_t l = 0; l < levels.size(); ++l)
        if (fc.level_rows[l] > 0) present.push_back(levels[l]);
      for (std::size_t i = 0; i < spec.in.size(); ++i) {
        const std::int32_t code = f.wanted_codes[i];
        if (code < 0 || fc.level_rows[static_cast<std::size_t>(code)] == 0)
          throw_spec(plan.source, spec.key + ".in",
                     "level '" + spec.in[i] + "' does not occur in column '" + spec.column +
                         "' (levels: " + name_list(present) + ")");
      }
    } else {
      for (std::size_t i = 0; i < spec.in.size(); ++i)
        if (fc.wanted_rows[i] == 0)
          throw_spec(plan.source, spec.key + ".in",
                     "value " + spec.in[i] + " does not occur in column '" + spec.column + "'");
    }
    if (fc.passed == 0) throw_spec(plan.source, spec.key, "no rows are left after this filter");
  }
}

void check_missing(const SplitPlan& plan, const AuditTally& tally) {
  const DataSpec& spec = plan.spec;
  if (spec.missing == MissingPolicy::Error && tally.missing_line != 0) {
    const auto column = static_cast<std::size_t>(tally.missing_column);
    std::string role;
    for (const auto& [c, r] : plan.role_columns)
      if (c == column && role.empty()) role = r;
    const std::string& name = plan.names[column];
    throw_input(plan.source, tally.missing_line, column < plan.file_columns() ? column + 1 : 0,
                "missing value in column '" + name + "' (" + role + "); " + spec.key +
                    ".missing is error: choose drop or keep to allow missing values");
  }
  // missing = "keep": a used column with no value in any kept row (as the row loader refuses).
  if (spec.missing == MissingPolicy::Keep && tally.rows > 0)
    for (const auto& [column, role] : plan.role_columns)
      if (column < tally.missing.size() && tally.missing[column] == tally.rows)
        throw_all_missing(plan.source, spec, plan.names[column], role, tally.rows);
  if (spec.missing == MissingPolicy::DropRows && tally.rows == 0)
    throw_spec(plan.source, spec.key + ".missing",
               "no rows are left after dropping rows with missing values");
}

void check_positive(const SplitPlan& plan, const AuditTally& tally) {
  const DataSpec& spec = plan.spec;
  if (spec.positive.empty()) return;
  const std::string& target = plan.names[plan.target];
  if (tally.non_integer_line != 0)
    throw_spec(plan.source, spec.key + ".positive",
               "target '" + target + "' has non-integer values (" + tally.non_integer_text +
                   "); a positive level needs a categorical or integer-valued target");
  if (tally.target_counts[1] == 0)
    throw_spec(plan.source, spec.key + ".positive",
               "positive level '" + spec.positive + "' does not occur in target '" + target + "'");
}

std::vector<KeptGroups> check_groups(const SplitPlan& plan, const AuditTally& tally) {
  std::vector<KeptGroups> out;
  for (std::size_t i = 0; i < plan.sensitive.size(); ++i) {
    const std::size_t column = plan.sensitive[i];
    const std::string& s = plan.names[column];
    const auto& levels = plan.levels(column);
    const auto& count = tally.sensitive_counts[i];
    check_filtered_groups_left(plan.source, plan.spec, s, levels, count);
    KeptGroups kept;
    kept.code_of.assign(levels.size(), -1);
    for (std::size_t l = 0; l < levels.size(); ++l) {
      if (count[l] == 0) continue;
      kept.code_of[l] = static_cast<std::int32_t>(kept.levels.size());
      kept.levels.push_back(levels[l]);
    }
    if (kept.levels.size() < 2)
      throw_spec(plan.source, plan.spec.key + ".sensitive",
                 "sensitive attribute '" + s + "' has " + std::to_string(kept.levels.size()) +
                     " non-empty group(s) (" + name_list(kept.levels) + ")" +
                     (plan.spec.filters.empty() ? "" : " after filtering") +
                     "; at least two are needed");
    out.push_back(std::move(kept));
  }
  return out;
}

// check_audit_inputs: an outcome with both values, binary decisions for every row.
void check_audit(const SplitPlan& plan, const AuditTally& tally) {
  const SplitAuditSettings& settings = plan.settings;
  if (!settings.fairness) return;
  const auto seen = std::count_if(tally.target_counts.begin(), tally.target_counts.end(),
                                  [](std::uint64_t n) { return n > 0; });
  if (seen < 2) {
    const auto only = std::find_if(tally.target_counts.begin(), tally.target_counts.end(),
                                   [](std::uint64_t n) { return n > 0; });
    const std::string level =
        only == tally.target_counts.end()
            ? "missing"
            : (plan.spec.positive.empty()
                   ? plan.levels(plan.target)[std::size_t(only - tally.target_counts.begin())]
                   : std::to_string(only - tally.target_counts.begin()));
    const std::string& positive = plan.spec.positive;
    const std::string shown =
        positive.empty()
            ? "'" + level + "'"
            : (level == "1" ? "the positive level '" + positive + "'" : "not '" + positive + "'");
    throw InputError(settings.config_file + ": config key 'data.target': target '" +
                     plan.names[plan.target] + "' is " + shown + " in all " +
                     std::to_string(tally.rows) +
                     " rows; fairness metrics need both outcomes (without one of them the PE, "
                     "EOpp and EOdds gaps are undefined)");
  }
  if (!plan.prediction) return;
  const std::string& name = settings.prediction;
  if (tally.decision_texts.size() > 2) {
    std::set<std::string> values;
    for (const auto& [text, line] : tally.decision_texts) values.insert(text);
    std::string shown;
    for (const auto& v : values) shown += (shown.empty() ? "" : ", ") + v;
    throw InputError(at_location(plan.source, tally.decision_texts[2].second, 0,
                                 "config key 'fairness.prediction': decision column '" + name +
                                     "' takes a third value here (" + shown +
                                     "); the audit needs binary decisions, so recode the "
                                     "column to two values"));
  }
  if (tally.decision_missing_line != 0)
    throw InputError(
        at_location(plan.source, tally.decision_missing_line, 0,
                    "decision column '" + name +
                        "' is missing; fairness metrics need a decision for every row"));
  const std::size_t column = *plan.prediction;
  bool exists = false;
  if (plan.types[column] == ColumnType::Categorical) {
    const auto& levels = plan.levels(column);
    exists = std::find(levels.begin(), levels.end(), settings.prediction_positive) != levels.end();
  } else {
    for (const auto& [key, cell] : tally.fair.cells())
      exists = exists || tally.fair.codes(key)[1] == 1;
  }
  if (!exists)
    throw InputError(settings.config_file +
                     ": config key 'fairness.prediction_positive': column '" + name +
                     "' has no value '" + settings.prediction_positive + "'");
}

}  // namespace

std::vector<KeptGroups> check_split_tally(const SplitPlan& plan, const AuditTally& tally) {
  check_filters(plan, tally);
  check_missing(plan, tally);
  check_positive(plan, tally);
  auto kept = check_groups(plan, tally);
  if (tally.rows == 0) throw_spec(plan.source, plan.spec.key, "no rows are left");
  check_audit(plan, tally);
  return kept;
}

}  // namespace adm::data
