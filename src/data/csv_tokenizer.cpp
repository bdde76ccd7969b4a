#include "data/csv_tokenizer.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"

namespace adm::data {
namespace {

// Large enough that the per-block costs (a read call, moving an unfinished record to the front)
// vanish, small enough to be nothing beside the columns.
constexpr std::size_t kBlockBytes = std::size_t{4} << 20;

}  // namespace

CsvTokenizer::CsvTokenizer(const std::string& path, const CsvOptions& options)
    : path_(path), opt_(options), file_(std::in_place, path) {
  for (const char c : {opt_.delimiter, '\n', '\r'})
    ends_field_[static_cast<unsigned char>(c)] = true;
  while (!eof_ && buf_.size() < 3) read_block();
  if (buf_.view().substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  while (!eof_ && buf_.size() == pos_) read_block();
  if (buf_.size() == pos_) throw_input(path, 0, 0, "empty file");
}

CsvTokenizer::CsvTokenizer(const std::string& path, const CsvOptions& options,
                           std::string_view bytes, std::size_t first_line)
    : path_(path), opt_(options), buf_(bytes), line_(first_line), eof_(true) {
  for (const char c : {opt_.delimiter, '\n', '\r'})
    ends_field_[static_cast<unsigned char>(c)] = true;
}

void CsvTokenizer::Window::drop_front(std::size_t n) {
  std::memmove(bytes_.get(), bytes_.get() + n, size_ - n);
  size_ -= n;
}

std::size_t CsvTokenizer::Window::read_more(RegularFileReader& file, std::size_t max) {
  if (size_ + max > capacity_) {
    // Grows only while one record spans more than a block: otherwise the window is reused.
    const std::size_t capacity = std::max(size_ + max, 2 * capacity_);
    auto bytes = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ > 0) std::memcpy(bytes.get(), bytes_.get(), size_);
    bytes_ = std::move(bytes);
    data_ = bytes_.get();
    capacity_ = capacity;
  }
  const std::size_t got = file.read(bytes_.get() + size_, max);
  size_ += got;
  return got;
}

void CsvTokenizer::read_block() {
  // Bytes already split are dropped, so the block holds at most one record's worth of them.
  buf_.drop_front(pos_);
  dropped_ += pos_;
  pos_ = 0;
  if (buf_.read_more(*file_, kBlockBytes) == 0) eof_ = true;
}

bool CsvTokenizer::next(std::vector<CsvField>& fields, std::size_t& line) {
  for (;;) {
    if (pos_ >= buf_.size()) {
      if (eof_) {
        fields.clear();
        return false;
      }
      read_block();
      continue;
    }
    const std::size_t start = pos_;
    const std::size_t start_line = line_;
    short_ = false;
    read_record(fields, line);
    if (!short_) return true;
    // The record runs past the block: split it again with the next block appended.
    line_ = start_line;
    pos_ = start;
    read_block();
  }
}

void CsvTokenizer::read_record(std::vector<CsvField>& fields, std::size_t& line) {
  line = line_;
  const CsvField* storage = fields.data();
  for (std::size_t k = 0;; ++k) {
    if (k == fields.size()) fields.emplace_back();
    CsvField& f = fields[k];
    f.text = {};
    f.quoted = false;
    f.line = line_;
    if (opt_.trim) skip_blanks();
    if (!at_end() && buf_[pos_] == opt_.quote) {
      read_quoted(f, k + 1);
    } else {
      read_plain(f);
    }
    if (short_) return;
    if (!at_end() && buf_[pos_] == opt_.delimiter) {
      ++pos_;
      continue;
    }
    fields.resize(k + 1);
    // A quoted field's view points into its own string, which growing `fields` moved.
    if (fields.data() != storage)
      for (CsvField& q : fields)
        if (q.quoted) q.text = q.owned;
    take_newline();
    return;
  }
}

// Consumes one line break (LF, CRLF or lone CR) if present.
bool CsvTokenizer::take_newline() {
  if (at_end()) return false;
  if (buf_[pos_] == '\r') {
    ++pos_;
    if (!at_end() && buf_[pos_] == '\n') ++pos_;
  } else if (buf_[pos_] == '\n') {
    ++pos_;
  } else {
    return false;
  }
  ++line_;
  return true;
}

void CsvTokenizer::read_plain(CsvField& f) {
  // The hot loop of a wide file: most of its fields are plain, and most bytes are in them.
  const char* const data = buf_.data();
  const char* p = data + pos_;
  const char* const end = data + buf_.size();
  while (p != end && !ends_field_[static_cast<unsigned char>(*p)]) ++p;
  const std::size_t begin = pos_;
  pos_ = static_cast<std::size_t>(p - data);
  if (p == end && !eof_) short_ = true;
  std::size_t stop = pos_;
  if (opt_.trim)
    while (stop > begin && is_blank(buf_[stop - 1])) --stop;
  f.text = buf_.view().substr(begin, stop - begin);
}

void CsvTokenizer::read_quoted(CsvField& f, std::size_t column) {
  const std::size_t open_line = line_;
  f.quoted = true;
  f.owned.clear();
  ++pos_;  // opening quote
  for (;;) {
    if (at_end()) {
      if (short_) return;
      throw_input(path_, open_line, column, "unterminated quote: the file ends inside this field");
    }
    const char c = buf_[pos_];
    if (c == opt_.quote) {
      ++pos_;
      if (!at_end() && buf_[pos_] == opt_.quote) {
        f.owned += c;
        ++pos_;
        continue;
      }
      if (short_) return;
      break;
    }
    if (c == '\r' || c == '\n') {
      take_newline();
      if (short_) return;
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

}  // namespace adm::data
