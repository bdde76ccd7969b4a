#include "data/csv_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <unordered_map>

#include "core/error.hpp"
#include "data/csv_tokenizer.hpp"
#include "data/level_coder.hpp"
#include "data/utf8.hpp"

namespace adm::data {
namespace {

// Column and level names go into HDF5 string datasets declared UTF-8, so every field must be
// UTF-8 (refused, not escaped: an escaped name would no longer match the config's names).
void check_utf8(const std::string& path, const CsvField& f, std::size_t column) {
  const std::size_t at = invalid_utf8_at(f.text);
  if (at == std::string::npos) return;
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(f.text[at]));
  throw_input(path, f.line, column,
              std::string("field is not valid UTF-8 (byte ") + byte + " at position " +
                  std::to_string(at + 1) +
                  " of the field); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8");
}

bool is_blank_record(const std::vector<CsvField>& rec) {
  return rec.size() == 1 && !rec[0].quoted && rec[0].text.empty();
}

// One kept column's cells as text, end to end. A column's type depends on all its cells, so they
// are converted once the file is read; text end to end costs a few bytes a cell beyond its own.
struct CellStore {
  static constexpr std::uint32_t kMissing = 0xFFFFFFFF;
  std::string text;
  std::vector<std::uint32_t> sizes;  // kMissing for a missing cell

  // Walks the cells in order (the only order they are converted in).
  class Cursor {
   public:
    explicit Cursor(const CellStore& store) : store_(store) {}
    bool missing(std::size_t r) const { return store_.sizes[r] == kMissing; }
    // The cell of row r, called for r = 0, 1, 2, ... in turn.
    std::string_view cell(std::size_t r) {
      if (missing(r)) return {};
      const std::string_view text = std::string_view(store_.text).substr(at_, store_.sizes[r]);
      at_ += store_.sizes[r];
      return text;
    }

   private:
    const CellStore& store_;
    std::size_t at_ = 0;
  };
};

// The kept columns of the file, with enough position data to report errors.
struct RawTable {
  std::vector<std::string> names;  // every column of the file
  std::vector<std::size_t> kept;   // file column index of each kept column
  std::vector<CellStore> cells;    // per kept column
  std::vector<std::size_t> lines;  // per row
  // Only for kept cells that start on a later line than their row (after a quoted newline).
  std::unordered_map<std::size_t, std::size_t> cell_lines;  // row * names.size() + file column

  std::size_t line_of(std::size_t row, std::size_t col) const {
    auto it = cell_lines.find(row * names.size() + col);
    return it == cell_lines.end() ? lines[row] : it->second;
  }
};

// Empty names are errors; a repeated name is an error, or with `rename_duplicates` becomes
// "name.1", "name.2", ... in order of appearance (as pandas does), so files such as ProPublica's
// COMPAS export, which repeats two column names, can be read without listing all names.
void check_names(const std::string& path, std::size_t line, std::vector<std::string>& names,
                 bool rename_duplicates) {
  std::unordered_map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty())
      throw_input(path, line, i + 1, "column " + std::to_string(i + 1) + " has an empty name");
    auto [it, fresh] = seen.emplace(names[i], i + 1);
    if (fresh) continue;
    if (!rename_duplicates)
      throw_input(path, line, i + 1,
                  "duplicate column name '" + names[i] + "' (also column " +
                      std::to_string(it->second) +
                      "); set csv.rename_duplicates = true or give csv.names");
    for (std::size_t k = 1;; ++k) {
      const std::string candidate = names[i] + "." + std::to_string(k);
      if (seen.emplace(candidate, i + 1).second) {
        names[i] = candidate;
        break;
      }
    }
  }
}

// Column `k` of the kept ones, `c` its index in the file.
Column build_column(const std::string& path, const RawTable& raw, std::size_t k,
                    const ColumnType* forced) {
  const CellStore& store = raw.cells[k];
  const std::size_t c = raw.kept[k];
  const std::size_t n = store.sizes.size();
  const std::string& name = raw.names[c];
  std::vector<std::uint8_t> miss(n);
  for (std::size_t r = 0; r < n; ++r) miss[r] = store.sizes[r] == CellStore::kMissing ? 1 : 0;
  std::vector<double> values(n, std::nan(""));
  bool all_numbers = true;
  std::size_t first_bad = n;  // first non-finite cell, reported if the column is numeric
  std::string bad_text;
  if (forced == nullptr || *forced == ColumnType::Numeric) {
    CellStore::Cursor cells(store);
    for (std::size_t r = 0; r < n; ++r) {
      const std::string_view cell = cells.cell(r);
      if (miss[r]) continue;
      const NumberKind kind = parse_number(cell, values[r]);
      if (kind == NumberKind::Text) {
        if (forced != nullptr)
          throw_input(path, raw.line_of(r, c), c + 1,
                      "column '" + name + "' is declared numeric (types) but holds text '" +
                          std::string(cell) + "'");
        all_numbers = false;
        break;
      }
      if (kind == NumberKind::NonFinite && first_bad == n) {
        first_bad = r;
        bad_text = cell;
      }
    }
  } else {
    all_numbers = false;
  }
  if (all_numbers) {
    if (first_bad < n)
      throw_input(path, raw.line_of(first_bad, c), c + 1,
                  "non-finite or out-of-range value '" + bad_text + "' in numeric column '" + name +
                      "': NaN and Inf are not allowed (list it in csv missing markers if it means "
                      "missing)");
    return Column::numeric(name, std::move(values), std::move(miss));
  }
  values = {};
  LevelCoder coder;
  std::vector<std::int32_t> codes(n, Column::kMissingCode);
  CellStore::Cursor cells(store);
  for (std::size_t r = 0; r < n; ++r) {
    const std::string_view cell = cells.cell(r);
    if (!miss[r]) codes[r] = coder.code(cell);
  }
  return coder.finish(name, std::move(codes), std::move(miss));
}

// Rows read before the columns are sized for the whole file: enough to average over.
constexpr std::size_t kSampleRows = 4096;

// Sizes the columns for the whole file, extrapolated from the first rows (plus a margin): grown by
// doubling instead, each column would be copied again and again into freshly mapped memory.
void reserve_for_file(RawTable& raw, std::uint64_t file_bytes, std::uint64_t read_bytes,
                      std::uint64_t header_bytes) {
  if (read_bytes <= header_bytes || file_bytes <= read_bytes) return;
  const double share = double(file_bytes - header_bytes) / double(read_bytes - header_bytes) * 1.02;
  const auto scaled = [&](std::size_t n) {
    return static_cast<std::size_t>(double(n) * share) + 16;
  };
  raw.lines.reserve(scaled(raw.lines.size()));
  for (CellStore& store : raw.cells) {
    store.sizes.reserve(scaled(store.sizes.size()));
    store.text.reserve(scaled(store.text.size()));
  }
}

}  // namespace

CsvTable read_csv_table(const std::string& path, const CsvOptions& options,
                        const std::map<std::string, ColumnType>& type_overrides,
                        const ColumnSelection& columns) {
  if (options.delimiter == options.quote || options.delimiter == '\n' ||
      options.delimiter == '\r' || options.quote == '\n' || options.quote == '\r')
    throw_input(path, 0, 0, "csv delimiter and quote must differ and must not be line breaks");
  CsvTokenizer tok(path, options);
  std::vector<CsvField> rec;
  std::size_t line = 0;
  RawTable raw;
  std::size_t header_line = 0;
  std::uint64_t header_bytes = 0;
  bool have_record = tok.next(rec, line);
  if (options.header) {
    if (is_blank_record(rec)) {
      while ((have_record = tok.next(rec, line)) && is_blank_record(rec)) {
      }
      throw_input(path, 1, 0,
                  have_record ? "no header: line 1 is blank but must hold the column names"
                              : "no header: the file holds only blank lines");
    }
    header_line = line;
    for (std::size_t c = 0; c < rec.size(); ++c) {
      check_utf8(path, rec[c], c + 1);
      raw.names.emplace_back(rec[c].text);
    }
    if (!options.names.empty()) {
      if (options.names.size() != raw.names.size())
        throw_input(path, line, 0,
                    "csv names lists " + std::to_string(options.names.size()) +
                        " names but the header has " + std::to_string(raw.names.size()) +
                        " fields");
      raw.names = options.names;
    }
    header_bytes = tok.offset();
    have_record = tok.next(rec, line);
  } else {
    if (options.names.empty())
      throw_input(path, 0, 0, "no header: csv header is false but no column names were given");
    raw.names = options.names;
  }
  check_names(path, header_line, raw.names, options.rename_duplicates);
  for (const auto& [name, type] : type_overrides) {
    if (std::find(raw.names.begin(), raw.names.end(), name) == raw.names.end())
      throw_input(path, 0, 0,
                  "config key 'data.types." + name + "': no column '" + name + "' in the file");
  }

  const std::size_t ncol = raw.names.size();
  std::vector<std::uint8_t> keep(ncol, 0);  // by file column: convert and keep its cells?
  for (std::size_t c = 0; c < ncol; ++c) {
    if (!columns.wants(raw.names[c])) continue;
    keep[c] = 1;
    raw.kept.push_back(c);
  }
  raw.cells.resize(raw.kept.size());
  // A handful of markers: compared in turn, cheaper per cell than hashing the cell.
  const std::vector<std::string>& markers = options.missing_markers;
  const auto is_marker = [&](std::string_view text) {
    return std::find(markers.begin(), markers.end(), text) != markers.end();
  };
  bool names_checked = options.header;
  auto add_row = [&](const std::vector<CsvField>& fields, std::size_t at) {
    if (!names_checked && !is_blank_record(fields)) {
      names_checked = true;
      if (fields.size() != ncol)
        throw_input(path, at, 0,
                    "csv names lists " + std::to_string(ncol) + " names but line " +
                        std::to_string(at) + " has " + std::to_string(fields.size()) + " fields");
    }
    if (fields.size() != ncol)
      throw_input(
          path, at, std::min(fields.size(), ncol) + 1,
          "expected " + std::to_string(ncol) + " fields, found " + std::to_string(fields.size()));
    const std::size_t row = raw.lines.size();
    if (row == kSampleRows) reserve_for_file(raw, tok.file_size(), tok.offset(), header_bytes);
    raw.lines.push_back(at);
    for (std::size_t k = 0; k < raw.kept.size(); ++k) {
      const std::size_t c = raw.kept[k];
      const CsvField& f = fields[c];
      check_utf8(path, f, c + 1);
      CellStore& store = raw.cells[k];
      if ((f.quoted && f.text.empty()) || is_marker(f.text)) {
        store.sizes.push_back(CellStore::kMissing);
      } else {
        if (f.text.size() >= CellStore::kMissing)
          throw_input(path, f.line, c + 1, "field is longer than 4 GiB");
        store.text += f.text;
        store.sizes.push_back(static_cast<std::uint32_t>(f.text.size()));
      }
      if (f.line != at) raw.cell_lines[row * ncol + c] = f.line;
    }
  };
  // Blank lines are held back until a later non-blank record shows they are not trailing.
  std::vector<std::size_t> pending_blank;
  std::vector<CsvField> blank(1);
  for (; have_record; have_record = tok.next(rec, line)) {
    if (is_blank_record(rec)) {
      pending_blank.push_back(line);
      continue;
    }
    for (std::size_t at : pending_blank) {
      blank[0].line = at;
      add_row(blank, at);
    }
    pending_blank.clear();
    add_row(rec, line);
  }
  if (raw.lines.empty())
    throw_input(path, header_line, 0,
                options.header ? "no data rows after the header" : "no data rows");

  CsvTable out{Dataset(path), raw.lines, raw.names};
  std::vector<std::string> unread;
  for (std::size_t c = 0; c < ncol; ++c)
    if (!keep[c]) unread.push_back(raw.names[c]);
  out.data.set_unread(std::move(unread));
  for (std::size_t k = 0; k < raw.kept.size(); ++k) {
    auto it = type_overrides.find(raw.names[raw.kept[k]]);
    out.data.add(build_column(path, raw, k, it == type_overrides.end() ? nullptr : &it->second));
    raw.cells[k] = {};  // free memory as we go
  }
  return out;
}

// The tokenizer keeps references to the path and options: the state owns copies of both.
struct CsvRecords::State {
  std::string path;
  CsvOptions options;
  CsvTokenizer tokenizer;
  std::vector<CsvField> fields;
  State(const std::string& p, std::string_view bytes, std::size_t line, const CsvOptions& o)
      : path(p), options(o), tokenizer(path, options, bytes, line) {}
};

CsvRecords::CsvRecords(const std::string& path, std::string_view bytes, std::size_t first_line,
                       const CsvOptions& options)
    : state_(std::make_unique<State>(path, bytes, first_line, options)) {}

CsvRecords::~CsvRecords() = default;

bool CsvRecords::next(std::vector<CsvCell>& cells, std::size_t& line) {
  if (!state_->tokenizer.next(state_->fields, line)) return false;
  cells.resize(state_->fields.size());
  for (std::size_t k = 0; k < cells.size(); ++k) {
    const CsvField& f = state_->fields[k];
    cells[k] = {f.text, f.quoted, f.line};
  }
  return true;
}

std::size_t CsvRecords::position() const { return state_->tokenizer.offset(); }

void check_csv_names(const std::string& path, std::size_t line, std::vector<std::string>& names,
                     bool rename_duplicates) {
  check_names(path, line, names, rename_duplicates);
}

void check_csv_utf8(const std::string& path, const CsvCell& cell, std::size_t column) {
  CsvField f;
  f.text = cell.text;
  f.line = cell.line;
  check_utf8(path, f, column);
}

Dataset read_csv(const std::string& path, const CsvOptions& options,
                 const std::map<std::string, ColumnType>& type_overrides) {
  return std::move(read_csv_table(path, options, type_overrides).data);
}

}  // namespace adm::data
