#include "core/toml_text.hpp"

#include "core/error.hpp"

namespace adm::config {

toml::table parse_toml(const std::string& text, const std::string& origin) {
  try {
    return toml::parse(text, origin);
  } catch (const toml::parse_error& e) {
    throw InputError(at_location(origin, e.source().begin.line, e.source().begin.column,
                                 std::string(e.description())));
  }
}

}  // namespace adm::config
