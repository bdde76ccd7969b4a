#pragma once
// The coefficients of one subset after another (coefficients.hpp), for walks that change the
// subset one feature at a time (exact enumeration in Gray-code order, permutation sampling).
//
// The joint codes of X_S are updated incrementally (info/incremental_codes.hpp). One pass over the
// rows then counts (a, y) per value of X_S. Every measure (I(Y; A, X_S), I(X_S; A), I(X_S; A | Y)
// and I(Y; X_S) for the PID) is a sum over the values of X_S of a function of their count vector,
// and most values share a vector with many others (a single row with a given (a, y), ...), so each
// distinct vector is evaluated once, times its multiplicity. The values equal subset_values(g,
// mask) up to the order of the terms in the sums (round-off); the merged marginals of the PID are
// the same table (bitwise, for integer counts), so is the BROJA solve.
// The BROJA solve depends only on the merged pairwise marginals; they are remembered, so a subset
// whose merged marginals were already solved (typically: large subsets whose cells are all pure
// in Y) is not solved again, and a subset whose X_S carries no information about Y (one merged
// value) needs no solve: SI = 0. A small program (few merged values) starts from the latest
// solution for each merged value's P(T | x) (a neighbouring subset's, in a walk): the polish then
// certifies in a step or two instead of a dozen barrier and polish steps. Every SI is certified;
// a warm start changes it within the gap only, so values depend on the walk (deterministically).
#include <cstdint>
#include <map>
#include <vector>

#include "info/incremental_codes.hpp"
#include "info/pid.hpp"
#include "info/pid_degenerate.hpp"
#include "methods/shapley/coefficients.hpp"
#include "methods/shapley/log2_cache.hpp"

namespace adm::methods::shapley {

class SubsetEvaluator {
 public:
  // Checks g (complete codes, valid weights); keeps a reference to it.
  explicit SubsetEvaluator(const GameData& g);

  void set(std::uint64_t mask) { codes_.set(mask); }
  void flip(std::size_t j) { codes_.flip(j); }
  std::uint64_t mask() const { return codes_.mask(); }
  const info::IncrementalCodes& codes() const { return codes_; }

  // The values of the current subset: those of subset_values(g, mask()) up to round-off in the
  // sums (another order of the same terms) and, for SI, the BROJA solver's certified gap.
  SubsetValues values();

  std::uint64_t solves() const { return solves_; }            // BROJA programs solved
  std::uint64_t remembered() const { return remembered_; }    // answered from an earlier solve
  std::uint64_t warm_solves() const { return warm_solves_; }  // solves started from a neighbour's

 private:
  struct Si {
    double si = 0, gap = 0;
  };
  void count_vectors();
  Si shared_information();
  info::SourceDependence dependence() const;
  void ratio_key(const info::PidMarginals& m, std::size_t x);
  bool warm_start(const info::PidMarginals& m, const info::BrojaMarginals& program,
                  const info::BrojaDomain& d);
  void remember_solution(const info::PidMarginals& m, const info::BrojaMarginals& program,
                         const info::BrojaDomain& d, const std::vector<double>& q);

  const GameData& g_;
  std::size_t rows_ = 0, ny_ = 0, na_ = 0;
  std::vector<std::int32_t> y_, a_, ay_;  // compact codes (first appearance); ay = a * ny + y
  std::vector<double> w_;                 // per row (1 when unweighted)
  double total_ = 0;                      // sum of weights
  std::vector<double> n_y_, n_a_, n_ay_;
  // The PID's R2 side (A), fixed: I(Y; A) and the merged Y x A table.
  double i2_ = 0;
  std::vector<double> p2_;
  std::size_t m2_ = 0;

  info::IncrementalCodes codes_;
  // Per value of X_S its counts over (a, y); the distinct count vectors (a representative value
  // each, by first appearance) and how many values share each.
  std::vector<double> counts_;
  struct Slot {
    std::uint32_t call = 0, id = 0;
  };
  std::vector<Slot> slots_;
  std::uint32_t call_ = 0;
  std::vector<std::uint32_t> distinct_;
  std::vector<double> multiplicity_;
  std::vector<double> n_ax_, n_xy_, t1_cols_, t1_;
  Log2Cache log2_;
  std::map<std::vector<double>, info::BrojaSolution> known_;  // merged [t][x] table -> solve
  // Per ratio vector P(T | x) of a merged value: Q(a | t, x) in the latest solution ([t][a]).
  std::map<std::vector<double>, std::vector<double>> warm_;
  std::vector<double> key_, start_;
  std::uint64_t solves_ = 0, remembered_ = 0, warm_solves_ = 0;
};

}  // namespace adm::methods::shapley
