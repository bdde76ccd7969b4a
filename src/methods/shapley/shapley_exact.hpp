#pragma once
// Exact Shapley values over all 2^n feature subsets (Definition 5 of the paper):
//   phi_i = sum_{S not containing i} |S|! (n - |S| - 1)! / n! (v(S + i) - v(S)).
// The subsets are evaluated in chunks of consecutive masks (one task of the farm each); within a
// chunk, subsets whose features induce the same partition of the rows share one evaluation.
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

// Masks [first, last) of chunk `chunk` out of `chunks` over 2^n subsets.
std::uint64_t chunk_begin(std::size_t n, std::size_t chunks, std::size_t chunk);

// Evaluates masks [first, last): kFieldsPerSubset values each, in mask order. `reused` (optional)
// counts evaluations saved by identical partitions.
std::vector<double> evaluate_chunk(const GameData& g, std::uint64_t first, std::uint64_t last,
                                   std::size_t* reused = nullptr);

// Reassembles chunk results (in chunk order) into the table.
SubsetTable assemble_chunks(std::size_t n, const std::vector<std::vector<double>>& chunks);

// Shapley values of the game values[mask] (2^n entries), summed in a fixed order.
std::vector<double> shapley_from_values(std::span<const double> values, std::size_t n);

// The weight |S|! (n - |S| - 1)! / n! of a subset of size k.
double shapley_weight(std::size_t n, std::size_t k);

}  // namespace adm::methods::shapley
