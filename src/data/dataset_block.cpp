#include "data/dataset_block.hpp"

#include <cstdint>
#include <cstring>

#include "core/error.hpp"

namespace adm::data {
namespace {

// Each array starts on a cache line: aligned for its type and never sharing a line with the
// previous array.
constexpr std::size_t kAlign = 64;

std::size_t aligned(std::size_t offset) { return (offset + kAlign - 1) / kAlign * kAlign; }

class Writer {
 public:
  void number(std::uint64_t v) { out_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void text(const std::string& s) {
    number(s.size());
    out_ += s;
  }
  void texts(const std::vector<std::string>& list) {
    number(list.size());
    for (const auto& s : list) text(s);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(const std::string& in) : in_(in) {}
  std::uint64_t number() {
    std::uint64_t v = 0;
    need(sizeof v);
    std::memcpy(&v, in_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string text() {
    const std::size_t n = number();
    need(n);
    std::string s = in_.substr(at_, n);
    at_ += n;
    return s;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> list(number());
    for (auto& s : list) s = text();
    return list;
  }

 private:
  void need(std::size_t n) const {
    if (n > in_.size() - at_) throw InternalError("dataset block: description is cut short");
  }
  const std::string& in_;
  std::size_t at_ = 0;
};

struct ColumnInfo {
  std::string name;
  ColumnType type;
  std::vector<std::string> levels;
  std::size_t cells = 0, missing = 0;  // offsets in the block
};

struct Layout {
  std::string source;
  Roles roles;
  std::size_t rows = 0;
  bool has_lines = false;
  std::vector<ColumnInfo> columns;
  std::size_t lines = 0;  // offset of the source lines
  std::size_t bytes = 0;
};

// Offsets follow from rows and types alone, so writer and readers agree without sending them.
void place(Layout& layout) {
  std::size_t at = 0;
  for (auto& c : layout.columns) {
    c.cells = at;
    at = aligned(at + layout.rows * (c.type == ColumnType::Categorical ? sizeof(std::int32_t)
                                                                       : sizeof(double)));
    c.missing = at;
    at = aligned(at + layout.rows);
  }
  layout.lines = at;
  if (layout.has_lines) at += layout.rows * sizeof(std::size_t);
  layout.bytes = at;
}

Layout read_layout(const std::string& description) {
  Reader in(description);
  Layout layout;
  layout.source = in.text();
  layout.rows = in.number();
  layout.has_lines = in.number() != 0;
  layout.roles.target = in.text();
  layout.roles.sensitive = in.texts();
  layout.roles.features = in.texts();
  layout.roles.weights = in.text();
  layout.columns.resize(in.number());
  for (auto& c : layout.columns) {
    c.name = in.text();
    c.type = in.number() == 0 ? ColumnType::Categorical : ColumnType::Numeric;
    c.levels = in.texts();
  }
  place(layout);
  return layout;
}

template <class T>
std::span<const T> array_at(std::span<const std::byte> block, std::size_t offset, std::size_t n) {
  return {reinterpret_cast<const T*>(block.data() + offset), n};
}

template <class T>
void copy_into(std::span<std::byte> block, std::size_t offset, std::span<const T> cells) {
  if (!cells.empty()) std::memcpy(block.data() + offset, cells.data(), cells.size_bytes());
}

}  // namespace

std::string describe_block(const Dataset& data) {
  Writer out;
  out.text(data.source());
  out.number(data.rows());
  out.number(data.source_lines().empty() ? 0 : 1);
  const Roles& roles = data.roles();
  out.text(roles.target);
  out.texts(roles.sensitive);
  out.texts(roles.features);
  out.text(roles.weights);
  out.number(data.cols());
  for (const auto& c : data.columns()) {
    out.text(c.name());
    out.number(c.is_categorical() ? 0 : 1);
    out.texts(c.is_categorical() ? c.levels() : std::vector<std::string>{});
  }
  return out.take();
}

std::size_t block_bytes(const std::string& description) { return read_layout(description).bytes; }

void write_block(const Dataset& data, std::span<std::byte> block) {
  const Layout layout = read_layout(describe_block(data));
  if (block.size() != layout.bytes) throw InternalError("write_block: block has the wrong size");
  for (std::size_t i = 0; i < data.cols(); ++i) {
    const Column& c = data.column(i);
    if (c.is_categorical())
      copy_into(block, layout.columns[i].cells, c.codes());
    else
      copy_into(block, layout.columns[i].cells, c.values());
    copy_into(block, layout.columns[i].missing, c.missing());
  }
  if (layout.has_lines) copy_into(block, layout.lines, data.source_lines());
}

Dataset view_block(const std::string& description, std::span<const std::byte> block,
                   std::shared_ptr<const void> keeper) {
  Layout layout = read_layout(description);
  if (block.size() != layout.bytes) throw InternalError("view_block: block has the wrong size");
  Dataset out(layout.source);
  const std::size_t n = layout.rows;
  for (auto& c : layout.columns) {
    const auto missing = array_at<std::uint8_t>(block, c.missing, n);
    if (c.type == ColumnType::Categorical)
      out.add(Column::categorical_view(std::move(c.name), array_at<std::int32_t>(block, c.cells, n),
                                       std::move(c.levels), missing, keeper));
    else
      out.add(Column::numeric_view(std::move(c.name), array_at<double>(block, c.cells, n), missing,
                                   keeper));
  }
  out.roles() = std::move(layout.roles);
  if (layout.has_lines)
    out.set_source_lines(
        SharedSpan<std::size_t>(array_at<std::size_t>(block, layout.lines, n), std::move(keeper)));
  return out;
}

}  // namespace adm::data
