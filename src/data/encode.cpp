#include "data/encode.hpp"

#include "core/error.hpp"
#include "data/number_text.hpp"

namespace adm::data {
namespace {

Column indicator(const std::string& name, std::vector<std::int32_t> codes,
                 const std::vector<std::uint8_t>& missing) {
  return Column::categorical(name, std::move(codes), {"0", "1"}, missing);
}

}  // namespace

std::vector<Column> one_hot(const Column& column, bool drop_first) {
  if (!column.is_categorical())
    throw InputError("cannot one-hot encode column '" + column.name() + "': it is numeric");
  const auto& codes = column.codes();
  std::vector<Column> out;
  for (std::size_t l = drop_first ? 1 : 0; l < column.level_count(); ++l) {
    std::vector<std::int32_t> bits(codes.size(), Column::kMissingCode);
    for (std::size_t r = 0; r < codes.size(); ++r)
      if (!column.is_missing(r)) bits[r] = codes[r] == static_cast<std::int32_t>(l) ? 1 : 0;
    out.push_back(indicator(column.name() + "=" + column.levels()[l], std::move(bits),
                            to_vector(column.missing())));
  }
  return out;
}

std::vector<Column> binarize(const Column& column, const std::vector<double>& thresholds) {
  if (!column.is_numeric())
    throw InputError("cannot binarize column '" + column.name() + "': it is categorical");
  const auto& values = column.values();
  std::vector<Column> out;
  for (double t : thresholds) {
    std::vector<std::int32_t> bits(values.size(), Column::kMissingCode);
    for (std::size_t r = 0; r < values.size(); ++r)
      if (!column.is_missing(r)) bits[r] = values[r] >= t ? 1 : 0;
    out.push_back(indicator(column.name() + ">=" + format_number(t), std::move(bits),
                            to_vector(column.missing())));
  }
  return out;
}

Dataset one_hot_features(const Dataset& data, bool drop_first) {
  const Roles& roles = data.roles();
  std::vector<std::uint8_t> encode(data.cols(), 0);
  for (std::size_t i = 0; i < data.cols(); ++i) {
    const Column& col = data.column(i);
    for (const auto& f : roles.features)
      if (f == col.name() && col.is_categorical()) encode[i] = 1;
  }
  Dataset out(data.source());
  Roles new_roles = roles;
  new_roles.features.clear();
  std::vector<std::vector<std::string>> expanded(data.cols());
  for (std::size_t i = 0; i < data.cols(); ++i) {
    const Column& col = data.column(i);
    if (!encode[i]) {
      if (out.has(col.name()))
        throw InputError(data.source() + ": one-hot column '" + col.name() + "' already exists");
      out.add(col);
      expanded[i] = {col.name()};
      continue;
    }
    for (Column& bit : one_hot(col, drop_first)) {
      if (out.has(bit.name()) || data.has(bit.name()))
        throw InputError(data.source() + ": one-hot column '" + bit.name() + "' already exists");
      expanded[i].push_back(bit.name());
      out.add(std::move(bit));
    }
  }
  // Features keep the order the roles gave them, each categorical one expanded where it stood.
  for (const auto& f : roles.features)
    for (std::size_t i = 0; i < data.cols(); ++i)
      if (data.column(i).name() == f)
        new_roles.features.insert(new_roles.features.end(), expanded[i].begin(), expanded[i].end());
  out.roles() = std::move(new_roles);
  return out;
}

}  // namespace adm::data
