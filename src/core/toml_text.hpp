#pragma once
// TOML text to a table, a syntax error becoming an InputError at file:line:column, for every file
// the program reads through config::Fields (experiment configs, expectations).
#include <toml++/toml.h>

#include <string>

namespace adm::config {

toml::table parse_toml(const std::string& text, const std::string& origin);

}  // namespace adm::config
