#pragma once
// What loading the data cost, for the run's log and the result file's /timing/load: a user at
// scale sees whether the load or the methods dominate, and how much of the file was used.
#include <cstdint>
#include <string>

#include "core/result_set.hpp"
#include "data/dataset.hpp"

namespace adm::data {

struct LoadReport {
  // How the ranks share the reading. Set by whoever loads: "every rank" reads the whole source on
  // each rank; loaders that share or split the reading name their own mode.
  std::string mode = "every rank";
  std::uint64_t rows = 0;          // rows read from the source (before filters)
  std::uint64_t columns_read = 0;  // columns converted and kept
  std::uint64_t file_columns = 0;  // columns of the source
  std::uint64_t bytes_held = 0;    // memory of the loaded table's columns on this rank
  double seconds = 0.0;            // wall time of the load on this rank
};

// Bytes of the columns' values, codes, missing flags and level names.
std::uint64_t bytes_held(const Dataset& data);

// "load: 1002746 rows, 9 of 53 columns read, 52.3 MB held, 1.84 s (every rank)".
std::string describe(const LoadReport& report);

// /timing/load/{seconds,rows,columns_read,file_columns,bytes_held,mode}.
void add_load_report(ResultSet& results, const LoadReport& report);

}  // namespace adm::data
