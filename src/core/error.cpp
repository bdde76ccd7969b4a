#include "core/error.hpp"

namespace adm {

std::string at_location(const std::string& file, std::size_t line, std::size_t column,
                        const std::string& message) {
  std::string out = file;
  if (line > 0) out.append(":").append(std::to_string(line));
  if (line > 0 && column > 0) out.append(":").append(std::to_string(column));
  if (!out.empty()) out.append(": ");
  out.append(message);
  return out;
}

void throw_input(const std::string& file, std::size_t line, std::size_t column,
                 const std::string& message) {
  throw InputError(at_location(file, line, column, message));
}

}  // namespace adm
