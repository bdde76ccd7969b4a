#include "reproduce/checker.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "reproduce/figure_reader.hpp"

namespace adm::pipelines {
namespace {

std::string joined(const std::vector<std::string>& items, const char* open, const char* close) {
  std::string out = open;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + close;
}

bool is_text(const Expectation& e) {
  return e.compare == "equal_set" || e.compare == "subset_of" || e.compare == "ordering" ||
         e.compare == "contains" || e.compare == "excludes" ||
         (e.compare == "equal" && !e.text.empty());
}

void compare_numbers(const Expectation& e, double ours, double p, VerdictRow& row) {
  row.ours = number_text(ours);
  row.published = std::isnan(p) ? "-" : number_text(p);
  if (!e.value_path.empty()) {
    row.published += " (ours: " + std::string(e.absolute ? "|" : "") + e.value_path;
    if (e.value_index >= 0) row.published += "[" + std::to_string(e.value_index) + "]";
    if (!e.value_key.empty()) row.published += "[" + e.value_key + "]";
    if (e.absolute) row.published += "|";
    if (e.scale != 1) row.published += " x " + number_text(e.scale);
    if (e.value_offset != 0)
      row.published +=
          (e.value_offset > 0 ? " + " : " - ") + number_text(std::fabs(e.value_offset));
    row.published += ")";
  }
  const auto& c = e.compare;
  if (c == "within") {
    row.comparison = "within " + number_text(e.tolerance);
    row.holds = std::fabs(ours - p) <= e.tolerance;
  } else if (c == "equal") {
    row.comparison = "equal";
    row.holds = ours == p;
  } else if (c == "factor") {
    row.comparison = "factor " + number_text(e.tolerance);
    const double ratio = ours / p;
    row.holds = ratio > 0 && std::max(ratio, 1 / ratio) <= e.tolerance;
  } else if (c == "info") {  // shown beside the paper's, not compared (e.g. another scale)
    row.comparison = "information";
    row.compared = false;
  } else {  // at_least, at_most, less, greater
    row.comparison = c == "at_least"  ? "at least"
                     : c == "at_most" ? "at most"
                     : c == "less"    ? "less than"
                                      : "greater than";
    row.holds = compares(c, ours, p);
  }
}

void compare_texts(const Expectation& e, std::vector<std::string> ours, VerdictRow& row) {
  const auto& c = e.compare;
  if (c == "equal") {
    row.ours = ours.size() == 1 ? ours[0] : joined(ours, "[", "]");
    row.published = e.text;
    row.comparison = "equal";
    row.holds = ours.size() == 1 && ours[0] == e.text;
  } else if (c == "contains" || c == "excludes") {
    row.ours = joined(ours, "{", "}");
    row.published = e.text;
    row.comparison = c == "contains" ? "contains" : "does not contain";
    row.holds = (std::find(ours.begin(), ours.end(), e.text) != ours.end()) == (c == "contains");
  } else if (c == "equal_set" || c == "subset_of") {
    std::sort(ours.begin(), ours.end());
    auto published = e.set;
    std::sort(published.begin(), published.end());
    row.ours = joined(ours, "{", "}");
    row.published = joined(published, "{", "}");
    row.comparison = c == "equal_set" ? "equal set" : "subset of";
    row.holds = c == "equal_set"
                    ? ours == published
                    : std::includes(published.begin(), published.end(), ours.begin(), ours.end());
  } else {  // ordering: the published items appear in ours in the published order
    row.ours = joined(ours, "", "");
    row.published = joined(e.set, "", "");
    row.comparison = "same order";
    std::vector<std::string> kept;
    for (const auto& o : ours)
      if (std::find(e.set.begin(), e.set.end(), o) != e.set.end()) kept.push_back(o);
    row.holds = kept == e.set;
  }
}

const io::ResultReader& opened(ResultFiles& results, const std::string& config) {
  const io::ResultReader* r = results.open(config);
  if (!r) throw Missing("no result " + results.path_of(config));
  return *r;
}

// The comparison of one result's ours with the published side; Missing when ours is not there.
void check_result(const io::ResultReader& r, const Expectation& e, VerdictRow& row) {
  if (!has_dataset(r, e.path)) throw Missing("no dataset " + e.path);
  if (e.compare == "info" && is_text_dataset(r, e.path)) {  // information: text as it is
    const auto v = ours_strings(r, e);
    row.ours = v.size() == 1 ? v[0] : joined(v, "[", "]");
    row.published = "-";
    row.comparison = "information";
    row.compared = false;
  } else if (is_text(e) || e.reduce == "argmax") {
    compare_texts(e, ours_strings(r, e), row);
  } else {
    compare_numbers(e, ours_number(r, e), published_number(r, e), row);
  }
}

// over = mean | sd | min | max of each run's number.
double reduced_over_runs(const std::vector<double>& x, const std::string& over) {
  if (over == "min") return *std::min_element(x.begin(), x.end());
  if (over == "max") return *std::max_element(x.begin(), x.end());
  double mean = 0;
  for (double v : x) mean += v;
  mean /= static_cast<double>(x.size());
  if (over == "mean") return mean;
  if (x.size() < 2) throw Missing("sd over one run");
  double ss = 0;
  for (double v : x) ss += (v - mean) * (v - mean);
  return std::sqrt(ss / static_cast<double>(x.size() - 1));
}

// A figure over a run set: each run's ours reduced (mean, sd, min, max), or the fraction of runs
// in which the comparison holds.
void check_runs(const std::vector<std::string>& configs, ResultFiles& results, const Expectation& e,
                VerdictRow& row) {
  if (e.over != "fraction") {
    std::vector<double> x;
    for (const auto& config : configs) {
      const auto& r = opened(results, config);
      if (!r.has(e.path)) throw Missing("no dataset " + e.path + " in " + results.path_of(config));
      x.push_back(ours_number(r, e));
    }
    compare_numbers(e, reduced_over_runs(x, e.over),
                    published_number(opened(results, configs[0]), e), row);
    row.comparison = e.over + " of " + std::to_string(x.size()) + " runs " + row.comparison;
    return;
  }
  std::size_t holds = 0;
  for (const auto& config : configs) {
    VerdictRow one;
    check_result(opened(results, config), e, one);
    holds += one.holds ? 1 : 0;
    row.published = one.published;
    row.comparison = one.comparison;
  }
  const double fraction = static_cast<double>(holds) / static_cast<double>(configs.size());
  row.ours = std::to_string(holds) + "/" + std::to_string(configs.size()) + " runs";
  row.comparison += " in >= " + number_text(*e.holds_at_least) + " of runs";
  row.holds = fraction >= *e.holds_at_least;
}

// Where ours is: one result, or a run set's as <out>/<name>_{from..to}.h5.
std::string result_of(const PaperExpectations& paper, const Expectation& e,
                      const ResultFiles& results) {
  const auto configs = paper.configs_of(e);
  if (e.over.empty() || configs.empty())
    return results.path_of(configs.empty() ? e.runs : configs[0]);
  const RunSet& set = *paper.run_set(e.runs);
  if (!set.grid.empty()) return results.path_of(set.name + "_*.toml");  // every combination
  return results.path_of(set.name + "_{" + std::to_string(set.from) + ".." +
                         std::to_string(set.to) + "}.toml");
}

}  // namespace

std::string ResultFiles::path_of(const std::string& config) const {
  return (std::filesystem::path(folder_) / std::filesystem::path(config).stem()).string() + ".h5";
}

const io::ResultReader* ResultFiles::open(const std::string& config) {
  auto& slot = open_[config];
  if (!slot) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path_of(config), ec)) return nullptr;
    slot = std::make_unique<io::ResultReader>(path_of(config));
  }
  return slot.get();
}

VerdictTable check_paper(const PaperExpectations& paper, ResultFiles& results) {
  VerdictTable table;
  for (const auto& e : paper.expectations) {
    VerdictRow row;
    row.paper = paper.paper;
    row.figure = e.figure;
    row.result = result_of(paper, e, results);
    row.path = ours_path_text(e);
    row.explanation = e.explanation;
    try {
      const auto configs = paper.configs_of(e);
      if (configs.empty()) throw Missing("no run set " + e.runs);
      if (e.over.empty())
        check_result(opened(results, configs[0]), e, row);
      else
        check_runs(configs, results, e, row);
    } catch (const std::exception& error) {  // ours could not be read: the figure is not shown
      row.ours = std::string("(") + error.what() + ")";
      if (row.published.empty())
        row.published = e.value                 ? number_text(*e.value)
                        : !e.text.empty()       ? e.text
                        : !e.set.empty()        ? joined(e.set, "{", "}")
                        : !e.value_path.empty() ? "(ours: " + e.value_path + ")"
                                                : "-";
      if (row.comparison.empty()) row.comparison = e.compare;
      row.holds = false;
      row.compared = true;      // a figure we could not read is a failure, never "not compared"
      row.explanation.clear();  // an explanation is of a difference, not of a missing value
    }
    table.push_back(std::move(row));
  }
  return table;
}

std::size_t unexplained_failures(const VerdictTable& table) {
  return count_verdicts(table).unexplained;
}

}  // namespace adm::pipelines
