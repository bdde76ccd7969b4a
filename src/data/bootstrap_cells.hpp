#pragma once
// A bootstrap replicate drawn over the cells of a count table instead of over rows: drawing n rows
// with replacement from n rows and counting them per cell gives cell counts that are multinomial
// (n; count_c / n). Drawing those counts directly costs O(cells), not O(n), and needs only the
// table, so a dataset tallied in slices by many ranks is bootstrapped without its rows. The draws
// differ from the row bootstrap's (data/split.hpp) but have the same distribution.
#include <cstdint>
#include <span>
#include <vector>

#include "core/rng.hpp"

namespace adm::data {

// Binomial(n, p), exact: inversion by geometric waiting times when n min(p, 1-p) < 10, else
// Hormann's BTRS transformed rejection (1993; as in NumPy's and PyTorch's samplers).
std::uint64_t draw_binomial(std::uint64_t n, double p, Rng& rng);

// Multinomial(total; counts / sum(counts)) by conditional binomials in cell order:
// x_c ~ Binomial(total - x_1 - ... - x_{c-1}, counts_c / (counts_c + ... + counts_K)).
std::vector<std::uint64_t> draw_multinomial(std::uint64_t total,
                                            std::span<const std::uint64_t> counts, Rng& rng);

}  // namespace adm::data
