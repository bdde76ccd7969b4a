// Inputs must be regular files: a FIFO would block forever, /dev/zero never ends (issue 16 item 5).
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "core/input_file.hpp"

namespace fs = std::filesystem;
using adm::read_regular_file;

namespace {
std::string refusal(const std::string& path, const std::string& what = "") {
  try {
    read_regular_file(path, what);
  } catch (const adm::InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("regular files are read whole", "[core][input]") {
  const auto path = (fs::temp_directory_path() / "adm_test_input.txt").string();
  const std::string text = std::string(100000, 'x') + "\nend";
  std::ofstream(path, std::ios::binary) << text;
  CHECK(read_regular_file(path) == text);
  fs::remove(path);
}

TEST_CASE("FIFOs, devices, folders and missing files are refused, naming them", "[core][input]") {
  const auto fifo = (fs::temp_directory_path() / "adm_test_input.fifo").string();
  fs::remove(fifo);
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(refusal(fifo, "config file") ==
        fifo + ": cannot read config file: is a FIFO (named pipe); only regular files are read");
  fs::remove(fifo);
  CHECK(refusal("/dev/zero") ==
        "/dev/zero: cannot read: is a character device; only regular files are read");
  CHECK(refusal(fs::temp_directory_path().string()) ==
        fs::temp_directory_path().string() + ": cannot read: is a directory");
  CHECK(refusal("/nonexistent/x.csv") == "/nonexistent/x.csv: cannot open: no such file");
}
