#include "data/slice_records.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace adm::data {
namespace {

bool is_blank(const std::vector<CsvCell>& cells) {
  return cells.size() == 1 && !cells[0].quoted && cells[0].text.empty();
}

}  // namespace

CsvHeader read_csv_header(const std::string& path, std::string_view file,
                          const CsvOptions& options) {
  if (options.delimiter == options.quote || options.delimiter == '\n' ||
      options.delimiter == '\r' || options.quote == '\n' || options.quote == '\r')
    throw_input(path, 0, 0, "csv delimiter and quote must differ and must not be line breaks");
  const std::size_t start = data_start(file);
  if (file.size() == start) throw_input(path, 0, 0, "empty file");
  CsvHeader h;
  h.data_begin = start;
  if (!options.header) {
    if (options.names.empty())
      throw_input(path, 0, 0, "no header: csv header is false but no column names were given");
    h.names = options.names;
    check_csv_names(path, 0, h.names, options.rename_duplicates);
    return h;
  }
  CsvRecords records(path, file.substr(start), 1, options);
  std::vector<CsvCell> cells;
  std::size_t line = 0;
  records.next(cells, line);
  if (is_blank(cells)) {
    bool more = false;
    while ((more = records.next(cells, line)) && is_blank(cells)) {
    }
    throw_input(path, 1, 0,
                more ? "no header: line 1 is blank but must hold the column names"
                     : "no header: the file holds only blank lines");
  }
  h.line = line;
  for (std::size_t c = 0; c < cells.size(); ++c) {
    check_csv_utf8(path, cells[c], c + 1);
    h.names.emplace_back(cells[c].text);
  }
  if (!options.names.empty()) {
    if (options.names.size() != h.names.size())
      throw_input(path, line, 0,
                  "csv names lists " + std::to_string(options.names.size()) +
                      " names but the header has " + std::to_string(h.names.size()) + " fields");
    h.names = options.names;
  }
  check_csv_names(path, h.line, h.names, options.rename_duplicates);
  h.data_begin = start + records.position();
  h.lines_before_data = count_range(file, {start, h.data_begin}, options.quote).line_breaks;
  return h;
}

void for_each_record(const std::string& path, std::string_view bytes, const MappedFile* file,
                     const RecordSlice& slice, const CsvOptions& options, std::size_t columns,
                     const std::function<void(const SliceRecord&)>& fn) {
  // Hand pages back every 64 MiB: few system calls, little resident.
  constexpr std::size_t kReleaseEvery = std::size_t{64} << 20;
  CsvRecords records(path, bytes.substr(slice.begin, slice.end - slice.begin), slice.first_line,
                     options);
  std::vector<CsvCell> cells;
  std::size_t line = 0, released = 0;
  for (std::uint64_t index = 0;; ++index) {
    try {
      if (!records.next(cells, line)) break;
    } catch (const InputError& e) {
      // Inside a slice that ends before the file does, the only way to run out of bytes inside a
      // quoted field is a cut that the quote count put inside one.
      if (slice.end < bytes.size() &&
          std::string(e.what()).find("unterminated quote") != std::string::npos)
        throw_input(path, 0, 0, cut_inside_quotes_message(line + 1));
      throw;
    }
    const bool blank = is_blank(cells);
    if (!blank && cells.size() != columns)
      throw_input(
          path, line, std::min(cells.size(), columns) + 1,
          "expected " + std::to_string(columns) + " fields, found " + std::to_string(cells.size()));
    for (std::size_t c = 0; c < cells.size(); ++c) check_csv_utf8(path, cells[c], c + 1);
    fn(SliceRecord{cells, line, index, blank});
    const std::size_t done = records.position();
    if (file != nullptr && done - released >= kReleaseEvery) {
      file->release(slice.begin + released, slice.begin + done);
      released = done;
    }
  }
  if (file != nullptr) file->release(slice.begin + released, slice.end);
}

bool is_missing_cell(const CsvCell& cell, const CsvOptions& options) {
  if (cell.quoted && cell.text.empty()) return true;
  const auto& m = options.missing_markers;
  return std::find(m.begin(), m.end(), cell.text) != m.end();
}

}  // namespace adm::data
