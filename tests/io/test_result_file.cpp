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
