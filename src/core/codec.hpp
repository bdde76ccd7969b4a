#pragma once
// Bytes of a value and back, for values that travel between ranks or into the checkpoint journal
// (a farm task's result, what rank 0 derives and shares with every rank). Codec<T> says how: it is
// given here for numbers, strings and vectors of them; a task that returns a struct declares the
// struct's Codec next to the task (put its fields in order, take them in the same order). Bytes
// are the host's (every rank of a job runs the same build on the same architecture).
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/error.hpp"

namespace adm {

class ByteWriter {
 public:
  void raw(const void* data, std::size_t size) {
    bytes_.append(static_cast<const char*>(data), size);
  }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}
  void raw(void* out, std::size_t size) {
    if (bytes_.size() - at_ < size) throw InternalError("codec: torn value");
    if (size > 0) std::memcpy(out, bytes_.data() + at_, size);
    at_ += size;
  }
  std::size_t left() const { return bytes_.size() - at_; }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

template <class T, class Enable = void>
struct Codec;

// Numbers: their bytes.
template <class T>
struct Codec<T, std::enable_if_t<std::is_arithmetic_v<T>>> {
  static void put(ByteWriter& w, const T& v) { w.raw(&v, sizeof v); }
  static T take(ByteReader& r) {
    T v{};
    r.raw(&v, sizeof v);
    return v;
  }
};

// A length, then the elements (numbers in one copy).
template <class T>
struct Codec<std::vector<T>> {
  static void put(ByteWriter& w, const std::vector<T>& v) {
    Codec<std::uint64_t>::put(w, v.size());
    if constexpr (std::is_arithmetic_v<T>)
      w.raw(v.data(), v.size() * sizeof(T));
    else
      for (const auto& x : v) Codec<T>::put(w, x);
  }
  static std::vector<T> take(ByteReader& r) {
    const auto n = Codec<std::uint64_t>::take(r);
    // Checked before allocating: a torn length must not ask for terabytes.
    if (n > r.left()) throw InternalError("codec: torn value");
    std::vector<T> v;
    if constexpr (std::is_arithmetic_v<T>) {
      v.resize(n);
      r.raw(v.data(), n * sizeof(T));
    } else {
      v.reserve(n);
      for (std::uint64_t i = 0; i < n; ++i) v.push_back(Codec<T>::take(r));
    }
    return v;
  }
};

template <>
struct Codec<std::string> {
  static void put(ByteWriter& w, const std::string& s) {
    Codec<std::uint64_t>::put(w, s.size());
    w.raw(s.data(), s.size());
  }
  static std::string take(ByteReader& r) {
    const auto n = Codec<std::uint64_t>::take(r);
    if (n > r.left()) throw InternalError("codec: torn value");
    std::string s(n, '\0');
    r.raw(s.data(), n);
    return s;
  }
};

template <class T>
std::string encode(const T& value) {
  ByteWriter w;
  Codec<T>::put(w, value);
  return w.take();
}

// The whole of `bytes` must be one value: leftovers mean the wrong type was decoded.
template <class T>
T decode(std::string_view bytes) {
  ByteReader r(bytes);
  T value = Codec<T>::take(r);
  if (r.left() != 0) throw InternalError("codec: bytes left after the value");
  return value;
}

}  // namespace adm
