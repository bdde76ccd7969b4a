#include "learn/design_matrix.hpp"

#include <cmath>

#include "core/error.hpp"

namespace adm::learn {

namespace {

std::string level_name(const LevelLabels& labels, std::size_t col, std::size_t level) {
  if (col < labels.size() && level < labels[col].size()) return labels[col][level];
  return std::to_string(level);
}

}  // namespace

DesignMatrix make_design(const FeatureMatrix& x, std::span<const std::size_t> terms, bool intercept,
                         const LevelLabels& labels) {
  DesignMatrix d;
  d.rows = x.rows;
  d.intercept = intercept;
  d.terms.assign(terms.begin(), terms.end());
  if (intercept) {
    d.names.push_back("(Intercept)");
    d.term.push_back(-1);
  }
  std::vector<std::uint8_t> seen(x.cols, 0);
  for (std::size_t t = 0; t < terms.size(); ++t) {
    const std::size_t c = terms[t];
    if (c >= x.cols) throw InternalError("make_design: term index out of range");
    if (seen[c]) throw InternalError("make_design: term '" + x.names[c] + "' repeated");
    seen[c] = 1;
    if (x.categorical[c]) {
      for (std::size_t l = 1; l < x.levels[c]; ++l) {
        d.names.push_back(x.names[c] + level_name(labels, c, l));
        d.term.push_back(static_cast<int>(t));
      }
    } else {
      d.names.push_back(x.names[c]);
      d.term.push_back(static_cast<int>(t));
    }
  }
  d.cols = d.names.size();
  d.values.assign(d.rows * d.cols, 0.0);
  if (intercept)
    for (std::size_t r = 0; r < d.rows; ++r) d.values[r] = 1.0;

  std::size_t out = intercept ? 1 : 0;
  for (std::size_t c : terms) {
    const bool cat = x.categorical[c] != 0;
    const std::size_t width = cat ? (x.levels[c] > 0 ? x.levels[c] - 1 : 0) : 1;
    for (std::size_t r = 0; r < d.rows; ++r) {
      const float v = x.at(r, c);
      if (std::isnan(v))
        throw InputError("linear model: missing value in column '" + x.names[c] + "' at row " +
                         std::to_string(r + 1) + " (drop or impute incomplete rows first)");
      if (!cat) {
        d.values[out * d.rows + r] = v;
        continue;
      }
      const double code = v;
      if (code < 0 || code >= x.levels[c] || code != std::floor(code))
        throw InputError("linear model: column '" + x.names[c] + "' has code " +
                         std::to_string(code) + " at row " + std::to_string(r + 1) +
                         " outside its " + std::to_string(x.levels[c]) + " levels");
      const auto level = static_cast<std::size_t>(code);
      if (level > 0) d.values[(out + level - 1) * d.rows + r] = 1.0;
    }
    out += width;
  }
  return d;
}

DesignMatrix make_design(const FeatureMatrix& x, bool intercept, const LevelLabels& labels) {
  const auto terms = all_terms(x);
  return make_design(x, terms, intercept, labels);
}

DesignMatrix select_rows(const DesignMatrix& x, std::span<const std::size_t> rows) {
  DesignMatrix d = x;
  d.rows = rows.size();
  d.values.resize(d.rows * d.cols);
  for (std::size_t c = 0; c < d.cols; ++c)
    for (std::size_t r = 0; r < d.rows; ++r) {
      if (rows[r] >= x.rows) throw InternalError("select_rows: row index out of range");
      d.values[c * d.rows + r] = x.at(rows[r], c);
    }
  return d;
}

std::vector<std::size_t> all_terms(const FeatureMatrix& x) {
  std::vector<std::size_t> t(x.cols);
  for (std::size_t c = 0; c < x.cols; ++c) t[c] = c;
  return t;
}

}  // namespace adm::learn
