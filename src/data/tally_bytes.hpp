#pragma once
// Plain byte encoding of the per-rank tallies of the split reader, so that ranks can exchange them
// through the communicator's byte collectives and merge them in rank order. Fixed-width
// little-endian-as-in-memory values: every rank of one job runs the same build on the same kind of
// node.
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "core/error.hpp"

namespace adm::data {

class ByteWriter {
 public:
  template <class T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void put_text(const std::string& text) {
    put<std::uint64_t>(text.size());
    bytes_ += text;
  }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

class ByteReader {
 public:
  explicit ByteReader(const std::string& bytes) : bytes_(bytes) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    need(sizeof(T));
    T value;
    std::memcpy(&value, bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
  }
  std::string get_text() {
    const auto n = static_cast<std::size_t>(get<std::uint64_t>());
    need(n);
    std::string out = bytes_.substr(at_, n);
    at_ += n;
    return out;
  }

 private:
  void need(std::size_t n) const {
    if (at_ + n > bytes_.size()) throw InternalError("split tally: truncated bytes");
  }
  const std::string& bytes_;
  std::size_t at_ = 0;
};

}  // namespace adm::data
