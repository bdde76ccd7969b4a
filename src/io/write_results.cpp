#include "io/write_results.hpp"

namespace adm::io {

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
}

}  // namespace adm::io
