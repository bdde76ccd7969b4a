#include <cmath>

#include "core/error.hpp"
#include "data/dataset.hpp"
#include "learn/classifier.hpp"

namespace adm::learn {

FeatureMatrix make_matrix(const data::Dataset& data, const std::vector<std::string>& names,
                          const std::vector<std::size_t>& rows) {
  FeatureMatrix m;
  m.rows = rows.size();
  m.cols = names.size();
  m.names = names;
  m.values.resize(m.rows * m.cols);
  for (std::size_t c = 0; c < m.cols; ++c) {
    const auto& column = data.column(names[c]);
    const bool cat = column.is_categorical();
    m.categorical.push_back(cat ? 1 : 0);
    m.levels.push_back(cat ? static_cast<std::uint32_t>(column.level_count()) : 0);
    for (std::size_t r = 0; r < m.rows; ++r) {
      const std::size_t row = rows[r];
      if (row >= data.rows()) throw InternalError("make_matrix: row index out of range");
      float v = std::nanf("");
      if (!column.is_missing(row))
        v = cat ? static_cast<float>(column.codes()[row])
                : static_cast<float>(column.values()[row]);
      m.values[r * m.cols + c] = v;
    }
  }
  return m;
}

LevelLabels level_labels(const data::Dataset& data, const std::vector<std::string>& names) {
  LevelLabels out;
  for (const auto& name : names) {
    const auto& column = data.column(name);
    out.push_back(column.is_categorical() ? column.levels() : std::vector<std::string>{});
  }
  return out;
}

FeatureMatrix make_matrix(const data::Dataset& data, const std::vector<std::string>& names) {
  std::vector<std::size_t> rows(data.rows());
  for (std::size_t r = 0; r < rows.size(); ++r) rows[r] = r;
  return make_matrix(data, names, rows);
}

}  // namespace adm::learn
