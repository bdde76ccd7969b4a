#pragma once
// Cutting a delimited text file into per-rank byte ranges that begin and end at record boundaries,
// without any rank reading more than its own range (plus the rest of a record it starts).
//
// The classic way: rank r owns the raw bytes [begin_r, end_r) of the data (equal shares after a
// UTF-8 BOM). It counts the quote characters and line breaks in them (count_range); an exclusive
// prefix sum over ranks (parallel/range_scan.hpp) gives the quote parity and the physical line at
// begin_r; from there the rank scans forward to the first line break outside quotes
// (first_record_start). Doubled quotes ("") toggle the parity twice, so escapes keep it. Rank r
// then reads the records that start in [start_r, start_{r+1}), the last one possibly ending past
// end_r. Parity is exact for RFC 4180 files; a quote inside an unquoted field (5'11") can move a
// cut into a quoted field, which the tokenizer then reports as an unterminated quote at the cut
// (see cut_inside_quotes_message), never as wrong rows.
//
// Serial code: the MPI part is only the prefix sum of two counters and an all-gather of starts.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "data/spec.hpp"

namespace adm::data {

// Offset of the first data byte: 3 after a UTF-8 BOM, else 0.
std::size_t data_start(std::string_view file);

struct ByteRange {
  std::size_t begin = 0;
  std::size_t end = 0;
};

// Rank `rank`'s equal share of the bytes [first, file_size).
ByteRange rank_byte_range(std::size_t file_size, std::size_t first, int rank, int ranks);

// Quote characters and line breaks in [begin, end): a line break is an LF, or a CR not followed by
// LF (a CR at end - 1 looks at the byte at `end`), so CRLF counts once whichever range holds it.
struct RangeCounts {
  std::uint64_t quotes = 0;
  std::uint64_t line_breaks = 0;
};
RangeCounts count_range(std::string_view file, ByteRange range, char quote);

// The first offset >= begin at which a record starts, given whether `begin` lies inside quotes
// (odd parity of the quotes before it): `first` itself if it is the first data byte, else just
// after a line break outside quotes (after the LF of a CRLF). The scan may run past the rank's
// range end; file.size() if no record starts there. `line_breaks` counts those in [begin, start).
struct RecordStart {
  std::size_t offset = 0;
  std::uint64_t line_breaks = 0;
};
RecordStart first_record_start(std::string_view file, std::size_t first, std::size_t begin,
                               bool inside_quotes, char quote);

// The records one rank reads: the bytes [begin, end) and the physical line of the first one.
struct RecordSlice {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t first_line = 1;
};

// Slice of rank r from every rank's record start (in rank order; file_size closes the last) and
// the line breaks before its own start.
RecordSlice rank_slice(const std::vector<std::size_t>& starts, int rank, std::size_t file_size,
                       std::uint64_t line_breaks_before_start);

// All ranks' slices of the records from `first` (the first data byte, after a BOM and header) to
// the end, computed in one process (the prefix sums done in a loop): what the distributed reader
// computes, for tests. `lines_before_first` = line breaks before `first`.
std::vector<RecordSlice> split_records(std::string_view file, std::size_t first, int ranks,
                                       char quote, std::uint64_t lines_before_first);

// The message for an unterminated quote at a cut that is not the end of the file.
std::string cut_inside_quotes_message(std::size_t line);

}  // namespace adm::data
