#include "data/csv_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <string_view>
#include <unordered_map>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "data/utf8.hpp"

namespace adm::data {
namespace {

// A field's text is a view: into the file's buffer for a plain field, into `owned` for a quoted
// one (its quotes undone). So reading a cell copies nothing.
struct Field {
  std::string_view text;
  std::string owned;
  bool quoted = false;
  std::size_t line = 0;  // physical line on which the field starts
};

// Splits the buffer into records of fields, tracking physical lines (quoted newlines included).
class Tokenizer {
 public:
  Tokenizer(const std::string& path, std::string_view buf, std::size_t start,
            const CsvOptions& options, std::size_t first_line = 1)
      : path_(path), buf_(buf), pos_(start), line_(first_line), opt_(options) {}

  std::size_t position() const { return pos_; }

  // Reads the next record; returns false at the end of the input. `line` = where it starts.
  // The fields (and a quoted field's string) are reused from record to record.
  bool next(std::vector<Field>& fields, std::size_t& line) {
    if (pos_ >= buf_.size()) {
      fields.clear();
      return false;
    }
    line = line_;
    const Field* storage = fields.data();
    for (std::size_t k = 0;; ++k) {
      if (k == fields.size()) fields.emplace_back();
      Field& f = fields[k];
      f.text = {};
      f.quoted = false;
      f.line = line_;
      if (opt_.trim) skip_blanks();
      if (pos_ < buf_.size() && buf_[pos_] == opt_.quote) {
        read_quoted(f, k + 1);
      } else {
        read_plain(f);
      }
      if (pos_ < buf_.size() && buf_[pos_] == opt_.delimiter) {
        ++pos_;
        continue;
      }
      fields.resize(k + 1);
      // A quoted field's view points into its own string, which growing `fields` moved.
      if (fields.data() != storage)
        for (Field& q : fields)
          if (q.quoted) q.text = q.owned;
      end_line();
      return true;
    }
  }

 private:
  bool is_blank(char c) const { return (c == ' ' || c == '\t') && c != opt_.delimiter; }
  bool at_field_end() const {
    if (pos_ >= buf_.size()) return true;
    const char c = buf_[pos_];
    return c == opt_.delimiter || c == '\n' || c == '\r';
  }
  void skip_blanks() {
    while (pos_ < buf_.size() && is_blank(buf_[pos_])) ++pos_;
  }
  // Consumes one line break (LF, CRLF or lone CR) if present.
  bool take_newline() {
    if (pos_ >= buf_.size()) return false;
    if (buf_[pos_] == '\r') {
      ++pos_;
      if (pos_ < buf_.size() && buf_[pos_] == '\n') ++pos_;
    } else if (buf_[pos_] == '\n') {
      ++pos_;
    } else {
      return false;
    }
    ++line_;
    return true;
  }
  void end_line() { take_newline(); }

  void read_plain(Field& f) {
    const std::size_t begin = pos_;
    while (!at_field_end()) ++pos_;
    std::size_t end = pos_;
    if (opt_.trim)
      while (end > begin && is_blank(buf_[end - 1])) --end;
    f.text = buf_.substr(begin, end - begin);
  }

  void read_quoted(Field& f, std::size_t column) {
    const std::size_t open_line = line_;
    f.quoted = true;
    f.owned.clear();
    ++pos_;  // opening quote
    for (;;) {
      if (pos_ >= buf_.size())
        throw_input(path_, open_line, column,
                    "unterminated quote: the file ends inside this field");
      const char c = buf_[pos_];
      if (c == opt_.quote) {
        if (pos_ + 1 < buf_.size() && buf_[pos_ + 1] == opt_.quote) {
          f.owned += c;
          pos_ += 2;
          continue;
        }
        ++pos_;
        break;
      }
      if (c == '\r' || c == '\n') {
        take_newline();
        f.owned += '\n';  // CRLF inside quotes becomes "\n" so values do not depend on the platform
        continue;
      }
      f.owned += c;
      ++pos_;
    }
    f.text = f.owned;
    if (opt_.trim) skip_blanks();
    if (!at_field_end())
      throw_input(path_, line_, column,
                  std::string("unexpected character '") + buf_[pos_] +
                      "' after a closing quote (a quote inside a quoted field must be doubled)");
  }

  const std::string& path_;
  std::string_view buf_;
  std::size_t pos_;
  std::size_t line_;
  const CsvOptions& opt_;
};

// Column and level names go into HDF5 string datasets declared UTF-8, so every field must be
// UTF-8 (refused, not escaped: an escaped name would no longer match the config's names).
void check_utf8(const std::string& path, const Field& f, std::size_t column) {
  const std::size_t at = invalid_utf8_at(f.text);
  if (at == std::string::npos) return;
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(f.text[at]));
  throw_input(path, f.line, column,
              std::string("field is not valid UTF-8 (byte ") + byte + " at position " +
                  std::to_string(at + 1) +
                  " of the field); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8");
}

// Hashes a level's text as a view, so a cell is looked up without building a string.
struct ViewHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const {
    return std::hash<std::string_view>{}(text);
  }
};

bool is_blank_record(const std::vector<Field>& rec) {
  return rec.size() == 1 && !rec[0].quoted && rec[0].text.empty();
}

// Cells of the file, column by column, with enough position data to report errors.
struct RawTable {
  std::vector<std::string> names;
  std::vector<std::vector<std::string_view>> cells;  // into the file's buffer or `unquoted`
  std::deque<std::string> unquoted;                  // quoted cells' text (stays put as it grows)
  std::vector<std::vector<std::uint8_t>> missing;
  std::vector<std::size_t> lines;  // per row
  // Only for cells that start on a later line than their row (after a quoted newline).
  std::unordered_map<std::size_t, std::size_t> cell_lines;

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

Column build_column(const std::string& path, const RawTable& raw, std::size_t c,
                    const ColumnType* forced) {
  const auto& cells = raw.cells[c];
  const auto& miss = raw.missing[c];
  const std::string& name = raw.names[c];
  std::vector<double> values(cells.size(), std::nan(""));
  bool all_numbers = true;
  std::size_t first_bad = cells.size();  // first non-finite cell, reported if the column is numeric
  if (forced == nullptr || *forced == ColumnType::Numeric) {
    for (std::size_t r = 0; r < cells.size(); ++r) {
      if (miss[r]) continue;
      const NumberKind kind = parse_number(cells[r], values[r]);
      if (kind == NumberKind::Text) {
        if (forced != nullptr)
          throw_input(path, raw.line_of(r, c), c + 1,
                      "column '" + name + "' is declared numeric (types) but holds text '" +
                          std::string(cells[r]) + "'");
        all_numbers = false;
        break;
      }
      if (kind == NumberKind::NonFinite && first_bad == cells.size()) first_bad = r;
    }
  } else {
    all_numbers = false;
  }
  if (all_numbers) {
    if (first_bad < cells.size())
      throw_input(path, raw.line_of(first_bad, c), c + 1,
                  "non-finite or out-of-range value '" + std::string(cells[first_bad]) +
                      "' in numeric column '" + name +
                      "': NaN and Inf are not allowed (list it in csv missing markers if it means "
                      "missing)");
    return Column::numeric(name, std::move(values), miss);
  }
  // Categorical: code by first appearance, then renumber in sorted level order. Every new level
  // goes into the hash map; while there are few, a cell is first compared with each in turn,
  // which costs less than hashing it (most columns have a handful of levels).
  constexpr std::size_t kFewLevels = 8;
  std::unordered_map<std::string, std::int32_t, ViewHash, std::equal_to<>> index;
  std::vector<std::string> levels;
  std::vector<std::int32_t> codes(cells.size(), Column::kMissingCode);
  for (std::size_t r = 0; r < cells.size(); ++r) {
    if (miss[r]) continue;
    if (levels.size() <= kFewLevels) {
      const auto at = std::find(levels.begin(), levels.end(), cells[r]);
      if (at != levels.end()) {
        codes[r] = static_cast<std::int32_t>(at - levels.begin());
        continue;
      }
    }
    auto it = index.find(cells[r]);  // by the view: no string is built for a level seen before
    if (it == index.end()) {
      it = index.emplace(std::string(cells[r]), static_cast<std::int32_t>(levels.size())).first;
      levels.emplace_back(cells[r]);
    }
    codes[r] = it->second;
  }
  std::vector<std::string> sorted = levels;
  sort_levels(sorted);
  std::vector<std::int32_t> remap(levels.size());
  for (std::size_t i = 0; i < sorted.size(); ++i)
    remap[index.find(sorted[i])->second] = std::int32_t(i);
  for (auto& code : codes)
    if (code != Column::kMissingCode) code = remap[code];
  return Column::categorical(name, std::move(codes), std::move(sorted), miss);
}

}  // namespace

CsvTable read_csv_table(const std::string& path, const CsvOptions& options,
                        const std::map<std::string, ColumnType>& type_overrides) {
  if (options.delimiter == options.quote || options.delimiter == '\n' ||
      options.delimiter == '\r' || options.quote == '\n' || options.quote == '\r')
    throw_input(path, 0, 0, "csv delimiter and quote must differ and must not be line breaks");
  const std::string buf = read_regular_file(path);
  const std::size_t start = buf.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  if (buf.size() == start) throw_input(path, 0, 0, "empty file");

  Tokenizer tok(path, buf, start, options);
  std::vector<Field> rec;
  std::size_t line = 0;
  RawTable raw;
  std::size_t header_line = 0;
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
  raw.cells.resize(ncol);
  raw.missing.resize(ncol);
  // Sized once, at about a row a line break: grown by doubling, each column was copied again.
  const auto rows_hint = static_cast<std::size_t>(std::count(buf.begin(), buf.end(), '\n')) + 1;
  for (std::size_t c = 0; c < ncol; ++c) {
    raw.cells[c].reserve(rows_hint);
    raw.missing[c].reserve(rows_hint);
  }
  raw.lines.reserve(rows_hint);
  // A handful of markers: compared in turn, cheaper per cell than hashing the cell.
  const std::vector<std::string>& markers = options.missing_markers;
  const auto is_marker = [&](std::string_view text) {
    return std::find(markers.begin(), markers.end(), text) != markers.end();
  };
  bool names_checked = options.header;
  auto add_row = [&](const std::vector<Field>& fields, std::size_t at) {
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
    raw.lines.push_back(at);
    for (std::size_t c = 0; c < ncol; ++c) {
      const Field& f = fields[c];
      check_utf8(path, f, c + 1);
      const bool missing = (f.quoted && f.text.empty()) || is_marker(f.text);
      std::string_view cell;
      if (!missing) cell = f.quoted ? raw.unquoted.emplace_back(f.text) : f.text;
      raw.cells[c].push_back(cell);
      raw.missing[c].push_back(missing ? 1 : 0);
      if (f.line != at) raw.cell_lines[row * ncol + c] = f.line;
    }
  };
  // Blank lines are held back until a later non-blank record shows they are not trailing.
  std::vector<std::size_t> pending_blank;
  std::vector<Field> blank(1);
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

  CsvTable out{Dataset(path), raw.lines};
  for (std::size_t c = 0; c < ncol; ++c) {
    auto it = type_overrides.find(raw.names[c]);
    out.data.add(build_column(path, raw, c, it == type_overrides.end() ? nullptr : &it->second));
    raw.cells[c] = {};  // free memory as we go
  }
  return out;
}

// The tokenizer keeps references to the path and options: the state owns copies of both.
struct CsvRecords::State {
  std::string path;
  CsvOptions options;
  Tokenizer tokenizer;
  std::vector<Field> fields;
  State(const std::string& p, std::string_view bytes, std::size_t line, const CsvOptions& o)
      : path(p), options(o), tokenizer(path, bytes, 0, options, line) {}
};

CsvRecords::CsvRecords(const std::string& path, std::string_view bytes, std::size_t first_line,
                       const CsvOptions& options)
    : state_(std::make_unique<State>(path, bytes, first_line, options)) {}

CsvRecords::~CsvRecords() = default;

bool CsvRecords::next(std::vector<CsvCell>& cells, std::size_t& line) {
  if (!state_->tokenizer.next(state_->fields, line)) return false;
  cells.resize(state_->fields.size());
  for (std::size_t k = 0; k < cells.size(); ++k) {
    const Field& f = state_->fields[k];
    cells[k] = {f.text, f.quoted, f.line};
  }
  return true;
}

std::size_t CsvRecords::position() const { return state_->tokenizer.position(); }

void check_csv_names(const std::string& path, std::size_t line, std::vector<std::string>& names,
                     bool rename_duplicates) {
  check_names(path, line, names, rename_duplicates);
}

void check_csv_utf8(const std::string& path, const CsvCell& cell, std::size_t column) {
  Field f;
  f.text = cell.text;
  f.line = cell.line;
  check_utf8(path, f, column);
}

Dataset read_csv(const std::string& path, const CsvOptions& options,
                 const std::map<std::string, ColumnType>& type_overrides) {
  return std::move(read_csv_table(path, options, type_overrides).data);
}

}  // namespace adm::data
