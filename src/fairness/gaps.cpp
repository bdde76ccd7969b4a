#include "fairness/gaps.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"

namespace adm::fairness {
namespace {

using RatePtr = double GroupRates::*;

// The one or two rates whose gaps a metric adds up (second = nullptr for a single rate).
std::pair<RatePtr, RatePtr> rates_of(GapMetric metric) {
  switch (metric) {
    case GapMetric::SP:
      return {&GroupRates::selection_rate, nullptr};
    case GapMetric::PP:
      return {&GroupRates::ppv, nullptr};
    case GapMetric::PE:
      return {&GroupRates::fpr, nullptr};
    case GapMetric::EOpp:
      return {&GroupRates::tpr, nullptr};
    case GapMetric::EOdds:
      return {&GroupRates::tpr, &GroupRates::fpr};  // Definition 5
    case GapMetric::CUAE:
      return {&GroupRates::ppv, &GroupRates::npv};  // Definition 6
  }
  throw InternalError("fairness: unknown gap metric");
}

}  // namespace

const char* to_string(GapMetric metric) {
  switch (metric) {
    case GapMetric::SP:
      return "sp";
    case GapMetric::PP:
      return "pp";
    case GapMetric::PE:
      return "pe";
    case GapMetric::EOpp:
      return "eopp";
    case GapMetric::EOdds:
      return "eodds";
    case GapMetric::CUAE:
      return "cuae";
  }
  return "?";
}

Gap gap(const std::vector<GroupRates>& per_group, GapMetric metric) {
  // Plain variables, not a structured binding: clang 14 cannot capture bindings in a lambda.
  const auto rates = rates_of(metric);
  const RatePtr first = rates.first;
  const RatePtr second = rates.second;
  auto defined = [&](const GroupRates& r) {
    return !std::isnan(r.*first) && (second == nullptr || !std::isnan(r.*second));
  };
  Gap out;
  for (const auto& r : per_group) (defined(r) ? out.defined_groups : out.undefined_groups) += 1;
  // Pairwise, so that a sum of two gaps always belongs to one pair (see the header). For a single
  // rate this equals max - min exactly.
  for (std::size_t a = 0; a < per_group.size(); ++a) {
    if (!defined(per_group[a])) continue;
    for (std::size_t b = a + 1; b < per_group.size(); ++b) {
      if (!defined(per_group[b])) continue;
      double v = std::fabs(per_group[a].*first - per_group[b].*first);
      if (second != nullptr) v += std::fabs(per_group[a].*second - per_group[b].*second);
      if (out.group_a < 0 || v > out.value) {
        out.value = v;
        out.group_a = static_cast<std::int32_t>(a);
        out.group_b = static_cast<std::int32_t>(b);
      }
    }
  }
  return out;
}

DisparateImpact disparate_impact(const std::vector<GroupRates>& per_group,
                                 std::int32_t reference_group, double threshold) {
  if (!(threshold > 0.0 && threshold <= 1.0))
    throw InputError("disparate impact: threshold must be in (0, 1], got " +
                     std::to_string(threshold));
  if (reference_group >= static_cast<std::int32_t>(per_group.size()) || reference_group < -1)
    throw InputError("disparate impact: reference group " + std::to_string(reference_group) +
                     " is outside 0.." + std::to_string(per_group.size() - 1));
  DisparateImpact di;
  di.threshold = threshold;
  double lo = kNaN, hi = kNaN;
  std::int32_t argmax = -1;
  std::size_t defined = 0;
  for (std::size_t g = 0; g < per_group.size(); ++g) {
    const double s = per_group[g].selection_rate;
    if (std::isnan(s)) {
      ++di.undefined_groups;
      continue;
    }
    ++defined;
    if (argmax < 0 || s > hi) hi = s, argmax = static_cast<std::int32_t>(g);
    if (defined == 1 || s < lo) lo = s;
  }
  di.reference_group = reference_group >= 0 ? reference_group : argmax;
  if (defined >= 2 && hi > 0.0) di.ratio = lo / hi;
  di.ratio_vs_reference.assign(per_group.size(), kNaN);
  if (di.reference_group >= 0) {
    const double ref = per_group[static_cast<std::size_t>(di.reference_group)].selection_rate;
    if (ref > 0.0)
      for (std::size_t g = 0; g < per_group.size(); ++g)
        di.ratio_vs_reference[g] = per_group[g].selection_rate / ref;  // NaN stays NaN
  }
  if (!std::isnan(di.ratio))
    di.verdict = di.ratio >= threshold * (1.0 - 1e-12) ? Verdict::Pass : Verdict::Fail;
  return di;
}

}  // namespace adm::fairness
