#include "fairness/group_fairness_flat.hpp"

#include <cmath>

#include "core/error.hpp"

namespace adm::fairness {
namespace {

constexpr std::size_t kHeader = 4;
constexpr std::size_t kRates = std::size(kRateFields);
constexpr std::size_t kGapFields = 5;
constexpr std::size_t kDiFixed = 5;

// The rate fields of GroupRates in kRateFields order (one list so names and values cannot drift).
constexpr double GroupRates::*kRateMembers[] = {
    &GroupRates::rows, &GroupRates::count,   &GroupRates::tp,        &GroupRates::fp,
    &GroupRates::tn,   &GroupRates::fn,      &GroupRates::base_rate, &GroupRates::selection_rate,
    &GroupRates::tpr,  &GroupRates::fpr,     &GroupRates::fnr,       &GroupRates::ppv,
    &GroupRates::npv,  &GroupRates::accuracy};
static_assert(std::size(kRateMembers) == kRates);

double verdict_code(Verdict v) {
  return v == Verdict::Pass ? 1.0 : v == Verdict::Fail ? 0.0 : std::nan("");
}

Verdict verdict_from(double x) {
  return std::isnan(x) ? Verdict::Undefined : x != 0.0 ? Verdict::Pass : Verdict::Fail;
}

// Reads doubles back in the order they were written.
struct Reader {
  std::span<const double> v;
  std::size_t at = 0;
  double next() { return v[at++]; }
  std::size_t count() { return static_cast<std::size_t>(next()); }
  std::int32_t index() { return static_cast<std::int32_t>(next()); }
};

}  // namespace

std::size_t flat_size(std::size_t groups) {
  return kHeader + kRates * (groups + 1) + kGapFields * std::size(kAllGapMetrics) + kDiFixed +
         groups;
}

std::vector<std::string> metric_names(std::size_t groups) {
  std::vector<std::string> names{"groups", "rows_used", "rows_skipped", "total_weight"};
  for (std::size_t g = 0; g <= groups; ++g) {
    const std::string prefix = g == 0 ? "overall." : "group[" + std::to_string(g - 1) + "].";
    for (const char* f : kRateFields) names.push_back(prefix + f);
  }
  for (GapMetric m : kAllGapMetrics)
    for (const char* f : {"value", "defined_groups", "undefined_groups", "group_a", "group_b"})
      names.push_back(std::string(to_string(m)) + "." + f);
  for (const char* f : {"ratio", "reference_group", "threshold", "verdict", "undefined_groups"})
    names.push_back(std::string("di.") + f);
  for (std::size_t g = 0; g < groups; ++g)
    names.push_back("di.ratio_vs_reference[" + std::to_string(g) + "]");
  return names;
}

std::vector<double> to_vector(const FairnessReport& r) {
  std::vector<double> v;
  v.reserve(flat_size(r.groups));
  auto put = [&](auto x) { v.push_back(static_cast<double>(x)); };
  put(r.groups), put(r.rows_used), put(r.rows_skipped), put(r.total_weight);
  for (auto m : kRateMembers) put(r.overall.*m);
  for (const auto& g : r.per_group)
    for (auto m : kRateMembers) put(g.*m);
  for (GapMetric m : kAllGapMetrics) {
    const Gap& gp = r.gap(m);
    put(gp.value), put(gp.defined_groups), put(gp.undefined_groups), put(gp.group_a),
        put(gp.group_b);
  }
  put(r.di.ratio), put(r.di.reference_group), put(r.di.threshold), put(verdict_code(r.di.verdict)),
      put(r.di.undefined_groups);
  for (double x : r.di.ratio_vs_reference) put(x);
  if (v.size() != flat_size(r.groups))
    throw InternalError("to_vector: report with inconsistent group count");
  return v;
}

FairnessReport from_vector(std::span<const double> v) {
  if (v.empty() || !(v[0] >= 2.0) || v[0] != std::floor(v[0]) ||
      v.size() != flat_size(static_cast<std::size_t>(v[0])))
    throw InputError("from_vector: " + std::to_string(v.size()) +
                     " values do not form a fairness report");
  Reader in{v};
  FairnessReport r;
  r.groups = in.count();
  r.rows_used = in.count();
  r.rows_skipped = in.count();
  r.total_weight = in.next();
  for (auto m : kRateMembers) r.overall.*m = in.next();
  r.per_group.assign(r.groups, GroupRates{});
  for (auto& g : r.per_group)
    for (auto m : kRateMembers) g.*m = in.next();
  for (GapMetric m : kAllGapMetrics) {
    Gap& gp = r.gap(m);
    gp.value = in.next();
    gp.defined_groups = in.count();
    gp.undefined_groups = in.count();
    gp.group_a = in.index();
    gp.group_b = in.index();
  }
  r.di.ratio = in.next();
  r.di.reference_group = in.index();
  r.di.threshold = in.next();
  r.di.verdict = verdict_from(in.next());
  r.di.undefined_groups = in.count();
  r.di.ratio_vs_reference.assign(r.groups, 0.0);
  for (auto& x : r.di.ratio_vs_reference) x = in.next();
  return r;
}

}  // namespace adm::fairness
