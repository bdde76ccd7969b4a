#pragma once
// Splitting a delimited text file into records of fields (RFC 4180 quoting), reading the file
// block by block: only the current block and the record being split are held, so a file larger
// than memory can be read. The rules are those of csv_reader.hpp.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/input_file.hpp"
#include "data/spec.hpp"

namespace adm::data {

// One field of a record. `text` views the current block (a plain field) or `owned` (a quoted
// field, its quotes undone): valid until the next call of CsvTokenizer::next.
struct CsvField {
  std::string_view text;
  std::string owned;
  bool quoted = false;
  std::size_t line = 0;  // physical line on which the field starts
};

class CsvTokenizer {
 public:
  // Opens the file (InputError if it cannot be read, or holds nothing but a BOM).
  CsvTokenizer(const std::string& path, const CsvOptions& options);
  // Splits bytes already in memory that start at a record (a rank's slice of a file, see
  // record_ranges.hpp), counting physical lines from `first_line`; errors name `path`. No BOM is
  // looked for and empty bytes are no error: the slice's owner has checked the file's start.
  CsvTokenizer(const std::string& path, const CsvOptions& options, std::string_view bytes,
               std::size_t first_line);

  // Reads the next record; returns false at the end of the input. `line` = where it starts.
  // The fields (and a quoted field's string) are reused from record to record.
  bool next(std::vector<CsvField>& fields, std::size_t& line);

  // The file's size when opened (in memory: the bytes' size).
  std::uint64_t file_size() const { return file_ ? file_->size_at_open() : buf_.size(); }
  // Bytes of the file split so far (a share of file_size(), to size the columns ahead).
  std::uint64_t offset() const { return dropped_ + pos_; }

 private:
  void read_block();
  void read_record(std::vector<CsvField>& fields, std::size_t& line);
  // True at the end of the block; then, unless the file is read to its end, the record runs
  // past the block and is split again once the next block is in (`short_`).
  bool at_end() {
    if (pos_ < buf_.size()) return false;
    if (!eof_) short_ = true;
    return true;
  }
  bool is_blank(char c) const { return (c == ' ' || c == '\t') && c != opt_.delimiter; }
  bool at_field_end() { return at_end() || ends_field_[static_cast<unsigned char>(buf_[pos_])]; }
  void skip_blanks() {
    while (!at_end() && is_blank(buf_[pos_])) ++pos_;
  }
  bool take_newline();
  void read_plain(CsvField& f);
  void read_quoted(CsvField& f, std::size_t column);

  std::string path_;
  const CsvOptions& opt_;
  std::optional<RegularFileReader> file_;  // none when splitting bytes in memory
  // The file's bytes from dropped_ on: the current block and any record left unfinished by the
  // last. Not a std::string, whose growth would zero bytes that read() overwrites at once. Or a
  // view of bytes someone else holds, all of them at once.
  class Window {
   public:
    Window() = default;
    explicit Window(std::string_view bytes) : data_(bytes.data()), size_(bytes.size()) {}
    std::size_t size() const { return size_; }
    const char* data() const { return data_; }
    char operator[](std::size_t i) const { return data_[i]; }
    std::string_view view() const { return {data_, size_}; }
    void drop_front(std::size_t n);
    // Reads up to `max` more bytes from `file`; returns how many.
    std::size_t read_more(RegularFileReader& file, std::size_t max);

   private:
    const char* data_ = nullptr;  // bytes_, or the viewed bytes
    std::unique_ptr<char[]> bytes_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
  };
  Window buf_;
  std::size_t pos_ = 0;
  std::uint64_t dropped_ = 0;  // bytes of the file before buf_
  std::size_t line_ = 1;
  bool ends_field_[256] = {};  // the delimiter and line breaks
  bool eof_ = false;
  bool short_ = false;
};

}  // namespace adm::data
