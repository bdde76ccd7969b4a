// load_result: a whole result file read back as plain data (the HTML report's input).
#include <catch2/catch.hpp>
#include <filesystem>

#include "core/error.hpp"
#include "io/load_result.hpp"
#include "io/result_file.hpp"

namespace fs = std::filesystem;

TEST_CASE("load_result: attributes and every dataset, typed, with shape and metadata", "[io]") {
  const auto dir = fs::temp_directory_path() / "adm_test_load_result";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "r.h5").string();
  {
    adm::io::ResultFile f(path);
    f.attribute("version", std::string("9.9.9"));
    f.attribute("ranks", std::int64_t{4});
    f.attribute("scale", 0.25);
    f.write("/a/x", std::vector<double>{1.5, -2.0}, "some x", "bits");
    f.write("/a/n", std::vector<std::int64_t>{7, 8, 9}, "counts", "rows");
    f.write("/b/names", std::vector<std::string>{"p<q", "r & s"}, "names");
    f.write("/b/m", std::vector<double>{1, 2, 3, 4, 5, 6}, "a matrix", "1", {2, 3});
    f.commit();
  }
  const adm::ResultDocument doc = adm::io::load_result(path);
  CHECK(doc.file == path);
  REQUIRE(doc.attributes.size() == 3);  // in name order
  CHECK(doc.attributes[0] == std::pair<std::string, std::string>{"ranks", "4"});
  CHECK(doc.attributes[1] == std::pair<std::string, std::string>{"scale", "0.25"});
  CHECK(*doc.attribute("version") == "9.9.9");
  CHECK(doc.attribute("absent") == nullptr);
  const auto& e = doc.results.entries();
  REQUIRE(e.size() == 4);  // in path order
  CHECK(e[0].path == "/a/n");
  CHECK(std::get<std::vector<std::int64_t>>(e[0].values) == std::vector<std::int64_t>{7, 8, 9});
  CHECK(e[0].units == "rows");
  CHECK(e[1].path == "/a/x");
  CHECK(std::get<std::vector<double>>(e[1].values) == std::vector<double>{1.5, -2.0});
  CHECK(e[1].description == "some x");
  CHECK(e[1].dims.empty());
  CHECK(e[2].path == "/b/m");
  CHECK(e[2].dims == std::vector<std::size_t>{2, 3});
  CHECK(std::get<std::vector<double>>(e[2].values).size() == 6);
  CHECK(e[3].path == "/b/names");
  CHECK(std::get<std::vector<std::string>>(e[3].values) ==
        std::vector<std::string>{"p<q", "r & s"});
  CHECK_THROWS_AS(adm::io::load_result((dir / "absent.h5").string()), adm::InputError);
  fs::remove_all(dir);
}
