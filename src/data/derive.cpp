#include "data/derive.hpp"

#include <cmath>
#include <functional>

#include "data/spec_error.hpp"

namespace adm::data {

void add_derived(Dataset& data, const DerivedColumn& spec) {
  const std::string& src = data.source();
  if (spec.name.empty()) throw_spec(src, spec.key + ".name", "a derived column needs a name");
  if (data.has(spec.name))
    throw_spec(src, spec.key + ".name", "column '" + spec.name + "' already exists");
  if (!data.has(spec.column))
    throw_spec(src, spec.key + ".column", unknown_column(data, spec.column));
  const Column& in = data.column(spec.column);
  if (!in.is_numeric())
    throw_spec(src, spec.key + ".column",
               "column '" + spec.column +
                   "' is categorical; a derived column compares a numeric "
                   "column with a threshold");
  if (!std::isfinite(spec.threshold))
    throw_spec(src, spec.key + ".threshold", "the threshold must be a finite number");
  std::function<bool(double)> holds;
  const double t = spec.threshold;
  if (spec.op == ">=")
    holds = [t](double v) { return v >= t; };
  else if (spec.op == ">")
    holds = [t](double v) { return v > t; };
  else if (spec.op == "<=")
    holds = [t](double v) { return v <= t; };
  else if (spec.op == "<")
    holds = [t](double v) { return v < t; };
  else if (spec.op == "==")
    holds = [t](double v) { return v == t; };
  else
    throw_spec(src, spec.key + ".op",
               "unknown operator '" + spec.op + "' (use >=, >, <=, < or ==)");

  const auto& values = in.values();
  std::vector<std::int32_t> codes(values.size(), Column::kMissingCode);
  for (std::size_t r = 0; r < values.size(); ++r)
    if (!in.is_missing(r)) codes[r] = holds(values[r]) ? 1 : 0;
  data.add(Column::categorical(spec.name, std::move(codes), {"0", "1"}, in.missing()));
}

}  // namespace adm::data
