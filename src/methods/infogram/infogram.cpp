#include "methods/infogram/infogram.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"

namespace adm::methods {

const char* to_string(InfogramMode mode) { return mode == InfogramMode::Core ? "core" : "fair"; }

std::vector<std::string> InfogramResult::admissible() const {
  std::vector<std::string> names;
  for (const auto& f : features)
    if (f.admissible) names.push_back(f.name);
  return names;
}

std::vector<std::string> InfogramResult::risky() const {
  std::vector<std::string> names;
  for (const auto& f : features)
    if (f.risky) names.push_back(f.name);
  return names;
}

bool in_l_region(double relevance, double net, const Thresholds& thresholds) {
  return relevance < thresholds.relevance || net < thresholds.net;
}

bool is_risky(double relevance, double safety, const Thresholds& thresholds) {
  return relevance >= std::max(thresholds.relevance, thresholds.risky_relevance) &&
         safety < thresholds.net;
}

std::vector<double> normalise_by_max(std::span<const double> raw) {
  double top = 0.0;
  for (double v : raw) top = std::max(top, v);
  std::vector<double> out(raw.size(), 0.0);
  if (top > 0.0)
    for (std::size_t j = 0; j < raw.size(); ++j) out[j] = std::max(raw[j], 0.0) / top;
  return out;
}

InfogramResult make_infogram(const std::vector<std::string>& names,
                             std::span<const double> relevance_raw, std::span<const double> net_raw,
                             const Thresholds& thresholds, InfogramMode mode) {
  if (relevance_raw.size() != names.size() || net_raw.size() != names.size())
    throw InputError("make_infogram: names, relevance and net values differ in length");
  for (std::size_t j = 0; j < names.size(); ++j)
    if (!std::isfinite(relevance_raw[j]) || !std::isfinite(net_raw[j]))
      throw InputError("make_infogram: non-finite value for feature '" + names[j] + "'");
  for (double t : {thresholds.relevance, thresholds.net, thresholds.risky_relevance})
    if (!(t >= 0.0 && t <= 1.0)) throw InputError("make_infogram: thresholds must be in [0, 1]");
  const auto rel = normalise_by_max(relevance_raw);
  const auto net = normalise_by_max(net_raw);
  InfogramResult result;
  result.mode = mode;
  result.thresholds = thresholds;
  for (std::size_t j = 0; j < names.size(); ++j) {
    InfogramEntry e;
    e.name = names[j];
    e.relevance_raw = relevance_raw[j];
    e.net_raw = net_raw[j];
    e.relevance = rel[j];
    e.net = net[j];
    e.admissible_index = std::hypot(rel[j], net[j]) / std::sqrt(2.0);
    e.admissible = !in_l_region(rel[j], net[j], thresholds);
    e.risky = mode == InfogramMode::Fair && is_risky(rel[j], net[j], thresholds);
    result.features.push_back(std::move(e));
  }
  std::stable_sort(result.features.begin(), result.features.end(),
                   [](const InfogramEntry& a, const InfogramEntry& b) {
                     return a.admissible_index > b.admissible_index;
                   });
  return result;
}

std::vector<std::size_t> top_indices(std::span<const double> scores, std::size_t top_n) {
  for (double v : scores)
    if (std::isnan(v)) throw InputError("top_indices: a relevance score is NaN");
  std::vector<std::size_t> order(scores.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
  if (top_n != 0 && top_n < order.size()) order.resize(top_n);
  return order;
}

}  // namespace adm::methods
