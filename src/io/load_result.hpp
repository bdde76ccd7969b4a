#pragma once
// A whole result file as plain data (core/result_document.hpp), for readers that must not see
// HDF5 (the HTML report).
#include <string>

#include "core/result_document.hpp"

namespace adm::io {

// InputError when the file is missing or not HDF5.
ResultDocument load_result(const std::string& path);

}  // namespace adm::io
