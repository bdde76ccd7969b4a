#pragma once
// The report's one inline style sheet.
#include <string>

namespace adm::report::html {

const std::string& style_sheet();

}  // namespace adm::report::html
