#pragma once
// splitmix64's output function, the mixing step of the random streams (core/rng.cpp) offered to
// code that needs a cheap hash rather than a stream: rule-set hash tables, owner ranks of nodes.
#include <cstdint>

namespace adm {

// splitmix64's output for state x: a bijection of 64-bit words whose every output bit depends on
// every input bit.
std::uint64_t splitmix64_mix(std::uint64_t x);

}  // namespace adm
