// libFuzzer harness of the CSV reader and the dataset loader: any bytes must give a Dataset or an
// InputError. Any other exception, a crash or a sanitizer report is a finding.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "data/csv_reader.hpp"
#include "data/load.hpp"

namespace {

const std::string& scratch_path() {
  static const std::string path = (std::filesystem::temp_directory_path() /
                                   ("adm_fuzz_csv_" + std::to_string(::getpid()) + ".csv"))
                                      .string();
  return path;
}

[[noreturn]] void finding(const char* what) {
  std::fprintf(stderr, "fuzz_csv: not an InputError: %s\n", what);
  std::abort();
}

// Roles from the table itself, so the loader's later steps (missing values, positive level,
// groups) run too: target = column 1 (its first level positive), sensitive = column 2.
adm::data::DataSpec spec_for(const adm::data::Dataset& table, std::size_t variant) {
  adm::data::DataSpec spec;
  spec.source = scratch_path();
  spec.missing = static_cast<adm::data::MissingPolicy>(variant % 3);
  const auto& names = table.names();
  spec.roles.target = names.front();
  const auto& target = table.column(names.front());
  if (target.is_categorical() && target.level_count() > 0) spec.positive = target.levels().front();
  if (names.size() > 1 && table.column(names[1]).is_categorical())
    spec.roles.sensitive = {names[1]};
  spec.intersect_sensitive = false;
  return spec;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::ofstream(scratch_path(), std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  // The input's size picks reader options, so the seeds stay plain CSV files.
  adm::data::CsvOptions options;
  if (size % 4 == 1) options.delimiter = ';';
  if (size % 4 == 2) options.trim = false;
  if (size % 4 == 3) options.rename_duplicates = true;
  try {
    const auto table = adm::data::read_csv(scratch_path(), options);
    auto spec = spec_for(table, size);
    spec.csv = options;
    adm::data::load_dataset(spec);
  } catch (const adm::InputError&) {
  } catch (const std::exception& e) {
    finding(e.what());
  }
  return 0;
}
