#pragma once
// The coefficients of one subset after another (coefficients.hpp), for walks that change the
// subset one feature at a time (exact enumeration in Gray-code order, permutation sampling).
//
// The joint codes of X_S are updated incrementally (info/incremental_codes.hpp). Every measure is
// then taken from count tables built with direct-indexed relabelling in one pass over the rows
// each, with the cells, margins and sums in exactly the order the sample-level functions use
// (info/measures.hpp, info/pid.hpp), so the values are bitwise those of subset_values(g, mask).
// The BROJA solve depends only on the merged pairwise marginals; they are remembered, so a subset
// whose merged marginals were already solved (typically: large subsets whose cells are all pure
// in Y) is not solved again, and a subset whose X_S carries no information about Y (one merged
// value) needs no solve: SI = 0.
#include <cstdint>
#include <map>
#include <vector>

#include "info/first_appearance.hpp"
#include "info/incremental_codes.hpp"
#include "info/pid.hpp"
#include "methods/shapley/coefficients.hpp"
#include "methods/shapley/log2_cache.hpp"

namespace adm::methods::shapley {

class SubsetEvaluator {
 public:
  // Checks g as subset_values would (complete codes, valid weights); keeps a reference to it.
  explicit SubsetEvaluator(const GameData& g);

  void set(std::uint64_t mask) { codes_.set(mask); }
  void flip(std::size_t j) { codes_.flip(j); }
  std::uint64_t mask() const { return codes_.mask(); }
  const info::IncrementalCodes& codes() const { return codes_; }

  // The values of the current subset; equal to subset_values(g, mask()).
  SubsetValues values();

  std::uint64_t solves() const { return solves_; }          // BROJA programs solved
  std::uint64_t remembered() const { return remembered_; }  // answered from an earlier solve

 private:
  struct Si {
    double si = 0, gap = 0;
  };
  Si shared_information(std::span<const std::int32_t> x, std::size_t k);
  double table_mi(std::size_t n1);

  const GameData& g_;
  std::size_t rows_ = 0, ny_ = 0, na_ = 0;
  std::vector<std::int32_t> y_, a_;  // compact codes (first appearance) over all rows
  std::vector<double> w_;            // per row (1 when unweighted)
  double total_ = 0;                 // sum of weights in row order
  std::vector<double> n_y_, n_a_, n_ay_;
  // The PID's rows (weight > 0) with their own compact T and R2 codes, and its T x R2 table.
  std::vector<std::uint32_t> kept_;
  std::vector<std::int32_t> t_kept_;
  std::size_t nt_ = 0, nb_ = 0;
  std::vector<double> t2_, p2_;  // T x R2 table, and merged
  double i2_ = 0;
  std::size_t m2_ = 0;

  info::IncrementalCodes codes_;
  info::FirstAppearance relabel_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::int32_t> cell_, pair_, xy_, x_kept_;
  std::vector<double> c3_, c_ax_, c_x_, c_xy_, t1_, mi_t_, mi_r_;
  Log2Cache log2_;
  std::vector<std::int32_t> cell_y_, cell_ax_, cell_xy_, cell_ay_, ax_x_, ax_a_;
  std::map<std::vector<double>, info::BrojaSolution> known_;  // merged [t][x] table -> solve
  std::uint64_t solves_ = 0, remembered_ = 0;
};

}  // namespace adm::methods::shapley
