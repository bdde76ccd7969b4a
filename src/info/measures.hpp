#pragma once
// Plug-in entropy, mutual information and conditional mutual information, in bits, between SETS of
// categorical columns (each set is treated as one variable: the tuple of its columns). The formulas
// and the Miller–Madow convention are those of count_measures.hpp.
#include <span>
#include <string>
#include <vector>

#include "info/joint_codes.hpp"

namespace adm::info {

struct InfoOptions {
  // Empty = every row weighs 1. Otherwise one finite, non-negative weight per row; counts are sums
  // of weights, so an integer weight k is the same as k copies of the row.
  std::span<const double> weights = {};
  bool miller_madow = false;
  // Applied to every column involved in one call together: under Skip a row is left out of every
  // term of the call if any of its columns is missing, so all terms use the same rows.
  MissingPolicy missing = MissingPolicy::Error;
};

using Names = std::vector<std::string>;

// H(X) of the joint variable of the columns in x.
double entropy(const CodeColumns& x, const InfoOptions& options = {});
// H(X, Y) = H of the union of both sets.
double joint_entropy(const CodeColumns& x, const CodeColumns& y, const InfoOptions& options = {});
// H(X | Y) = H(X, Y) - H(Y), summed cell by cell (non-negative without round-off).
double conditional_entropy(const CodeColumns& x, const CodeColumns& y,
                           const InfoOptions& options = {});
// I(X; Y).
double mutual_information(const CodeColumns& x, const CodeColumns& y,
                          const InfoOptions& options = {});
// I(X; Y | Z); an empty z gives I(X; Y). x and y must not be empty.
double conditional_mutual_information(const CodeColumns& x, const CodeColumns& y,
                                      const CodeColumns& z, const InfoOptions& options = {});

// The same over named categorical columns of a dataset (numeric columns are an InputError; missing
// values under MissingPolicy::Error are reported with the column name and data row).
double entropy(const data::Dataset& data, const Names& x, const InfoOptions& options = {});
double joint_entropy(const data::Dataset& data, const Names& x, const Names& y,
                     const InfoOptions& options = {});
double conditional_entropy(const data::Dataset& data, const Names& x, const Names& y,
                           const InfoOptions& options = {});
double mutual_information(const data::Dataset& data, const Names& x, const Names& y,
                          const InfoOptions& options = {});
double conditional_mutual_information(const data::Dataset& data, const Names& x, const Names& y,
                                      const Names& z, const InfoOptions& options = {});

}  // namespace adm::info
