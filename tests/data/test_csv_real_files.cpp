// The reader on the shared real datasets; skipped (with a warning) where they are not installed.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "data/csv_reader.hpp"
#include "data_test_util.hpp"

using adm::data::CsvOptions;
using adm::data::read_csv;

namespace {
bool have(const std::string& path) {
  if (std::filesystem::exists(path)) return true;
  WARN("skipped: " << path << " is not available");
  return false;
}
std::size_t level_index(const adm::data::Column& c, const std::string& level) {
  const auto& l = c.levels();
  return static_cast<std::size_t>(std::find(l.begin(), l.end(), level) - l.begin());
}
}  // namespace

TEST_CASE("csv real file: COMPAS two-year scores", "[data][csv][real]") {
  const std::string path = std::string(ADM_SHARED_DATA) + "/compas/compas-scores-two-years.csv";
  if (!have(path)) return;
  // ProPublica's header repeats two names: the reader refuses, naming the second occurrence.
  CHECK_THAT(adm::test::input_error([&] { read_csv(path); }),
             Catch::Matchers::StartsWith(
                 path + ":1:40: duplicate column name 'decile_score' (also column 12)"));
  // Renaming through csv names reads it whole.
  CsvOptions o;
  std::ifstream in(path);
  std::string header;
  std::getline(in, header);
  if (!header.empty() && header.back() == '\r') header.pop_back();  // the file has CRLF endings
  std::stringstream s(header);
  for (std::string name; std::getline(s, name, ',');) {
    if (std::find(o.names.begin(), o.names.end(), name) != o.names.end()) name += ".2";
    o.names.push_back(name);
  }
  const auto d = read_csv(path, o);
  CHECK(d.rows() == 7214);
  CHECK(d.cols() == 53);
  CHECK(d.column("age").is_numeric());
  CHECK(d.column("two_year_recid").is_numeric());
  CHECK(d.column("race").levels() == std::vector<std::string>{"African-American", "Asian",
                                                              "Caucasian", "Hispanic",
                                                              "Native American", "Other"});
  const auto& charge = d.column("c_charge_desc");
  CHECK(charge.level_count() == 437);  // 438 distinct texts, one of them empty = missing
  CHECK(charge.missing_count() == 29);
  CHECK(level_index(charge, "Poss 3,4 MDMA (Ecstasy)") < charge.level_count());
  CHECK(d.column("days_b_screening_arrest").missing_count() == 307);
}

TEST_CASE("csv real file: Adult training set with '?' as missing", "[data][csv][real]") {
  const std::string path = std::string(ADM_SHARED_DATA) + "/adult/adult_train_clean.csv";
  if (!have(path)) return;
  const auto d = read_csv(path);
  CHECK(d.rows() == 32561);
  CHECK(d.cols() == 15);
  CHECK(d.column("age").is_numeric());
  CHECK(d.column("fnlwgt").is_numeric());
  CHECK(d.column("workclass").missing_count() == 1836);
  CHECK(d.column("occupation").missing_count() == 1843);
  CHECK(d.column("native_country").missing_count() == 583);
  CHECK(level_index(d.column("workclass"), "?") == d.column("workclass").level_count());
  CHECK(d.column("education").level_count() == 16);
  CHECK(d.column("income").levels() == std::vector<std::string>{"<=50K", ">50K"});
}
