#include "pipelines/checker.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <stdexcept>

namespace adm::pipelines {
namespace {

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string joined(const std::vector<std::string>& items, const char* open, const char* close) {
  std::string out = open;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + close;
}

// A failed lookup of ours: the row shows why and does not hold.
struct Missing : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::size_t index_of_key(const io::ResultReader& r, const Expectation& e) {
  const auto labels = r.strings(e.key_path);
  const auto it = std::find(labels.begin(), labels.end(), e.key);
  if (it == labels.end()) throw Missing("no '" + e.key + "' in " + e.key_path);
  return static_cast<std::size_t>(it - labels.begin());
}

std::size_t checked(std::size_t i, std::size_t n, const std::string& path) {
  if (i >= n)
    throw Missing("element " + std::to_string(i) + " of " + path + " (" + std::to_string(n) +
                  " elements)");
  return i;
}

// The candidate of least pick_min among `among` (or all) with where_path[i] <= where_at_most.
std::size_t picked(const io::ResultReader& r, const Expectation& e, std::size_t n) {
  std::vector<std::size_t> candidates;
  if (e.among.empty()) {
    for (std::size_t i = 0; i < n; ++i) candidates.push_back(i);
  } else {
    for (const auto i : r.integers(e.among)) {
      if (i < 0) throw Missing("negative index " + std::to_string(i) + " in " + e.among);
      candidates.push_back(checked(static_cast<std::size_t>(i), n, e.path));
    }
  }
  const auto key = r.doubles(e.pick_min);
  const auto where = e.where_path.empty() ? std::vector<double>{} : r.doubles(e.where_path);
  std::size_t best = n;
  for (const auto i : candidates) {
    if (!e.where_path.empty() &&
        !(where.at(checked(i, where.size(), e.where_path)) <= *e.where_at_most))
      continue;
    if (best == n || key.at(checked(i, key.size(), e.pick_min)) < key[best]) best = i;
  }
  if (best == n)
    throw Missing(e.where_path.empty()
                      ? "no candidate in " + e.among
                      : "no candidate with " + e.where_path + " <= " + number(*e.where_at_most));
  return best;
}

double ours_number(const io::ResultReader& r, const Expectation& e) {
  if (e.reduce == "size")  // of numbers or of texts
    return e.scale * static_cast<double>(r.is_text(e.path) ? r.strings(e.path).size()
                                                           : r.doubles(e.path).size());
  const auto v = r.doubles(e.path);
  double x = 0;
  if (!e.reduce.empty()) {
    if (v.empty()) throw Missing(e.path + " is empty");
    x = e.reduce == "max"   ? *std::max_element(v.begin(), v.end())
        : e.reduce == "min" ? *std::min_element(v.begin(), v.end())
                            : [&] {
                                double s = 0;
                                for (double d : v) s += d;
                                return s;
                              }();
  } else if (!e.key.empty()) {
    x = v.at(checked(index_of_key(r, e), v.size(), e.path));
  } else if (!e.pick_min.empty()) {
    x = v[picked(r, e, v.size())];
  } else if (e.index >= 0) {
    x = v[checked(static_cast<std::size_t>(e.index), v.size(), e.path)];
  } else {
    if (v.size() != 1)
      throw Missing(e.path + " has " + std::to_string(v.size()) + " elements: give index or key");
    x = v[0];
  }
  if (e.absolute) x = std::fabs(x);
  return x * e.scale;
}

std::vector<std::string> ours_strings(const io::ResultReader& r, const Expectation& e) {
  if (e.reduce == "descending" || e.reduce == "ascending") {
    const auto values = r.doubles(e.path);
    const auto labels = r.strings(e.key_path);
    if (labels.size() != values.size()) throw Missing(e.key_path + " does not label " + e.path);
    std::vector<std::size_t> order(values.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return e.reduce == "descending" ? values[a] > values[b] : values[a] < values[b];
    });
    if (e.top > 0 && order.size() > static_cast<std::size_t>(e.top)) order.resize(e.top);
    std::vector<std::string> out;
    for (const auto i : order) out.push_back(labels[i]);
    return out;
  }
  if (e.reduce == "argmax") {
    const auto values = r.doubles(e.path);
    const auto labels = r.strings(e.key_path);
    if (values.empty() || labels.size() != values.size())
      throw Missing(e.key_path + " does not label " + e.path);
    return {labels[std::max_element(values.begin(), values.end()) - values.begin()]};
  }
  auto v = r.strings(e.path);
  if (!e.key.empty()) return {v.at(checked(index_of_key(r, e), v.size(), e.path))};
  if (e.index >= 0) return {v[checked(static_cast<std::size_t>(e.index), v.size(), e.path)]};
  return v;
}

bool is_text(const Expectation& e) {
  return e.compare == "equal_set" || e.compare == "subset_of" || e.compare == "ordering" ||
         e.compare == "contains" || e.compare == "excludes" ||
         (e.compare == "equal" && !e.text.empty());
}

// The published number, or (value_path) another of ours.
double published_number(const io::ResultReader& r, const Expectation& e) {
  if (e.value_path.empty()) return e.value.value_or(std::numeric_limits<double>::quiet_NaN());
  if (!r.has(e.value_path)) throw Missing("no dataset " + e.value_path);
  const auto v = r.doubles(e.value_path);
  if (e.value_index < 0 && v.size() != 1)
    throw Missing(e.value_path + " has " + std::to_string(v.size()) +
                  " elements: give value_index");
  return v[e.value_index < 0
               ? 0
               : checked(static_cast<std::size_t>(e.value_index), v.size(), e.value_path)];
}

void compare_numbers(const Expectation& e, double ours, double p, VerdictRow& row) {
  row.ours = number(ours);
  row.published = std::isnan(p) ? "-" : number(p);
  if (!e.value_path.empty()) {
    row.published += " (ours: " + e.value_path;
    if (e.value_index >= 0) row.published += "[" + std::to_string(e.value_index) + "]";
    row.published += ")";
  }
  const auto& c = e.compare;
  if (c == "within") {
    row.comparison = "within " + number(e.tolerance);
    row.holds = std::fabs(ours - p) <= e.tolerance;
  } else if (c == "equal") {
    row.comparison = "equal";
    row.holds = ours == p;
  } else if (c == "at_least") {
    row.comparison = "at least";
    row.holds = ours >= p;
  } else if (c == "at_most") {
    row.comparison = "at most";
    row.holds = ours <= p;
  } else if (c == "less") {
    row.comparison = "less than";
    row.holds = ours < p;
  } else if (c == "greater") {
    row.comparison = "greater than";
    row.holds = ours > p;
  } else if (c == "factor") {
    row.comparison = "factor " + number(e.tolerance);
    const double ratio = ours / p;
    row.holds = ratio > 0 && std::max(ratio, 1 / ratio) <= e.tolerance;
  } else {  // info
    row.comparison = "information";
    row.holds = true;
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
  if (!r.has(e.path)) throw Missing("no dataset " + e.path);
  if (e.compare == "info" && r.is_text(e.path)) {  // information: text as it is
    const auto v = ours_strings(r, e);
    row.ours = v.size() == 1 ? v[0] : joined(v, "[", "]");
    row.published = "-";
    row.comparison = "information";
    row.holds = true;
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
  row.comparison += " in >= " + number(*e.holds_at_least) + " of runs";
  row.holds = fraction >= *e.holds_at_least;
}

// Where ours is: one result, or a run set's as <out>/<name>_{from..to}.h5.
std::string result_of(const PaperExpectations& paper, const Expectation& e,
                      const ResultFiles& results) {
  const auto configs = paper.configs_of(e);
  if (e.over.empty() || configs.empty())
    return results.path_of(configs.empty() ? e.runs : configs[0]);
  const RunSet& set = *paper.run_set(e.runs);
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
    row.path = e.path + (e.index >= 0 ? "[" + std::to_string(e.index) + "]" : "") +
               (e.key.empty() ? "" : "[" + e.key + "]");
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
        row.published = e.value           ? number(*e.value)
                        : !e.text.empty() ? e.text
                                          : joined(e.set, "{", "}");
      if (row.comparison.empty()) row.comparison = e.compare;
      row.holds = false;
      row.explanation.clear();  // an explanation is of a difference, not of a missing value
    }
    table.push_back(std::move(row));
  }
  return table;
}

std::size_t unexplained_failures(const VerdictTable& table) {
  return static_cast<std::size_t>(std::count_if(
      table.begin(), table.end(), [](const auto& r) { return !r.holds && r.explanation.empty(); }));
}

}  // namespace adm::pipelines
