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
#include <string>
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

}  // namespace adm
