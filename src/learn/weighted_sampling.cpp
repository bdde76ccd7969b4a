#include "learn/weighted_sampling.hpp"

#include <cmath>
#include <numeric>

#include "core/error.hpp"

namespace adm::learn {

std::vector<std::size_t> sample_without_replacement(Rng& rng, std::span<const double> weights,
                                                    std::size_t k) {
  std::vector<std::size_t> items;
  std::vector<double> left;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (!std::isfinite(weights[i]) || weights[i] < 0) {
      throw InputError("weighted sampling: weights must be finite and >= 0");
    }
    if (weights[i] > 0) {
      items.push_back(i);
      left.push_back(weights[i]);
    }
  }
  std::vector<std::size_t> out;
  if (k >= items.size()) {
    // Every positive item is drawn; the order still follows the successive draws.
    k = items.size();
  }
  double total = std::accumulate(left.begin(), left.end(), 0.0);
  while (out.size() < k) {
    // Linear scan: candidate counts are small (features), and the removal keeps order fixed.
    double u = rng.uniform() * total;
    std::size_t pick = left.size() - 1;
    for (std::size_t i = 0; i < left.size(); ++i) {
      if (u < left[i]) {
        pick = i;
        break;
      }
      u -= left[i];
    }
    out.push_back(items[pick]);
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(pick));
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));
    total = std::accumulate(left.begin(), left.end(), 0.0);  // no drift from repeated subtraction
  }
  return out;
}

std::vector<std::size_t> sample_uniform_without_replacement(Rng& rng, std::size_t n,
                                                            std::size_t k) {
  std::vector<std::size_t> items(n);
  std::iota(items.begin(), items.end(), std::size_t{0});
  k = std::min(k, n);
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t j = i + static_cast<std::size_t>(rng.uniform_index(n - i));
    std::swap(items[i], items[j]);
  }
  items.resize(k);
  return items;
}

}  // namespace adm::learn
