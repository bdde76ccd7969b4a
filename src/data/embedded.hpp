#pragma once
// Built-in synthetic datasets, chosen by `source = "embedded:NAME"`, so demos need no files.
#include <cstdint>
#include <string>
#include <vector>

#include "data/dataset.hpp"

namespace adm::data {

// The embedded dataset `name` (without the "embedded:" prefix) with `rows` rows (0 = its default).
// `draw` selects an independent draw of a random dataset (0 = the canonical one), so a study can
// repeat an experiment on fresh samples (the paper's "50 repetitions").
Dataset make_embedded(const std::string& name, std::uint64_t rows, std::uint64_t draw = 0);

// Names of the embedded datasets, for messages and docs.
std::vector<std::string> embedded_names();

}  // namespace adm::data
