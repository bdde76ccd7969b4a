#pragma once
// The memory this process holds now: its resident set (pages in RAM), as the kernel counts it for
// /usr/bin/time's "maximum resident set size" and for a job's memory limit. A memory cap on a
// search must hold for this figure, not only for the structures the search counts itself (the data,
// the libraries, message buffers and allocator slack live beside them).
#include <cstdint>

namespace adm {

// Resident bytes of this process now (Linux: /proc/self/statm); 0 where it cannot be read.
std::uint64_t resident_bytes();

// The process's peak resident set so far (VmHWM; getrusage's ru_maxrss where /proc is missing),
// in bytes; 0 if neither is available.
std::uint64_t peak_resident_bytes();

}  // namespace adm
