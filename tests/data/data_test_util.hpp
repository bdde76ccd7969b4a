#pragma once
// Helpers for the data-layer tests: throwaway files with exact bytes, and error-message capture.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "data/column.hpp"

namespace adm::test {

// A file in the temp folder holding exactly `bytes`, removed when the object goes.
class TempFile {
 public:
  explicit TempFile(const std::string& bytes) {
    static int counter = 0;
    path_ =
        (std::filesystem::temp_directory_path() /
         ("adm_data_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".csv"))
            .string();
    std::ofstream(path_, std::ios::binary) << bytes;
  }
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The message of the InputError that `f` throws, or a marker that no InputError came.
template <class F>
std::string input_error(F&& f) {
  try {
    f();
  } catch (const adm::InputError& e) {
    return e.what();
  }
  return "<no InputError thrown>";
}

// Every cell of a column as text ("" where missing).
inline std::vector<std::string> cell_texts(const adm::data::Column& c) {
  std::vector<std::string> out;
  for (std::size_t r = 0; r < c.size(); ++r) out.push_back(c.cell_text(r));
  return out;
}

inline std::string fixture(const std::string& name) {
  return std::string(ADM_TEST_DIR) + "/data/fixtures/" + name;
}

}  // namespace adm::test
