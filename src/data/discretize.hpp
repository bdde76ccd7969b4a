#pragma once
// Turning numeric columns into interval-coded categorical ones, for methods that count
// (plug-in information measures, rule lists, naive Bayes, pattern mining).
#include <cstdint>
#include <map>
#include <vector>

#include "data/column.hpp"
#include "data/dataset.hpp"

namespace adm::data {

enum class DiscretizeMethod { Quantile, EqualWidth, Mdlp };

// Cut points are strictly increasing; bins are [-inf,c1), [c1,c2), ..., [ck,inf). Missing values
// are ignored when fitting. A column with no spread gives no cuts (one bin).

// Cuts at the j/bins quantiles (linear interpolation between order statistics, as numpy's default);
// equal cuts are merged and cuts at or below the minimum dropped, so no bin is empty by
// construction of the cut list alone.
std::vector<double> quantile_cuts(const Column& column, int bins);

// Cuts at min + j*(max-min)/bins, j = 1..bins-1.
std::vector<double> equal_width_cuts(const Column& column, int bins);

// The same cuts from a table value -> number of rows holding it (missing values left out), as a
// reader of a file in slices tallies them: equal to the column versions on those rows.
std::vector<double> quantile_cuts(const std::map<double, std::uint64_t>& counts, int bins);
std::vector<double> equal_width_cuts(const std::map<double, std::uint64_t>& counts, int bins);

// Fayyad & Irani (1993): recursive binary splits at class boundary points, each minimising the
// class entropy, accepted only if Gain > (log2(N-1) + Delta)/N. `labels` are class codes per row
// (Column::kMissingCode rows are ignored); cut points are midpoints between adjacent values.
std::vector<double> mdlp_cuts(const Column& column, const std::vector<std::int32_t>& labels);

// A categorical column with one level per interval, in interval order ("[-inf,2.5)", "[2.5,7)",
// "[7,inf)"); every interval is a level even if empty, so codes are comparable across splits.
Column discretize(const Column& column, const std::vector<double>& cuts);

// Discretizes every numeric column listed in roles().features in place (same names); target,
// sensitive and weights are left alone. Mdlp needs a categorical target and ignores `bins`.
Dataset discretize_numeric(const Dataset& data, DiscretizeMethod method, int bins);

}  // namespace adm::data
