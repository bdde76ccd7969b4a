#include "data/load_report.hpp"

#include <cstdio>

namespace adm::data {

std::uint64_t bytes_held(const Dataset& data) {
  std::uint64_t bytes = 0;
  for (const Column& c : data.columns()) {
    bytes += c.missing().size();
    if (c.is_numeric()) {
      bytes += c.values().size() * sizeof(double);
      continue;
    }
    bytes += c.codes().size() * sizeof(std::int32_t);
    for (const auto& level : c.levels()) bytes += sizeof(std::string) + level.size();
  }
  return bytes;
}

std::string describe(const LoadReport& r) {
  char text[256];
  std::snprintf(
      text, sizeof text, "load: %llu rows, %llu of %llu columns read, %.1f MB held, %.2f s (%s)",
      static_cast<unsigned long long>(r.rows), static_cast<unsigned long long>(r.columns_read),
      static_cast<unsigned long long>(r.file_columns), double(r.bytes_held) / 1e6, r.seconds,
      r.mode.c_str());
  return text;
}

void add_load_report(ResultSet& results, const LoadReport& r) {
  const auto one = [](std::uint64_t v) {
    return std::vector<std::int64_t>{static_cast<std::int64_t>(v)};
  };
  results.add("/timing/load/seconds", std::vector<double>{r.seconds},
              "Wall time of loading the data on the coordinator (read, shape, check).", "s");
  results.add("/timing/load/rows", one(r.rows), "Rows read from the data source (before filters).",
              "rows");
  results.add("/timing/load/columns_read", one(r.columns_read),
              "Columns of the source converted and kept (those the run uses).", "columns");
  results.add("/timing/load/file_columns", one(r.file_columns), "Columns of the data source.",
              "columns");
  results.add("/timing/load/bytes_held", one(r.bytes_held),
              "Memory of the loaded table's columns on the coordinator.", "bytes");
  results.add("/timing/load/mode", std::vector<std::string>{r.mode},
              "How the ranks share the reading (every rank: each reads the whole source).");
}

}  // namespace adm::data
