#pragma once
// Large buffers that are filled once, right after they are allocated (a top-k mine's candidates,
// its sort arrays, the findings sent to rank 0 and the buffer they arrive in). Every 4 KiB page of
// fresh memory costs a page fault; on the VMs we measured that is ~2.4 us a page, so 10 MB cost
// ~6 ms, as long as the search that filled them. Advising the kernel to back such a buffer with
// transparent huge pages (2 MiB) cuts that about five-fold (1.1 ms for 10 MB measured) where the
// kernel's THP mode is "madvise", Debian's default; under "always" it is what happens anyway, and
// under "never" (or off Linux) the advice is ignored. It is advice only: contents and results do
// not change.
#include <cstddef>
#include <cstdlib>
#include <new>
#include <string>
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

// Zero-filled arrays whose pages are faulted in only where they are used: calloc (a fresh mapping
// is zero already) instead of writing zeros into every page. For large, sparsely used histograms
// (a top-k mine's 2^16 score bins, of which a few thousand are touched; zeroing three of them cost
// ~0.6 ms of page faults at the start of every 2-rank search). T must be an arithmetic type.
template <class T>
struct ZeroPagesAllocator {
  using value_type = T;
  ZeroPagesAllocator() = default;
  template <class U>
  ZeroPagesAllocator(const ZeroPagesAllocator<U>&) {}
  T* allocate(std::size_t n) {
    void* p = std::calloc(n, sizeof(T));
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) { std::free(p); }
  // Value-initialising an element writes nothing: calloc's zero bytes are the value 0.
  template <class U>
  void construct(U*) {}
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  template <class U>
  bool operator==(const ZeroPagesAllocator<U>&) const {
    return true;
  }
};
template <class T>
using ZeroedVector = std::vector<T, ZeroPagesAllocator<T>>;

}  // namespace adm
