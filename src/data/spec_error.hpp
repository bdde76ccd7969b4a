#pragma once
// Messages for problems with the data section of a config: "SOURCE: config key 'KEY': message"
// (the wording config errors use), so the user
// sees both which file was being shaped and which config key to fix.
#include <string>
#include <vector>

#include "core/error.hpp"
#include "data/column.hpp"
#include "data/dataset.hpp"

namespace adm::data {

[[noreturn]] inline void throw_spec(const std::string& source, const std::string& key,
                                    const std::string& message) {
  throw_input(source, 0, 0, "config key '" + key + "': " + message);
}

// "a, b, c" (at most 20 names then ", ...": enough to spot a typo without flooding the terminal).
inline std::string name_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i == 20) return out + ", ...";
    out += (i == 0 ? "" : ", ") + names[i];
  }
  return out;
}

inline std::string unknown_column(const Dataset& data, const std::string& name) {
  std::vector<std::string> names = data.names();
  names.insert(names.end(), data.unread().begin(), data.unread().end());
  return "unknown column '" + name + "' (columns: " + name_list(names) + ")";
}

}  // namespace adm::data
