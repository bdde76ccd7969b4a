#include "methods/shapley/shapley_sampled.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "methods/shapley/subset_evaluator.hpp"

namespace adm::methods::shapley {
namespace {

// Adds the marginal contributions along `order` (weight 1/2) to acc (u game) and d (v_D game).
void walk(const GameData& g, const std::vector<std::size_t>& order, std::vector<double>& acc,
          std::vector<double>& d) {
  SubsetEvaluator e(g);
  SubsetValues prev = e.values();
  for (std::size_t j : order) {
    e.flip(j);
    const SubsetValues next = e.values();
    acc[j] += 0.5 * (next.u - prev.u);
    d[j] += 0.5 * (next.v_d - prev.v_d);
    prev = next;
  }
}

}  // namespace

std::vector<double> antithetic_pair(const GameData& g, Rng& rng) {
  const std::size_t n = g.n();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.uniform_index(i)]);
  std::vector<double> acc(n, 0.0), d(n, 0.0);
  walk(g, order, acc, d);
  std::reverse(order.begin(), order.end());
  walk(g, order, acc, d);
  acc.insert(acc.end(), d.begin(), d.end());
  return acc;
}

PairRunner serial_pair_runner(const GameData& g, std::uint64_t seed) {
  return [&g, seed](std::size_t first, std::size_t count) {
    std::vector<std::vector<double>> out;
    for (std::size_t k = first; k < first + count; ++k) {
      Rng rng(seed, "shapley.pairs", k);
      out.push_back(antithetic_pair(g, rng));
    }
    return out;
  };
}

SampledShapley sampled_shapley(const GameData& g, const SamplingOptions& options,
                               const PairRunner& run) {
  const std::size_t n = g.n();
  if (n == 0 || n > 63) throw InputError("shapley sampling: needs 1 to 63 features");
  if (options.batch_pairs == 0 || options.max_pairs == 0)
    throw InputError("shapley sampling: batch_pairs and max_pairs must be positive");
  SampledShapley out;
  const std::uint64_t all = n == 64 ? ~0ULL : (std::uint64_t{1} << n) - 1;
  const SubsetValues empty = subset_values(g, 0), full = subset_values(g, all);
  out.total_acc = full.u - empty.u;
  out.total_d = full.v_d - empty.v_d;
  const double target_acc = options.relative_error * std::abs(out.total_acc);
  const double target_d = options.relative_error * std::abs(out.total_d);
  // Running sums in pair order (a fixed order: identical results whoever computed the pairs).
  std::vector<double> sum(2 * n, 0.0), sum2(2 * n, 0.0);
  while (out.pairs < options.max_pairs) {
    const std::size_t count = std::min(options.batch_pairs, options.max_pairs - out.pairs);
    const auto batch = run(out.pairs, count);
    for (const auto& sample : batch) {
      if (sample.size() != 2 * n) throw InternalError("shapley sampling: bad pair result size");
      for (std::size_t i = 0; i < 2 * n; ++i) {
        sum[i] += sample[i];
        sum2[i] += sample[i] * sample[i];
      }
    }
    out.pairs += batch.size();
    const double m = static_cast<double>(out.pairs);
    out.phi_acc.assign(n, 0.0);
    out.phi_d.assign(n, 0.0);
    out.se_acc.assign(n, 0.0);
    out.se_d.assign(n, 0.0);
    bool within = out.pairs >= std::max<std::size_t>(options.min_pairs, 2);
    for (std::size_t i = 0; i < 2 * n; ++i) {
      const double mean = sum[i] / m;
      const double var = m > 1 ? std::max(0.0, (sum2[i] - m * mean * mean) / (m - 1)) : 0.0;
      const double se = std::sqrt(var / m);
      (i < n ? out.phi_acc[i] : out.phi_d[i - n]) = mean;
      (i < n ? out.se_acc[i] : out.se_d[i - n]) = se;
      within = within && se <= (i < n ? target_acc : target_d);
    }
    if (within) {
      out.converged = true;
      break;
    }
  }
  return out;
}

}  // namespace adm::methods::shapley
