#include "reproduce/figure_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "report/pattern_text.hpp"

namespace adm::pipelines {
namespace {

std::size_t checked(std::size_t i, std::size_t n, const std::string& path) {
  if (i >= n)
    throw Missing("element " + std::to_string(i) + " of " + path + " (" + std::to_string(n) +
                  " elements)");
  return i;
}

// The element of `labels_path` that is `label`.
std::size_t index_of(const io::ResultReader& r, const std::string& labels_path,
                     const std::string& label) {
  const auto labels = r.strings(labels_path);
  const auto it = std::find(labels.begin(), labels.end(), label);
  if (it == labels.end()) throw Missing("no '" + label + "' in " + labels_path);
  return static_cast<std::size_t>(it - labels.begin());
}

// Where a pattern list stored as its key matrix would keep its texts (/patterns/mine/key ->
// /patterns/mine/pattern), or "" (report/pattern_text.hpp renders them).
std::string pattern_keys_of(const io::ResultReader& r, const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos || path.substr(slash + 1) != "pattern" || r.has(path)) return "";
  const std::string keys = path.substr(0, slash) + "/key";
  return r.has(keys) && r.has("/patterns/model/variable") ? keys : "";
}

// A dataset's texts, stored or rendered from a key matrix.
std::vector<std::string> stored_strings(const io::ResultReader& r, const std::string& path) {
  const std::string keys = pattern_keys_of(r, path);
  if (keys.empty()) return r.strings(path);
  const auto dims = r.dims(keys);
  return report::pattern_texts(r.integers(keys), dims.size() == 2 ? dims[1] : 1,
                               r.strings("/patterns/model/variable"),
                               r.strings("/patterns/model/value"));
}

const char* symbol(const std::string& compare) {
  return compare == "at_least" ? ">=" : compare == "at_most" ? "<=" : compare == "less" ? "<" : ">";
}

// normalise = "max": each element over the largest, negatives as 0; all 0 when none is positive
// (the InfoGram's scaling of its axes, written here from its definition, not taken from it).
std::vector<double> normalised(std::vector<double> v, const std::string& normalise) {
  if (normalise.empty()) return v;
  double top = 0;
  for (const double x : v) top = std::max(top, x);
  for (auto& x : v) x = top > 0 ? std::max(x, 0.0) / top : 0.0;
  return v;
}

std::vector<double> numbers(const io::ResultReader& r, const std::string& path) {
  if (!r.has(path)) throw Missing("no dataset " + path);
  if (r.is_text(path)) throw Missing(path + " holds texts, not numbers");
  return r.doubles(path);
}

// select: which of the n elements of ours' path meet every condition.
std::vector<bool> selection(const io::ResultReader& r, const Expectation& e, std::size_t n) {
  std::vector<bool> keep(n, true);
  for (const auto& c : e.select) {
    const auto v = normalised(numbers(r, c.path), c.normalise);
    if (v.size() != n)
      throw Missing(c.path + " has " + std::to_string(v.size()) + " elements, " + e.path + " " +
                    std::to_string(n));
    for (std::size_t i = 0; i < n; ++i) keep[i] = keep[i] && compares(c.compare, v[i], *c.value);
  }
  return keep;
}

template <class T>
std::vector<T> kept(const std::vector<T>& v, const std::vector<bool>& keep) {
  std::vector<T> out;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (keep[i]) out.push_back(v[i]);
  return out;
}

// Ours' dataset as numbers: normalised, selected, then more_paths' elements after them.
std::vector<double> ours_values(const io::ResultReader& r, const Expectation& e) {
  auto v = normalised(numbers(r, e.path), e.normalise);
  if (!e.select.empty()) v = kept(v, selection(r, e, v.size()));
  for (const auto& more : e.more_paths) {
    const auto w = numbers(r, more);
    v.insert(v.end(), w.begin(), w.end());
  }
  return v;
}

// reduce = "size": how many elements (numbers or texts) path (selected) and more_paths have.
std::size_t size_of(const io::ResultReader& r, const Expectation& e) {
  const auto count = [&](const std::string& path) {
    if (!r.has(path)) throw Missing("no dataset " + path);
    return r.is_text(path) ? r.strings(path).size() : r.doubles(path).size();
  };
  std::size_t n = count(e.path);
  if (!e.select.empty()) {
    const auto keep = selection(r, e, n);
    n = static_cast<std::size_t>(std::count(keep.begin(), keep.end(), true));
  }
  for (const auto& more : e.more_paths) n += count(more);
  return n;
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
    throw Missing(e.where_path.empty() ? "no candidate in " + e.among
                                       : "no candidate with " + e.where_path +
                                             " <= " + number_text(*e.where_at_most));
  return best;
}

}  // namespace

bool compares(const std::string& compare, double a, double b) {
  return compare == "at_least"  ? a >= b
         : compare == "at_most" ? a <= b
         : compare == "less"    ? a < b
         : compare == "greater" ? a > b
                                : false;
}

double ours_number(const io::ResultReader& r, const Expectation& e) {
  if (e.reduce == "size") return e.scale * static_cast<double>(size_of(r, e));
  const auto v = ours_values(r, e);
  double x = 0;
  if (!e.reduce.empty()) {
    if (v.empty()) throw Missing(ours_path_text(e) + " is empty");
    x = e.reduce == "max"   ? *std::max_element(v.begin(), v.end())
        : e.reduce == "min" ? *std::min_element(v.begin(), v.end())
                            : [&] {
                                double s = 0;
                                for (double d : v) s += d;
                                return s;
                              }();
  } else if (!e.key.empty()) {
    x = v.at(checked(index_of(r, e.key_path, e.key), v.size(), e.path));
  } else if (!e.pick_min.empty()) {
    x = v[picked(r, e, v.size())];
  } else if (e.index >= 0) {
    x = v[checked(static_cast<std::size_t>(e.index), v.size(), e.path)];
  } else {
    if (v.size() != 1)
      throw Missing(ours_path_text(e) + " has " + std::to_string(v.size()) +
                    " elements: give index or key");
    x = v[0];
  }
  if (e.absolute) x = std::fabs(x);
  return x * e.scale;
}

bool has_dataset(const io::ResultReader& r, const std::string& path) {
  return r.has(path) || !pattern_keys_of(r, path).empty();
}

bool is_text_dataset(const io::ResultReader& r, const std::string& path) {
  return !pattern_keys_of(r, path).empty() || r.is_text(path);
}

std::vector<std::string> ours_strings(const io::ResultReader& r, const Expectation& e) {
  if (e.reduce == "descending" || e.reduce == "ascending") {
    const auto values = ours_values(r, e);
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
    const auto values = ours_values(r, e);
    const auto labels = r.strings(e.key_path);
    if (values.empty() || labels.size() != values.size())
      throw Missing(e.key_path + " does not label " + e.path);
    return {labels[std::max_element(values.begin(), values.end()) - values.begin()]};
  }
  auto v = stored_strings(r, e.path);
  if (!e.select.empty()) return kept(v, selection(r, e, v.size()));
  if (!e.key.empty()) return {v.at(checked(index_of(r, e.key_path, e.key), v.size(), e.path))};
  if (e.index >= 0) return {v[checked(static_cast<std::size_t>(e.index), v.size(), e.path)]};
  return v;
}

double published_number(const io::ResultReader& r, const Expectation& e) {
  if (e.value_path.empty()) return e.value.value_or(std::numeric_limits<double>::quiet_NaN());
  const auto v = numbers(r, e.value_path);
  std::size_t i = 0;
  if (!e.value_key.empty())
    i = checked(index_of(r, e.value_key_path, e.value_key), v.size(), e.value_path);
  else if (e.value_index >= 0)
    i = checked(static_cast<std::size_t>(e.value_index), v.size(), e.value_path);
  else if (v.size() != 1)
    throw Missing(e.value_path + " has " + std::to_string(v.size()) +
                  " elements: give value_index or value_key");
  const double x = e.absolute ? std::fabs(v[i]) : v[i];
  return x * e.scale + e.value_offset;
}

std::string ours_path_text(const Expectation& e) {
  std::string out = e.path + (e.normalise.empty() ? "" : " / max");
  if (e.index >= 0) out += "[" + std::to_string(e.index) + "]";
  if (!e.key.empty()) out += "[" + e.key + "]";
  for (const auto& more : e.more_paths) out += ", " + more;
  for (std::size_t i = 0; i < e.select.size(); ++i) {
    const auto& c = e.select[i];
    out += (i ? ", " : " where ") + c.path + (c.normalise.empty() ? "" : " / max") + " " +
           symbol(c.compare) + " " + number_text(*c.value);
  }
  return out;
}

}  // namespace adm::pipelines
