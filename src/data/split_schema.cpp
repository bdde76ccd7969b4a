#include "data/split_schema.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "data/number_text.hpp"

namespace adm::data {

TypeScan::TypeScan(const std::vector<bool>& want_levels, const CsvOptions& options)
    : columns(want_levels.size()), options_(&options) {
  for (std::size_t c = 0; c < columns.size(); ++c) columns[c].want_levels = want_levels[c];
}

void TypeScan::add(const SliceRecord& record) {
  ++records;
  // A blank line counts only if a non-blank record follows it (trailing ones are ignored).
  if (record.blank) {
    if (pending_blank_line_ == 0) pending_blank_line_ = record.line;
    return;
  }
  if (pending_blank_line_ != 0 && first_blank_line == 0) first_blank_line = pending_blank_line_;
  pending_blank_line_ = 0;
  kept_records = record.index + 1;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const CsvCell& cell = record.cells[c];
    if (is_missing_cell(cell, *options_)) continue;
    ColumnScan& s = columns[c];
    if (s.numbers) {
      double v = 0.0;
      const NumberKind kind = parse_number(cell.text, v);
      if (kind == NumberKind::NonFinite && s.nonfinite_line == 0) {
        s.nonfinite_line = cell.line;
        s.nonfinite_text = std::string(cell.text);
      }
      s.numbers = kind != NumberKind::Text;
    }
    // Texts are kept while the column may still turn out categorical in another rank's rows.
    if (!s.want_levels || s.too_many || s.texts.find(cell.text) != s.texts.end()) continue;
    if (s.texts.size() < kMaxSplitLevels)
      s.texts.emplace(cell.text);
    else
      s.too_many = true;
  }
}

std::string TypeScan::to_bytes() const {
  ByteWriter w;
  w.put<std::uint64_t>(columns.size());
  for (const auto& s : columns) {
    w.put<std::uint8_t>(s.want_levels);
    w.put<std::uint8_t>(s.numbers);
    w.put<std::uint64_t>(s.nonfinite_line);
    w.put_text(s.nonfinite_text);
    w.put<std::uint8_t>(s.too_many);
    w.put<std::uint64_t>(s.texts.size());
    for (const auto& t : s.texts) w.put_text(t);
  }
  w.put<std::uint64_t>(records);
  w.put<std::uint64_t>(kept_records);
  w.put<std::uint64_t>(first_blank_line);
  w.put<std::uint64_t>(pending_blank_line_);
  return w.take();
}

TypeScan TypeScan::from_bytes(const std::string& bytes) {
  ByteReader r(bytes);
  static const CsvOptions kNoOptions;
  TypeScan scan(std::vector<bool>(static_cast<std::size_t>(r.get<std::uint64_t>())), kNoOptions);
  for (auto& s : scan.columns) {
    s.want_levels = r.get<std::uint8_t>() != 0;
    s.numbers = r.get<std::uint8_t>() != 0;
    s.nonfinite_line = r.get<std::uint64_t>();
    s.nonfinite_text = r.get_text();
    s.too_many = r.get<std::uint8_t>() != 0;
    const auto n = r.get<std::uint64_t>();
    for (std::uint64_t i = 0; i < n; ++i) s.texts.insert(r.get_text());
  }
  scan.records = r.get<std::uint64_t>();
  scan.kept_records = r.get<std::uint64_t>();
  scan.first_blank_line = r.get<std::uint64_t>();
  scan.pending_blank_line_ = r.get<std::uint64_t>();
  return scan;
}

void TypeScan::merge(const TypeScan& later) {
  for (std::size_t c = 0; c < columns.size(); ++c) {
    ColumnScan& s = columns[c];
    const ColumnScan& o = later.columns[c];
    s.numbers = s.numbers && o.numbers;
    if (s.nonfinite_line == 0 && o.nonfinite_line != 0) {
      s.nonfinite_line = o.nonfinite_line;
      s.nonfinite_text = o.nonfinite_text;
    }
    s.too_many = s.too_many || o.too_many;
    if (!s.too_many) s.texts.insert(o.texts.begin(), o.texts.end());
    if (s.texts.size() > kMaxSplitLevels) s.too_many = true;
  }
  // Blank records of this part are kept if the later part has a non-blank record.
  if (later.kept_records > 0) {
    if (first_blank_line == 0) first_blank_line = pending_blank_line_;
    if (first_blank_line == 0) first_blank_line = later.first_blank_line;
    pending_blank_line_ = later.pending_blank_line_;
  } else if (pending_blank_line_ == 0) {
    pending_blank_line_ = later.pending_blank_line_;
  }
  records += later.records;
  kept_records =
      later.kept_records > 0 ? records - later.records + later.kept_records : kept_records;
}

std::size_t SplitSchema::index(const std::string& name) const {
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

SplitSchema finish_schema(const std::string& path, const std::vector<std::string>& names,
                          const TypeScan& merged) {
  SplitSchema schema;
  schema.names = names;
  for (std::size_t c = 0; c < names.size(); ++c) {
    const ColumnScan& s = merged.columns[c];
    std::vector<std::string> levels;
    if (s.numbers) {
      if (s.nonfinite_line != 0)
        throw_input(path, s.nonfinite_line, c + 1,
                    "non-finite or out-of-range value '" + s.nonfinite_text +
                        "' in numeric column '" + names[c] +
                        "': NaN and Inf are not allowed (list it in csv missing markers if it "
                        "means missing)");
      schema.types.push_back(ColumnType::Numeric);
    } else {
      if (s.too_many && s.want_levels)
        throw_input(path, 0, c + 1,
                    "column '" + names[c] + "' has more than " + std::to_string(kMaxSplitLevels) +
                        " distinct values: data.layout = \"split\" exchanges the levels of every "
                        "categorical column between ranks; drop the column or use data.layout = "
                        "\"rows\"");
      levels.assign(s.texts.begin(), s.texts.end());
      sort_levels(levels);
      schema.types.push_back(ColumnType::Categorical);
    }
    std::unordered_map<std::string, std::int32_t, TextHash, std::equal_to<>> code;
    for (std::size_t l = 0; l < levels.size(); ++l) code.emplace(levels[l], std::int32_t(l));
    schema.levels.push_back(std::move(levels));
    schema.codes.push_back(std::move(code));
  }
  return schema;
}

}  // namespace adm::data
