#pragma once
// Large buffers that are filled once, right after they are allocated (a top-k mine's candidates,
// its sort arrays, the findings sent to rank 0 and the buffer they arrive in). Every 4 KiB page of
// fresh memory costs a page fault; on the VMs we measured that is ~2.4 us a page, so 10 MB cost
// ~6 ms, as long as the search that filled them. Advising the kernel to back such a buffer with
// transparent huge pages (2 MiB) cuts that about five-fold (1.1 ms for 10 MB measured) where the
// kernel's THP mode is "madvise" (as on our machines); under "always" it is what happens anyway,
// and under "never" (or off Linux) the advice is ignored. It is advice only: contents and results
// do not change.
#include <cstddef>
#include <cstdlib>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace adm {

// Advises huge pages for the whole 2 MiB-aligned pages inside [data, data + bytes); buffers below
// 4 MiB are left alone (they hold at most one such page). Call it before the memory is first
// written: pages already faulted in stay small.
void advise_huge_pages(void* data, std::size_t bytes);

// Reserves room for `n` elements (no growth by doubling later: each growth touched fresh memory
// again) and advises huge pages for it.
template <class T>
void reserve_fresh(std::vector<T>& v, std::size_t n) {
  if (n <= v.capacity()) return;
  v.reserve(n);
  advise_huge_pages(v.data(), v.capacity() * sizeof(T));
}

// A string of `n` zero bytes in memory advised as above (std::string(n, '\0') faults it in small
// pages).
inline std::string fresh_string(std::size_t n) {
  std::string s;
  s.reserve(n);
  advise_huge_pages(s.data(), s.capacity());
  s.resize(n);
  return s;
}

// A fixed-size array of zeros whose pages are faulted in only where it is used: calloc (a fresh
// mapping is zero already) instead of writing zeros into every page. For large, sparsely used
// histograms (a top-k mine's 2^16 score bins, of which a few thousand are touched; zeroing three of
// them cost ~0.6 ms of page faults at the start of every 2-rank search). Fixed size on purpose: a
// vector that could shrink and grow again would have to write its zeros after all.
template <class T>
class ZeroedArray {
  static_assert(std::is_arithmetic_v<T>, "calloc's zero bytes are the value 0 of arithmetic types");

 public:
  ZeroedArray() = default;
  explicit ZeroedArray(std::size_t n)
      : data_(static_cast<T*>(std::calloc(n > 0 ? n : 1, sizeof(T)))), size_(n) {
    if (data_ == nullptr) throw std::bad_alloc();
  }
  ZeroedArray(ZeroedArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  ZeroedArray& operator=(ZeroedArray&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { std::free(data_); }

  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace adm
