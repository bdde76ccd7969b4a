#include "methods/infogram/adverse_impact.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"

namespace adm::methods {
namespace {

std::size_t code_count(std::span<const std::int32_t> codes, const char* what) {
  std::int32_t top = -1;
  for (std::int32_t c : codes) {
    if (c < 0) throw InputError(std::string("adverse impact: negative ") + what + " code");
    top = std::max(top, c);
  }
  return static_cast<std::size_t>(top + 1);
}

void check_inputs(std::span<const std::int32_t> y, std::span<const std::int32_t> group,
                  std::span<const double> weights) {
  if (group.size() != y.size() || (!weights.empty() && weights.size() != y.size()))
    throw InputError("adverse impact: outcome, group and weights differ in length");
  for (std::int32_t v : y)
    if (v != 0 && v != 1) throw InputError("adverse impact: the outcome must be coded 0/1");
  for (double w : weights)
    if (!(w >= 0.0) || !std::isfinite(w))
      throw InputError("adverse impact: weights must be finite and non-negative");
}

// AIR over the rows where `take` is true, with `groups` groups.
template <class Take>
AirResult air_over(std::span<const std::int32_t> y, std::span<const std::int32_t> group,
                   std::span<const double> weights, std::size_t groups, double min_size,
                   Take take) {
  AirResult r;
  std::vector<double> favourable(groups, 0.0);
  r.counts.assign(groups, 0.0);
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (!take(i)) continue;
    const double w = weights.empty() ? 1.0 : weights[i];
    r.counts[static_cast<std::size_t>(group[i])] += w;
    favourable[static_cast<std::size_t>(group[i])] += w * y[i];
  }
  r.rates.assign(groups, kAirNaN);
  std::size_t defined = 0;
  for (std::size_t g = 0; g < groups; ++g) {
    if (!(r.counts[g] > 0.0)) continue;
    r.rates[g] = favourable[g] / r.counts[g];
    if (r.counts[g] < min_size) {
      ++r.small_groups;
      continue;
    }
    ++defined;
    const auto gi = static_cast<std::int32_t>(g);
    if (r.lowest_group < 0 || r.rates[g] < r.rates[static_cast<std::size_t>(r.lowest_group)])
      r.lowest_group = gi;
    if (r.highest_group < 0 || r.rates[g] > r.rates[static_cast<std::size_t>(r.highest_group)])
      r.highest_group = gi;
  }
  if (defined >= 2) {
    const double hi = r.rates[static_cast<std::size_t>(r.highest_group)];
    if (hi > 0.0) r.ratio = r.rates[static_cast<std::size_t>(r.lowest_group)] / hi;
  }
  return r;
}

}  // namespace

AirResult adverse_impact_ratio(std::span<const std::int32_t> y, std::span<const std::int32_t> group,
                               std::span<const double> weights, double min_group_size) {
  check_inputs(y, group, weights);
  return air_over(y, group, weights, code_count(group, "group"), min_group_size,
                  [](std::size_t) { return true; });
}

CairResult conditional_adverse_impact_ratio(std::span<const std::int32_t> y,
                                            std::span<const std::int32_t> group,
                                            std::span<const std::int32_t> stratum,
                                            std::span<const double> weights,
                                            double min_group_size) {
  check_inputs(y, group, weights);
  if (stratum.size() != y.size()) throw InputError("adverse impact: stratum length differs");
  const std::size_t groups = code_count(group, "group");
  const std::size_t strata = code_count(stratum, "stratum");
  CairResult c;
  c.stratum_share.assign(strata, 0.0);
  double total = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double w = weights.empty() ? 1.0 : weights[i];
    c.stratum_share[static_cast<std::size_t>(stratum[i])] += w;
    total += w;
  }
  if (!(total > 0.0)) throw InputError("adverse impact: total weight is 0");
  double sum = 0.0, used_share = 0.0;
  for (std::size_t d = 0; d < strata; ++d) {
    c.stratum_share[d] /= total;
    c.per_stratum.push_back(air_over(y, group, weights, groups, min_group_size, [&](std::size_t i) {
      return static_cast<std::size_t>(stratum[i]) == d;
    }));
    const double air = c.per_stratum.back().ratio;
    if (std::isnan(air)) {
      if (c.stratum_share[d] > 0.0) ++c.undefined_strata;
      continue;
    }
    sum += c.stratum_share[d] * air;
    used_share += c.stratum_share[d];
  }
  if (used_share > 0.0) c.value = sum / used_share;
  return c;
}

}  // namespace adm::methods
