#pragma once
// A paper's reproduced figures as data: configs/<paper>/expect.toml lists, for each figure, the
// published value, the config whose result holds ours, the dataset (and element) of ours, and how
// the two are compared. Read strictly (typed fields, unknown keys are errors naming file:line:key);
// the checker (pipelines/checker.hpp) turns it and the result files into verdict rows.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace adm::config {
class Fields;
}

namespace adm::pipelines {

struct Expectation {
  std::string figure;       // the paper's table/figure/row, e.g. "Table 2, COMPAS, unconstrained"
  std::string config;       // config file in the paper's folder whose result holds ours
  std::string path;         // dataset of ours in that result, e.g. "/patterns/mine/qualifying"
  std::int64_t index = -1;  // its element; -1: its only element (numbers) or all (sets)
  std::string key_path;     // with `key`: the element whose label in this dataset is `key`
  std::string key;
  // Several candidate elements, one picked: those listed in `among` (an integer dataset of
  // indices; all when empty) with where_path[i] <= where_at_most, the one of least pick_min[i].
  std::string among, where_path, pick_min;
  std::optional<double> where_at_most;
  // "", "max", "min", "sum" or "size" over the dataset; "argmax": the label (in key_path) of its
  // largest element, compared as text
  std::string reduce;
  double scale = 1;       // ours is multiplied by this (e.g. 100 for a percentage) ...
  bool absolute = false;  // ... after taking its absolute value when true
  // within | equal | at_least | at_most | less | greater | factor | equal_set | contains |
  // ordering | info
  std::string compare;
  std::optional<double> value;  // published number (within, equal, at_least, ..., factor)
  // Instead of value, another of our numbers (element value_index, -1: the only one), for a
  // qualitative claim of the paper such as "the fair model discriminates less".
  std::string value_path;
  std::int64_t value_index = -1;
  double tolerance = 0;          // within: |ours - value| <= tolerance; factor: ratio <= it
  std::string text;              // published text (equal on strings, contains)
  std::vector<std::string> set;  // published set (equal_set) or order (ordering)
  std::string explanation;       // why ours may differ; a difference explained is not a failure
  bool full = false;             // only with `reproduce --full` (runs too long for the default)
};

struct PaperExpectations {
  std::string paper;   // the folder name, e.g. "fairnb"
  std::string folder;  // configs/<paper>
  std::string file;    // its expect.toml
  std::string title;   // the paper, as cited
  std::string source;  // where its text is, e.g. "../shared/papers/fair-naive-bayes-patterns.txt"
  std::vector<Expectation> expectations;

  // The configs the expectations read, each once, in order of first use (file names in folder).
  std::vector<std::string> configs() const;
};

void describe(config::Fields& f, Expectation& e);

// Reads `folder`/expect.toml; the paper's name is the folder's last component. Bad input throws
// InputError naming file:line:column and key.
PaperExpectations load_expectations(const std::string& folder);
PaperExpectations parse_expectations(const std::string& text, const std::string& file,
                                     const std::string& paper, const std::string& folder);

}  // namespace adm::pipelines
