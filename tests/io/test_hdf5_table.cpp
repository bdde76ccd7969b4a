// The HDF5 data source (issue 27 item 4): tables written with the HDF5 C API read as the same
// table written as CSV, only the selected columns are read, and broken tables are InputErrors
// naming the file and the dataset.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "../data/data_test_util.hpp"
#include "../lib/hdf5_table_writer.hpp"
#include "data/csv_reader.hpp"
#include "io/hdf5_table.hpp"
#include "io/load_data.hpp"

using adm::data::Column;
using adm::data::ColumnSelection;
using adm::data::DataSpec;
using adm::io::read_hdf5_table;
using adm::test::Hdf5TableWriter;
using adm::test::input_error;
using Catch::Matchers::Contains;

namespace {

std::string scratch(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("adm_hdf5_test_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

DataSpec spec_for(const std::string& path, const std::string& group = "/t") {
  DataSpec s;
  s.source = path;
  s.group = group;
  return s;
}

// Equal columns: same name, type, levels, codes or values, and missing cells.
void check_same(const Column& a, const Column& b) {
  INFO("column " << a.name());
  CHECK(a.name() == b.name());
  REQUIRE(a.type() == b.type());
  CHECK(adm::data::to_vector(a.missing()) == adm::data::to_vector(b.missing()));
  if (a.is_categorical()) {
    CHECK(a.levels() == b.levels());
    CHECK(adm::data::to_vector(a.codes()) == adm::data::to_vector(b.codes()));
    return;
  }
  REQUIRE(a.values().size() == b.values().size());
  for (std::size_t r = 0; r < a.size(); ++r)
    if (!a.is_missing(r)) CHECK(a.values()[r] == b.values()[r]);
}

}  // namespace

TEST_CASE("hdf5 table: every column kind reads as the same table in CSV", "[io][hdf5]") {
  const std::string h5 = scratch("same.h5");
  {
    Hdf5TableWriter w(h5, "/t");
    w.strings("city", {"Zürich", "Bern", "", "Bern", "Genève"});
    w.enums("sex", {"m", "f", "x"}, {7, -2, 3}, {7, -2, -2, 7, 7});  // "x" occurs nowhere
    w.integers("age", {30, 22, 45, 51, 10});
    w.doubles("income", {10.5, NAN, 15.25, 30.0, -2.0});
    w.floats("w", {1.0f, 0.5f, 2.0f, 1.0f, 0.25f});
    w.coded("label", {1, 0, -1, 1, 0}, {"no", "yes", "maybe"});
    w.strings("size", {"10", "9", "10", "100", "9"}, 3);  // text: numeric level order
  }
  adm::test::TempFile csv(
      "city,sex,age,income,w,label,size\n"
      "Zürich,m,30,10.5,1,yes,10\nBern,f,22,,0.5,no,9\n,f,45,15.25,2,,10\n"
      "Bern,m,51,30,1,yes,100\nGenève,m,10,-2,0.25,no,9\n");
  adm::data::CsvOptions options;
  options.missing_markers = {""};
  const auto from_csv = adm::data::read_csv_table(csv.path(), options,
                                                  {{"size", adm::data::ColumnType::Categorical}});
  const auto from_h5 = read_hdf5_table(spec_for(h5), {});
  REQUIRE(from_h5.data.names() == from_csv.data.names());
  for (const auto& c : from_csv.data.columns()) check_same(c, from_h5.data.column(c.name()));
  CHECK(from_h5.data.column("sex").levels() == std::vector<std::string>{"f", "m"});
  CHECK(from_h5.data.column("size").levels() == std::vector<std::string>{"9", "10", "100"});
  CHECK(from_h5.lines == std::vector<std::size_t>{1, 2, 3, 4, 5});

  // Only the selected columns are read; the others are still named.
  const auto some = read_hdf5_table(spec_for(h5), ColumnSelection{false, {"label", "age"}});
  CHECK(some.data.names() == std::vector<std::string>{"age", "label"});
  CHECK(some.data.unread() == std::vector<std::string>{"city", "sex", "income", "w", "size"});
  CHECK(some.file_columns.size() == 7);
  std::filesystem::remove(h5);
}

TEST_CASE("hdf5 table: load_dataset reads it by extension and applies the spec", "[io][hdf5]") {
  const std::string h5 = scratch("load.h5");
  {
    // The root group, without creation order: columns in name order.
    Hdf5TableWriter w(h5, "/", false);
    w.strings("z_group", {"a", "b", "a", "b"});
    w.integers("age", {30, 22, 45, 51});
    w.coded("label", {1, 0, 0, 1}, {"no", "yes"});
    w.compound("unused", 4);  // not read, so its type does not matter
  }
  DataSpec spec = spec_for(h5, "/");
  spec.roles.target = "label";
  spec.roles.sensitive = {"z_group"};
  spec.roles.features = {"age"};
  spec.positive = "yes";
  adm::data::LoadReport report;
  const auto d = adm::io::load_dataset(spec, &report);
  CHECK(d.names() == std::vector<std::string>{"age", "label", "z_group"});
  CHECK(adm::data::to_vector(d.column("label").codes()) == std::vector<std::int32_t>{1, 0, 0, 1});
  CHECK(report.columns_read == 3);
  CHECK(report.file_columns == 4);
  spec.roles.features = {"unused"};
  CHECK_THAT(input_error([&] { adm::io::load_dataset(spec); }),
             Contains(h5 + ": dataset '/unused': unsupported type"));
  std::filesystem::remove(h5);
}

TEST_CASE("hdf5 table: broken tables name the file and the dataset", "[io][hdf5]") {
  const std::string h5 = scratch("bad.h5");
  const auto error = [&](const std::string& group = "/t") {
    return input_error([&] { read_hdf5_table(spec_for(h5, group), {}); });
  };
  {
    Hdf5TableWriter w(h5, "/t");
    w.integers("a", {1, 2, 3});
  }
  CHECK(error("/nope") == h5 + ": no group '/nope' (config key 'data.group')");
  CHECK(error("/t/a") == h5 + ": '/t/a' is not a group (config key 'data.group')");
  {
    Hdf5TableWriter w(h5, "/t");
    w.integers("a", {1, 2, 3});
    w.integers("b", {1, 2});
  }
  CHECK(error() == h5 + ": dataset '/t/b': has 2 rows but '/t/a' has 3; every column must have as "
                        "many");
  {
    Hdf5TableWriter w(h5, "/t");
    w.matrix("m", 3, 2);
  }
  CHECK(error() == h5 + ": dataset '/t/m': has 2 dimensions; a column must be 1-D");
  {
    Hdf5TableWriter w(h5, "/t");
    w.integers("a", {1, 2, 3});
    w.subgroup("g");
  }
  CHECK_THAT(error(), Contains(h5 + ": dataset '/t/g': is not a dataset"));
  {
    Hdf5TableWriter w(h5, "/t");
    w.doubles("x", {1.0, -INFINITY});
  }
  CHECK_THAT(error(), Contains(h5 + ": dataset '/t/x': element 2 is -inf"));
  {
    Hdf5TableWriter w(h5, "/t");
    w.coded("c", {0, 1, 2}, {"p", "q"});
  }
  CHECK_THAT(error(), Contains(h5 + ": dataset '/t/c': element 3 is code 2"));
  {
    Hdf5TableWriter w(h5, "/t");
    w.enums("e", {"p", "q"}, {0, 1}, {0, 1, 5});
  }
  CHECK_THAT(error(), Contains(h5 + ": dataset '/t/e': element 3 is not a member"));
  {
    Hdf5TableWriter w(h5, "/t");
    w.strings("s", {"ok", "\xE9t\xE9"});
  }
  CHECK_THAT(error(), Contains(h5 + ": dataset '/t/s': element 2 is not valid UTF-8"));
  {
    Hdf5TableWriter w(h5, "/t");
    w.compound("p", 2);
  }
  CHECK_THAT(error(), Contains(h5 + ": dataset '/t/p': unsupported type"));
  { Hdf5TableWriter w(h5, "/t"); }
  CHECK(error() == h5 + ": group '/t': holds no datasets (one per column)");
  std::ofstream(h5) << "a,b\n1,2\n";
  CHECK_THAT(error(), Contains(h5 + ": not an HDF5 file"));
  std::filesystem::remove(h5);
}
