#include "methods/shapley/shapley_exact.hpp"

#include <bit>

#include "core/error.hpp"
#include "methods/shapley/gray_code.hpp"
#include "methods/shapley/subset_evaluator.hpp"

namespace adm::methods::shapley {

std::vector<double> SubsetTable::v_acc() const {
  const std::uint64_t all = (std::uint64_t{1} << n) - 1;
  std::vector<double> out(u.size());
  for (std::uint64_t s = 0; s < u.size(); ++s) out[s] = u[all] - u[all & ~s];
  return out;
}

std::uint64_t chunk_begin(std::size_t n, std::size_t chunks, std::size_t chunk) {
  const std::uint64_t total = std::uint64_t{1} << n;
  if (n > 40 || chunks == 0 || chunks > (std::size_t{1} << 20) || chunk > chunks)
    throw InternalError("chunk_begin: at most 2^40 subsets in at most 2^20 chunks");
  return total * chunk / chunks;  // < 2^60: no overflow
}

std::vector<double> evaluate_chunk(const GameData& g, std::uint64_t first, std::uint64_t last,
                                   ChunkStats* stats) {
  std::vector<double> out;
  if (first >= last) return out;
  out.reserve((last - first) * kFieldsPerSubset);
  SubsetEvaluator e(g);
  e.set(gray_mask(first));
  SubsetValues v;
  std::size_t cells = 0, reused = 0;
  for (std::uint64_t rank = first; rank < last; ++rank) {
    if (rank > first) e.flip(gray_flip(rank));
    // A feature whose addition or removal leaves the number of cells alone leaves the partition
    // (and so every value) as it was.
    if (rank == first || e.codes().cardinality() != cells) {
      v = e.values();
      cells = e.codes().cardinality();
    } else {
      ++reused;
    }
    out.insert(out.end(), {v.u, v.si, v.i_xa, v.i_xa_y, v.v_d, v.gap});
  }
  if (stats) {
    stats->subsets += last - first;
    stats->reused += reused;
    stats->solves += e.solves();
    stats->warm += e.warm_solves();
    stats->remembered += e.remembered();
    stats->pairings += e.codes().pairings();
  }
  return out;
}

SubsetTable assemble_chunks(std::size_t n, const std::vector<std::vector<double>>& chunks) {
  SubsetTable t;
  t.n = n;
  const std::size_t total = std::size_t{1} << n;
  for (auto* v : {&t.u, &t.si, &t.i_xa, &t.i_xa_y, &t.v_d, &t.gap}) v->assign(total, 0.0);
  std::size_t held = 0;
  for (const auto& c : chunks) held += c.size() / kFieldsPerSubset;
  if (held != total)
    throw InternalError("shapley: chunks hold " + std::to_string(held) + " subsets, expected " +
                        std::to_string(total));
  std::uint64_t rank = 0;
  for (const auto& c : chunks)
    for (std::size_t k = 0; k + kFieldsPerSubset <= c.size(); k += kFieldsPerSubset) {
      const std::uint64_t s = gray_mask(rank++);
      t.u[s] = c[k];
      t.si[s] = c[k + 1];
      t.i_xa[s] = c[k + 2];
      t.i_xa_y[s] = c[k + 3];
      t.v_d[s] = c[k + 4];
      t.gap[s] = c[k + 5];
    }
  return t;
}

double shapley_weight(std::size_t n, std::size_t k) {
  // 1 / (n * C(n - 1, k)), the binomial built up in floating point (exact well beyond n = 40).
  double binom = 1;
  for (std::size_t j = 1; j <= k; ++j)
    binom = binom * static_cast<double>(n - 1 - k + j) / static_cast<double>(j);
  return 1.0 / (static_cast<double>(n) * binom);
}

std::vector<double> shapley_from_values(std::span<const double> values, std::size_t n) {
  if (values.size() != (std::size_t{1} << n))
    throw InternalError("shapley_from_values: need 2^n values");
  std::vector<double> w(n);
  for (std::size_t k = 0; k < n; ++k) w[k] = shapley_weight(n, k);
  std::vector<double> phi(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t bit = std::uint64_t{1} << i;
    double sum = 0;
    for (std::uint64_t s = 0; s < values.size(); ++s) {
      if (s & bit) continue;
      sum += w[static_cast<std::size_t>(std::popcount(s))] * (values[s | bit] - values[s]);
    }
    phi[i] = sum;
  }
  return phi;
}

}  // namespace adm::methods::shapley

namespace adm::methods::shapley {

ShapleyErrorBounds shapley_error_bounds(std::span<const double> error, std::size_t n) {
  if (error.size() != (std::size_t{1} << n))
    throw InternalError("shapley_error_bounds: need 2^n values");
  ShapleyErrorBounds out;
  out.below.assign(n, 0.0);
  out.above.assign(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t bit = std::uint64_t{1} << i;
    for (std::uint64_t s = 0; s < error.size(); ++s) {
      if (s & bit) continue;
      const double w = shapley_weight(n, static_cast<std::size_t>(std::popcount(s)));
      out.below[i] += w * error[s];
      out.above[i] += w * error[s | bit];
    }
  }
  return out;
}

}  // namespace adm::methods::shapley
