#include "data/record_ranges.hpp"

#include <algorithm>

namespace adm::data {
namespace {

// A line break ends at `p` (exclusive) if byte p-1 is LF, or a CR not followed by LF.
bool line_break_ends_at(std::string_view file, std::size_t p) {
  const char c = file[p - 1];
  if (c == '\n') return true;
  return c == '\r' && (p == file.size() || file[p] != '\n');
}

}  // namespace

std::size_t data_start(std::string_view file) {
  return file.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
}

ByteRange rank_byte_range(std::size_t file_size, std::size_t first, int rank, int ranks) {
  const std::size_t n = file_size - first;
  // (n * r) / P without overflow for files far beyond 2^32 bytes.
  const auto share = [&](int r) {
    const auto q = n / static_cast<std::size_t>(ranks), m = n % static_cast<std::size_t>(ranks);
    return q * static_cast<std::size_t>(r) +
           m * static_cast<std::size_t>(r) / static_cast<std::size_t>(ranks);
  };
  return {first + share(rank), first + share(rank + 1)};
}

RangeCounts count_range(std::string_view file, ByteRange range, char quote) {
  RangeCounts out;
  const char* p = file.data() + range.begin;
  const char* end = file.data() + range.end;
  // std::count vectorises; the CR case needs a look at the next byte but is rare.
  out.quotes = static_cast<std::uint64_t>(std::count(p, end, quote));
  out.line_breaks = static_cast<std::uint64_t>(std::count(p, end, '\n'));
  for (const char* cr = std::find(p, end, '\r'); cr != end; cr = std::find(cr + 1, end, '\r')) {
    const std::size_t next = static_cast<std::size_t>(cr - file.data()) + 1;
    if (next == file.size() || file[next] != '\n') ++out.line_breaks;
  }
  return out;
}

RecordStart first_record_start(std::string_view file, std::size_t first, std::size_t begin,
                               bool inside_quotes, char quote) {
  RecordStart out;
  if (begin <= first) {
    out.offset = first;
    return out;
  }
  // `begin` itself starts a record if the byte before it is a line break at even parity (a line
  // break is no quote, so the parity before it is the parity at `begin`).
  if (!inside_quotes && begin < file.size() && line_break_ends_at(file, begin)) {
    out.offset = begin;
    return out;
  }
  bool quoted = inside_quotes;
  for (std::size_t p = begin; p < file.size(); ++p) {
    const char c = file[p];
    if (c == quote) {
      quoted = !quoted;
      continue;
    }
    if (c != '\n' && c != '\r') continue;
    if (!line_break_ends_at(file, p + 1)) continue;  // CR of a CRLF: the LF ends the break
    ++out.line_breaks;
    if (!quoted) {
      out.offset = p + 1;
      return out;
    }
  }
  out.offset = file.size();
  return out;
}

RecordSlice rank_slice(const std::vector<std::size_t>& starts, int rank, std::size_t file_size,
                       std::uint64_t line_breaks_before_start) {
  const auto r = static_cast<std::size_t>(rank);
  RecordSlice s;
  s.begin = starts[r];
  s.end = r + 1 < starts.size() ? starts[r + 1] : file_size;
  s.first_line = 1 + line_breaks_before_start;
  return s;
}

std::vector<RecordSlice> split_records(std::string_view file, std::size_t first, int ranks,
                                       char quote, std::uint64_t lines_before_first) {
  std::vector<std::size_t> starts;
  std::vector<std::uint64_t> lines;
  RangeCounts before;  // the exclusive prefix sum over ranks
  for (int r = 0; r < ranks; ++r) {
    const ByteRange range = rank_byte_range(file.size(), first, r, ranks);
    const RecordStart start =
        first_record_start(file, first, range.begin, before.quotes % 2 == 1, quote);
    starts.push_back(start.offset);
    lines.push_back(lines_before_first + before.line_breaks + start.line_breaks);
    const RangeCounts mine = count_range(file, range, quote);
    before.quotes += mine.quotes;
    before.line_breaks += mine.line_breaks;
  }
  std::vector<RecordSlice> out;
  for (int r = 0; r < ranks; ++r)
    out.push_back(rank_slice(starts, r, file.size(), lines[static_cast<std::size_t>(r)]));
  return out;
}

std::string cut_inside_quotes_message(std::size_t line) {
  return "unterminated quote where the file was cut between ranks (before line " +
         std::to_string(line) +
         "): a quote character inside an unquoted field (such as 5'11\") makes the quote count "
         "lie; data.layout = \"split\" needs every field that holds a quote character to be "
         "quoted, or use data.layout = \"rows\"";
}

}  // namespace adm::data
