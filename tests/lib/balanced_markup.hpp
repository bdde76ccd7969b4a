#pragma once
// Test helper: every element of an HTML/SVG text is closed, in order (void elements and
// self-closing SVG elements aside): a small stack check of the tags.
#include <algorithm>
#include <regex>
#include <string>
#include <vector>

namespace adm::test {

inline bool balanced(const std::string& page) {
  static const std::regex tag(R"(<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>)");
  static const std::vector<std::string> void_elements{"meta", "br", "hr", "img", "input", "link"};
  std::vector<std::string> stack;
  for (std::sregex_iterator it(page.begin(), page.end(), tag), end; it != end; ++it) {
    const std::string name = (*it)[2];
    if ((*it)[3] == "/" ||
        std::find(void_elements.begin(), void_elements.end(), name) != void_elements.end())
      continue;
    if ((*it)[1] == "/") {
      if (stack.empty() || stack.back() != name) return false;
      stack.pop_back();
    } else {
      stack.push_back(name);
    }
  }
  return stack.empty();
}

}  // namespace adm::test
