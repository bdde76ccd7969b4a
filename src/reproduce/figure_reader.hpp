#pragma once
// Reading ours from one result file as an expectation says (pipelines/expectations.hpp): one
// number (an element by index, label or pick; a reduction; a derived selection), a list of texts,
// or the published side when it is another of our numbers (value_path). The checker
// (pipelines/checker.hpp) compares them with the published values.
#include <stdexcept>
#include <string>
#include <vector>

#include "core/number_format.hpp"  // number_text, which the checker's verdicts use
#include "io/result_file.hpp"
#include "reproduce/expectations.hpp"

namespace adm::pipelines {

// A failed lookup of ours (no dataset, label or candidate; index out of range): the row shows why
// and does not hold.
struct Missing : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Ours as a number: absolute, scaled.
double ours_number(const io::ResultReader& r, const Expectation& e);
// Whether `path` is in the result, and holds texts: a pattern list stored as its key matrix
// (/patterns/mine/key) counts as its texts at /patterns/mine/pattern, which ours_strings renders.
bool has_dataset(const io::ResultReader& r, const std::string& path);
bool is_text_dataset(const io::ResultReader& r, const std::string& path);
// Ours as texts (a set, labels by value, the label of the largest, one element).
std::vector<std::string> ours_strings(const io::ResultReader& r, const Expectation& e);
// The published number: value, or (value_path) another of ours, absolute, scaled, offset.
double published_number(const io::ResultReader& r, const Expectation& e);
// Where ours is, for the verdict row: path[index], path[key], path / max where c1, c2 ...
std::string ours_path_text(const Expectation& e);
// The order comparisons at_least (a >= b), at_most, less, greater; false for any other name.
bool compares(const std::string& compare, double a, double b);

}  // namespace adm::pipelines
