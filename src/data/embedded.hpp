#pragma once
// Built-in synthetic datasets, chosen by `source = "embedded:NAME"`, so demos need no files.
#include <cstdint>
#include <string>

#include "data/dataset.hpp"

namespace adm::data {

// The embedded dataset `name` (without the "embedded:" prefix) with `rows` rows (0 = its default).
Dataset make_embedded(const std::string& name, std::uint64_t rows);

}  // namespace adm::data
