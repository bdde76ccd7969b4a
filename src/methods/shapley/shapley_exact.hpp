#pragma once
// Exact Shapley values over all 2^n feature subsets (Definition 5 of the paper):
//   phi_i = sum_{S not containing i} |S|! (n - |S| - 1)! / n! (v(S + i) - v(S)).
// The subsets are enumerated in Gray-code order (gray_code.hpp) and evaluated in chunks of
// consecutive ranks (one task of the farm each). Within a chunk each subset differs from the
// previous one by one feature, so its joint codes are an update (subset_evaluator.hpp); a subset
// whose feature leaves the partition of the rows unchanged reuses the previous values, BROJA
// solutions are reused for equal merged marginals, and small BROJA programs start from the
// solution of a neighbouring subset. A chunk's values depend on the chunk only, so on no rank
// count; the chunking (shapley.chunks) changes SI within its certified gap only (another start).
#include <cstdint>
#include <span>
#include <vector>

#include "methods/shapley/coefficients.hpp"

namespace adm::methods::shapley {

// Per-subset values, one entry per mask 0 .. 2^n - 1.
struct SubsetTable {
  std::size_t n = 0;
  std::vector<double> u, si, i_xa, i_xa_y, v_d, gap;
  std::vector<double> v_acc() const;  // v_acc(S) = u(all) - u(complement of S)
};

// Values per mask (fields in SubsetTable order) are flattened into one vector per chunk.
inline constexpr std::size_t kFieldsPerSubset = 6;

// Gray-code ranks [first, last) of chunk `chunk` out of `chunks` over 2^n subsets.
std::uint64_t chunk_begin(std::size_t n, std::size_t chunks, std::size_t chunk);

// Work done by evaluate_chunk (summed over calls).
struct ChunkStats {
  std::uint64_t subsets = 0;
  std::uint64_t reused = 0;      // values taken from the previous subset (same partition)
  std::uint64_t solves = 0;      // BROJA programs solved
  std::uint64_t warm = 0;        // of which started from a neighbouring subset's solution
  std::uint64_t remembered = 0;  // BROJA programs answered by an earlier solve of the chunk
  std::uint64_t pairings = 0;    // joint-code updates (one column each)
};

// Evaluates Gray-code ranks [first, last): kFieldsPerSubset values each, in rank order.
std::vector<double> evaluate_chunk(const GameData& g, std::uint64_t first, std::uint64_t last,
                                   ChunkStats* stats = nullptr);

// Reassembles chunk results (in chunk order, so in rank order) into the table, indexed by mask.
SubsetTable assemble_chunks(std::size_t n, const std::vector<std::vector<double>>& chunks);

// Shapley values of the game values[mask] (2^n entries), summed in a fixed order.
std::vector<double> shapley_from_values(std::span<const double> values, std::size_t n);

// Bounds on the error of Shapley values of a game known up to a one-sided error: the true value
// of subset S lies in [values[S], values[S] + error[S]] (error >= 0, e.g. SI below its BROJA
// gap). Then the true phi_i lies in [phi_i - below_i, phi_i + above_i] with
//   below_i = sum_{S not containing i} w(|S|) error[S],  above_i = sum ... w(|S|) error[S + i].
struct ShapleyErrorBounds {
  std::vector<double> below, above;
};
ShapleyErrorBounds shapley_error_bounds(std::span<const double> error, std::size_t n);

// The weight |S|! (n - |S| - 1)! / n! of a subset of size k.
double shapley_weight(std::size_t n, std::size_t k);

}  // namespace adm::methods::shapley
