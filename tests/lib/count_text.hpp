#pragma once
// Test helper: how many times `what` occurs in `text` (overlapping occurrences counted).
#include <string>

namespace adm::test {

inline std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace adm::test
