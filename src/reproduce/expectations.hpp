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

// One axis of a run grid: a dotted config key and the values it takes, numbers or texts.
struct RunAxis {
  std::string key;
  std::vector<double> values;      // numbers (an integral one is written as a TOML integer)
  std::vector<std::string> texts;  // or texts
};

// One key of one run and the value it is set to (a number, or text when number is empty).
struct RunSetting {
  std::string key;
  std::optional<double> number;
  std::string text;
};

// One run of a run set: its config's name and the keys it sets in the base config.
struct RunCase {
  std::string config;  // "<name>_<value>[_<value>...].toml"
  std::vector<RunSetting> settings;
};

// One config run several times, the integer config key `key` (e.g. "data.draw") set to each of
// from..to: reproduce writes run v as a real config <out>/<paper>/runs/<name>_<v>.toml (the base
// config with that key replaced) and runs it into <out>/<paper>/<name>_<v>.h5. For a figure the
// paper computes over repeated samples (a mean and sd over 50 draws, a claim over 20 models).
// Or, with `grid` instead of key/from/to, once for every combination of several keys' values (a
// table over rankings x k x delta): run <name>_<v1>_<v2>_... with the values in the axes' order.
struct RunSet {
  std::string name;                // e.g. "example1": runs example1_0 .. example1_49
  std::string config;              // the base config, a file in the paper's folder
  std::string key;                 // dotted config key set per run, e.g. "data.draw"
  std::int64_t from = 0, to = -1;  // inclusive
  std::vector<RunAxis> grid;       // instead of key, from, to; the first axis varies slowest
  // The runs, in order: from..to, or the grid's combinations.
  std::vector<RunCase> cases() const;
  // The runs' config names ("<name>_<v>.toml"), as Expectation::config would name them.
  std::vector<std::string> configs() const;
};

// One condition of an expectation's `select`: dataset `path` (one element per element of ours'
// path), divided by its largest element when normalise = "max" (see Expectation::normalise),
// compared element by element with `value` (at_least, at_most, less, greater).
struct Condition {
  std::string path;
  std::string normalise;
  std::string compare;
  std::optional<double> value;
};

struct Expectation {
  std::string figure;  // the paper's table/figure/row, e.g. "Table 2, COMPAS, unconstrained"
  // config file in the paper's folder whose result holds ours, or the config of one run of a
  // [[runs]] set ("<name>_<v>.toml"; a grid's runs are picked so)
  std::string config;
  // Instead of config: a [[runs]] set. Ours is then one of its runs (`run` = the key's value) or
  // reduced over all: `over` = mean, sd (n - 1), min or max of each run's number, or fraction:
  // the fraction of runs in which the comparison holds, which must be >= holds_at_least.
  std::string runs;
  std::optional<double> run;
  std::string over;
  std::optional<double> holds_at_least;
  std::string path;         // dataset of ours in that result, e.g. "/patterns/mine/qualifying"
  std::int64_t index = -1;  // its element; -1: its only element (numbers) or all (sets)
  std::string key_path;     // with `key`: the element whose label in this dataset is `key`
  std::string key;
  // Several candidate elements, one picked: those listed in `among` (an integer dataset of
  // indices; all when empty) with where_path[i] <= where_at_most, the one of least pick_min[i].
  std::string among, where_path, pick_min;
  std::optional<double> where_at_most;
  // "", "max", "min", "sum" or "size" over the dataset; "argmax": the label (in key_path) of its
  // largest element, compared as text; "descending"/"ascending": the labels (in key_path) ordered
  // by their values (ties in label order), the first `top` of them (0: all), compared as texts
  std::string reduce;
  std::int64_t top = 0;
  // "max": ours' dataset divided by its largest element, negatives as 0 (all 0 when none is
  // positive), as the InfoGram scales its axes; before any selection of an element.
  std::string normalise;
  // Derived from ours' dataset: only the elements at which every condition holds (e.g. the labels
  // whose relevance >= 0.1 and cross-fitted net information / max >= 0.1); a set of texts, or
  // numbers for reduce (size: how many).
  std::vector<Condition> select;
  // With reduce = max/min/sum/size: these datasets' elements join path's (e.g. the best of two
  // models' accuracies).
  std::vector<std::string> more_paths;
  double scale = 1;       // ours is multiplied by this (e.g. 100 for a percentage) ...
  bool absolute = false;  // ... after taking its absolute value when true (value_path's too)
  // within | equal | at_least | at_most | less | greater | factor | equal_set | subset_of (every
  // one of ours is in set) | contains | excludes | ordering | info
  std::string compare;
  std::optional<double> value;  // published number (within, equal, at_least, ..., factor)
  // Instead of value, another of our numbers (element value_index, -1: the only one, or the one
  // labelled value_key in value_key_path), for a qualitative claim of the paper such as "the fair
  // model discriminates less"; absolute and scale apply to it as to ours, then value_offset is
  // added (e.g. -0.02: "within 2 points of that model").
  std::string value_path;
  std::int64_t value_index = -1;
  std::string value_key_path, value_key;
  double value_offset = 0;
  double tolerance = 0;          // within: |ours - value| <= tolerance; factor: ratio <= it
  std::string text;              // published text (equal on strings, contains, excludes)
  std::vector<std::string> set;  // published set (equal_set, subset_of) or order (ordering)
  std::string explanation;       // why ours may differ; a difference explained is not a failure
  bool full = false;             // only with `reproduce --full` (runs too long for the default)
};

struct PaperExpectations {
  std::string paper;           // the folder name, e.g. "fairnb"
  std::string folder;          // configs/<paper>
  std::string file;            // its expect.toml
  std::string title;           // the paper's title
  std::string authors, venue;  // as cited (may be empty)
  std::string source;  // where its text is, e.g. "../shared/papers/fair-naive-bayes-patterns.txt"
  std::vector<RunSet> runs;
  std::vector<Expectation> expectations;

  // The configs the expectations read, each once, in order of first use (file names in folder, or
  // a run set's generated names).
  std::vector<std::string> configs() const;
  // The run set of that name; nullptr when none.
  const RunSet* run_set(const std::string& name) const;
  // The config names an expectation reads: its config, or its run(s).
  std::vector<std::string> configs_of(const Expectation& e) const;
};

// A run value as it appears in a run's name: 10, 7, 0.05 (integral numbers without a point).
std::string run_value_text(double v);
// Whether `config` is the config name of one run of one of the paper's run sets.
bool is_run_config(const PaperExpectations& paper, const std::string& config);

void describe(config::Fields& f, RunAxis& a);
void describe(config::Fields& f, RunSet& r);
void describe(config::Fields& f, Condition& c);
void describe(config::Fields& f, Expectation& e);

// Reads `folder`/expect.toml; the paper's name is the folder's last component. Bad input throws
// InputError naming file:line:column and key.
PaperExpectations load_expectations(const std::string& folder);
PaperExpectations parse_expectations(const std::string& text, const std::string& file,
                                     const std::string& paper, const std::string& folder);

}  // namespace adm::pipelines
