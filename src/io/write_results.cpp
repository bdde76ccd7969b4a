#include "io/write_results.hpp"

#include <filesystem>

namespace adm::io {

StagedFile stage_side_file(const std::string& result_path, const std::string& suffix,
                           const std::string& content) {
  auto path = std::filesystem::path(result_path);
  path.replace_extension("." + suffix);
  return StagedFile(path.string(), content);
}

void write_results(ResultFile& file, const ResultSet& results) {
  for (const auto& e : results.entries()) {
    std::visit(
        [&](const auto& values) {
          using T = std::decay_t<decltype(values)>;
          if constexpr (std::is_same_v<T, std::vector<std::string>>)
            file.write(e.path, values, e.description, e.units);
          else
            file.write(e.path, values, e.description, e.units, e.dims);
        },
        e.values);
  }
  for (const auto& b : results.blocks()) file.write(b);
}

}  // namespace adm::io
