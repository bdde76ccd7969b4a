#include <catch2/catch.hpp>
#include <filesystem>

#include "io/result_file.hpp"

namespace fs = std::filesystem;
using adm::io::ResultFile;
using adm::io::ResultReader;

namespace {
std::string temp_path(const char* name) {
  return (fs::temp_directory_path() / (std::string("adm_test_") + name)).string();
}

void write_sample(const std::string& path, double value) {
  ResultFile f(path);
  f.attribute("config", std::string("[run]\nseed = 1\n"));
  f.attribute("ranks", std::int64_t{4});
  f.write("/stage/values", std::vector<double>{1.5, value, 3.0, 4.0}, "Some values.", "bits",
          {2, 2});
  f.write("/stage/counts", std::vector<std::int64_t>{7, 8}, "Counts.", "rows");
  f.write("/stage/names", std::vector<std::string>{"a", "b×c"}, "Names.");
  f.write("/timing/total", std::vector<double>{value}, "Time.", "s");
  f.commit();
}
}  // namespace

TEST_CASE("result file appears only when committed", "[io][hdf5]") {
  const auto dir = fs::path(temp_path("uncommitted"));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto path = (dir / "r.h5").string();
  {
    ResultFile f(path);
    f.write("/a/b", std::vector<double>{1.0}, "x", "y");
    CHECK(fs::is_empty(dir));  // built in memory: nothing on disk before commit()
  }                            // destroyed without commit, as when a run fails
  CHECK(fs::is_empty(dir));
}

TEST_CASE("datasets and attributes read back with description and units", "[io][hdf5]") {
  const auto path = temp_path("sample.h5");
  write_sample(path, 2.0);
  ResultReader r(path);
  CHECK(r.dataset_paths() == std::vector<std::string>{"/stage/counts", "/stage/names",
                                                      "/stage/values", "/timing/total"});
  CHECK(r.doubles("/stage/values") == std::vector<double>{1.5, 2.0, 3.0, 4.0});
  CHECK(r.dims("/stage/values") == std::vector<std::size_t>{2, 2});
  CHECK(r.integers("/stage/counts") == std::vector<std::int64_t>{7, 8});
  CHECK(r.strings("/stage/names") == std::vector<std::string>{"a", "b×c"});
  CHECK(r.attribute_text("/stage/values", "units") == "bits");
  CHECK(r.attribute_text("/stage/counts", "description") == "Counts.");
  CHECK(r.attribute_integer("/", "ranks") == 4);
  CHECK(r.attribute_text("/", "config") == "[run]\nseed = 1\n");
}

TEST_CASE("compare_results finds bitwise differences outside excluded paths", "[io][hdf5]") {
  const auto a = temp_path("a.h5"), b = temp_path("b.h5"), c = temp_path("c.h5");
  write_sample(a, 2.0);
  write_sample(b, 2.0);
  write_sample(c, 2.0000000000000004);  // one ulp away
  CHECK(adm::io::compare_results(a, b, {"/timing"}).empty());
  const auto diffs = adm::io::compare_results(a, c, {"/timing"});
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0] == "/stage/values: contents differ");
  CHECK(adm::io::compare_results(a, c, {"/timing", "/stage/values"}).empty());
  CHECK_THROWS(ResultReader(temp_path("does_not_exist.h5")));
}

// A table written in blocks (ResultBlocks) reads back whole, in row order, across block edges
// (65,536 rows a block), with its description and units; an empty one is a 0-row dataset.
TEST_CASE("a table written in blocks reads back as written", "[io][hdf5]") {
  const std::string path = temp_path("blocks.h5");
  const std::size_t rows = 150001, columns = 3;
  std::size_t calls = 0, largest = 0;
  {
    ResultFile f(path);
    f.write(adm::ResultBlocks{"/t/codes", adm::ResultBlocks::Type::Byte, rows, columns,
                              [&](std::size_t first, std::size_t count, void* out) {
                                ++calls;
                                largest = std::max(largest, count);
                                auto* at = static_cast<std::uint8_t*>(out);
                                for (std::size_t i = first; i < first + count; ++i)
                                  for (std::size_t c = 0; c < columns; ++c)
                                    *at++ = static_cast<std::uint8_t>((i * 7 + c) % 251);
                              },
                              "Codes.", "1"});
    f.write(adm::ResultBlocks{"/t/values", adm::ResultBlocks::Type::Real, rows, 1,
                              [](std::size_t first, std::size_t count, void* out) {
                                auto* at = static_cast<double*>(out);
                                for (std::size_t i = first; i < first + count; ++i)
                                  *at++ = 0.5 * static_cast<double>(i);
                              },
                              "Values.", "bits"});
    f.write(adm::ResultBlocks{"/t/none", adm::ResultBlocks::Type::Real, 0, 1,
                              [](std::size_t, std::size_t, void*) { FAIL("no rows to fill"); },
                              "Nothing.", "1"});
    f.commit();
  }
  CHECK(calls == 3);  // 65,536 + 65,536 + 18,929 rows: one block in memory at a time
  CHECK(largest == 65536);
  ResultReader r(path);
  CHECK(r.dims("/t/codes") == std::vector<std::size_t>{rows, columns});
  const auto codes = r.integers("/t/codes");
  REQUIRE(codes.size() == rows * columns);
  bool same = true;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t c = 0; c < columns; ++c)
      same = same && codes[i * columns + c] == static_cast<std::int64_t>((i * 7 + c) % 251);
  CHECK(same);
  const auto values = r.doubles("/t/values");
  REQUIRE(values.size() == rows);
  CHECK(values[0] == 0.0);
  CHECK(values[65536] == 32768.0);
  CHECK(values[rows - 1] == 75000.0);
  CHECK(r.attribute_text("/t/values", "units") == "bits");
  CHECK(r.attribute_text("/t/codes", "description") == "Codes.");
  CHECK(r.doubles("/t/none").empty());
  fs::remove(path);
}
