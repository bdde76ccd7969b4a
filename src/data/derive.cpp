#include "data/derive.hpp"

#include <cmath>
#include <functional>
#include <set>

#include "data/spec_error.hpp"

namespace adm::data {
namespace {

const Column& numeric_source(const Dataset& data, const DerivedColumn& spec, const char* why) {
  const std::string& src = data.source();
  if (!data.has(spec.column))
    throw_spec(src, spec.key + ".column", unknown_column(data, spec.column));
  const Column& in = data.column(spec.column);
  if (!in.is_numeric())
    throw_spec(src, spec.key + ".column",
               "column '" + spec.column + "' is categorical; " + why + " (declare it numeric in " +
                   "data.types if its levels are numbers)");
  return in;
}

Column threshold_column(const Dataset& data, const DerivedColumn& spec) {
  const std::string& src = data.source();
  const Column& in = numeric_source(data, spec, "a threshold needs a numeric column");
  const double t = spec.threshold.value_or(0.0);
  if (!spec.threshold || !std::isfinite(t))
    throw_spec(src, spec.key + ".threshold", "the threshold must be a finite number");
  std::function<bool(double)> holds;
  const std::string op = spec.op.empty() ? ">=" : spec.op;
  if (op == ">=")
    holds = [t](double v) { return v >= t; };
  else if (op == ">")
    holds = [t](double v) { return v > t; };
  else if (op == "<=")
    holds = [t](double v) { return v <= t; };
  else if (op == "<")
    holds = [t](double v) { return v < t; };
  else if (op == "==")
    holds = [t](double v) { return v == t; };
  else
    throw_spec(src, spec.key + ".op", "unknown operator '" + op + "' (use >=, >, <=, < or ==)");
  const auto& values = in.values();
  std::vector<std::int32_t> codes(values.size(), Column::kMissingCode);
  for (std::size_t r = 0; r < values.size(); ++r)
    if (!in.is_missing(r)) codes[r] = holds(values[r]) ? 1 : 0;
  return Column::categorical(spec.name, std::move(codes), {"0", "1"}, to_vector(in.missing()));
}

// Right-closed intervals, as R's cut(x, c(-Inf, breaks, Inf)): value v gets the first label whose
// upper break is >= v.
Column bins_column(const Dataset& data, const DerivedColumn& spec) {
  const std::string& src = data.source();
  const Column& in = numeric_source(data, spec, "bins cut a numeric column");
  if (spec.breaks.empty()) throw_spec(src, spec.key + ".breaks", "bins need at least one break");
  for (std::size_t i = 0; i < spec.breaks.size(); ++i) {
    if (!std::isfinite(spec.breaks[i]))
      throw_spec(src, spec.key + ".breaks", "breaks must be finite numbers");
    if (i > 0 && !(spec.breaks[i] > spec.breaks[i - 1]))
      throw_spec(src, spec.key + ".breaks", "breaks must be strictly increasing");
  }
  if (spec.labels.size() != spec.breaks.size() + 1)
    throw_spec(src, spec.key + ".labels",
               std::to_string(spec.breaks.size()) + " breaks make " +
                   std::to_string(spec.breaks.size() + 1) + " bins, but " +
                   std::to_string(spec.labels.size()) + " labels are given");
  if (std::set<std::string>(spec.labels.begin(), spec.labels.end()).size() != spec.labels.size())
    throw_spec(src, spec.key + ".labels", "labels must be distinct");
  const auto& values = in.values();
  std::vector<std::int32_t> codes(values.size(), Column::kMissingCode);
  for (std::size_t r = 0; r < values.size(); ++r) {
    if (in.is_missing(r)) continue;
    std::size_t b = 0;
    while (b < spec.breaks.size() && values[r] > spec.breaks[b]) ++b;
    codes[r] = static_cast<std::int32_t>(b);
  }
  return Column::categorical(spec.name, std::move(codes), spec.labels, to_vector(in.missing()));
}

// Days since 1970-01-01 of "YYYY-MM-DD[ HH:MM[:SS]]" (civil-from-days, Howard Hinnant), or NaN if
// the text is not such a date.
double days_since_epoch(const std::string& text) {
  auto digits = [&](std::size_t at, std::size_t n, int& out) {
    if (at + n > text.size()) return false;
    out = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (text[i] < '0' || text[i] > '9') return false;
      out = out * 10 + (text[i] - '0');
    }
    return true;
  };
  int y = 0, m = 0, d = 0, hh = 0, mm = 0, ss = 0;
  const double bad = std::nan("");
  if (!digits(0, 4, y) || text.size() < 10 || text[4] != '-' || !digits(5, 2, m) ||
      text[7] != '-' || !digits(8, 2, d))
    return bad;
  if (text.size() > 10) {
    const bool hm = text.size() >= 16 && text[10] == ' ' && digits(11, 2, hh) && text[13] == ':' &&
                    digits(14, 2, mm);
    const bool sec = text.size() == 19 && text[16] == ':' && digits(17, 2, ss);
    if (!hm || (text.size() != 16 && !sec)) return bad;
  }
  static constexpr int kMonthDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (m < 1 || m > 12 || d < 1 || d > kMonthDays[m - 1] || hh > 23 || mm > 59 || ss > 59)
    return bad;
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (m == 2 && d == 29 && !leap) return bad;
  const int yy = m <= 2 ? y - 1 : y;
  const int era = yy / 400, yoe = yy - era * 400;
  const int doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097.0 + doe - 719468.0 + (hh * 3600.0 + mm * 60.0 + ss) / 86400.0;
}

// Each endpoint column's cell texts as days; missing stays missing, any other text is an error at
// its file line.
std::vector<double> column_days(const Dataset& data, const DerivedColumn& spec,
                                const std::string& name, const char* key) {
  const std::string& src = data.source();
  if (!data.has(name)) throw_spec(src, spec.key + "." + key, unknown_column(data, name));
  const Column& col = data.column(name);
  if (!col.is_categorical())
    throw_spec(src, spec.key + "." + key,
               "column '" + name + "' is numeric; days_between reads date texts (YYYY-MM-DD)");
  std::vector<double> level_days;
  for (const auto& level : col.levels()) level_days.push_back(days_since_epoch(level));
  std::vector<double> out(col.size(), std::nan(""));
  for (std::size_t r = 0; r < col.size(); ++r) {
    if (col.is_missing(r)) continue;
    out[r] = level_days[static_cast<std::size_t>(col.codes()[r])];
    if (std::isnan(out[r]))
      throw_input(src, data.source_line(r), 0,
                  "config key '" + spec.key + "." + key + "': '" + col.cell_text(r) +
                      "' in column '" + name +
                      "' is not a date (YYYY-MM-DD, optionally with HH:MM or HH:MM:SS)");
  }
  return out;
}

Column days_between_column(const Dataset& data, const DerivedColumn& spec) {
  const auto from = column_days(data, spec, spec.from, "from");
  const auto to = column_days(data, spec, spec.to, "to");
  std::vector<double> days(from.size(), std::nan(""));
  std::vector<std::uint8_t> missing(from.size(), 1);
  for (std::size_t r = 0; r < from.size(); ++r) {
    if (std::isnan(from[r]) || std::isnan(to[r])) continue;
    days[r] = to[r] - from[r];
    missing[r] = 0;
  }
  return Column::numeric(spec.name, std::move(days), std::move(missing));
}

}  // namespace

void add_derived(Dataset& data, const DerivedColumn& spec) {
  const std::string& src = data.source();
  if (spec.name.empty()) throw_spec(src, spec.key + ".name", "a derived column needs a name");
  if (data.has(spec.name))
    throw_spec(src, spec.key + ".name", "column '" + spec.name + "' already exists");
  switch (spec.kind) {
    case DeriveKind::Threshold:
      return data.add(threshold_column(data, spec));
    case DeriveKind::Bins:
      return data.add(bins_column(data, spec));
    case DeriveKind::DaysBetween:
      return data.add(days_between_column(data, spec));
  }
}

}  // namespace adm::data
