// Derived columns beyond thresholds (labelled bins, days between dates), count tables expanded to
// one row per unit, and numeric sensitive attributes cut into quantile groups.
#include <catch2/catch.hpp>
#include <string>

#include "data/load.hpp"
#include "data_test_util.hpp"

using adm::data::Column;
using adm::data::DataSpec;
using adm::data::DerivedColumn;
using adm::data::DeriveKind;
using adm::data::load_dataset;
using adm::test::cell_texts;
using adm::test::input_error;
using adm::test::TempFile;
using Catch::Matchers::Contains;

namespace {

DataSpec spec_of(const TempFile& file) {
  DataSpec s;
  s.source = file.path();
  s.roles.target = "y";
  return s;
}

DerivedColumn bins(std::string name, std::string column, std::vector<double> breaks,
                   std::vector<std::string> labels) {
  DerivedColumn d;
  d.key = "data.derive[0]";
  d.name = std::move(name);
  d.kind = DeriveKind::Bins;
  d.column = std::move(column);
  d.breaks = std::move(breaks);
  d.labels = std::move(labels);
  return d;
}

}  // namespace

TEST_CASE("load: bins are right-closed and labelled, as R's cut", "[data][load][derive]") {
  const TempFile f("y,priors\n0,0\n1,1\n0,3\n1,4\n0,\n1,12\n");
  DataSpec s = spec_of(f);
  s.missing = adm::data::MissingPolicy::Keep;
  s.derived.push_back(bins("prior_counts", "priors", {0, 3}, {"0", "1-3", ">3"}));
  const auto d = load_dataset(s);
  const Column& p = d.column("prior_counts");
  CHECK(p.levels() == std::vector<std::string>{"0", "1-3", ">3"});
  CHECK(cell_texts(p) == std::vector<std::string>{"0", "1-3", "1-3", ">3", "", ">3"});

  s.derived[0].labels = {"low", "high"};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.derive[0].labels': 2 breaks make 3 bins, but 2 labels"));
  s.derived[0] = bins("p", "priors", {3, 3}, {"a", "b", "c"});
  CHECK_THAT(input_error([&] { load_dataset(s); }), Contains("strictly increasing"));
}

TEST_CASE("load: days between two date-time columns", "[data][load][derive]") {
  const TempFile f(
      "y,in,out\n"
      "0,2013-08-13 06:03:42,2013-08-14 05:41:20\n"
      "1,2012-02-28,2012-03-01\n"  // across a leap day
      "0,,2014-01-01\n"
      "1,1969-12-31 12:00,1970-01-01\n");
  DataSpec s = spec_of(f);
  s.missing = adm::data::MissingPolicy::Keep;
  DerivedColumn d;
  d.key = "data.derive[0]";
  d.name = "stay";
  d.kind = DeriveKind::DaysBetween;
  d.from = "in";
  d.to = "out";
  s.derived.push_back(d);
  s.derived.push_back(bins("stay_bin", "stay", {1}, {"<=1d", ">1d"}));
  const auto data = load_dataset(s);
  const auto& v = data.column("stay").values();
  CHECK(v[0] == Approx((86400.0 - 6 * 3600 - 3 * 60 - 42 + 5 * 3600 + 41 * 60 + 20) / 86400.0));
  CHECK(v[1] == 2.0);
  CHECK(data.column("stay").is_missing(2));
  CHECK(v[3] == 0.5);
  CHECK(cell_texts(data.column("stay_bin")) == std::vector<std::string>{"<=1d", ">1d", "", "<=1d"});

  const TempFile bad("y,in,out\n0,2013-08-13,2013-08-14\n1,2013-02-30,2013-03-01\n");
  DataSpec b = spec_of(bad);
  b.derived.push_back(d);
  CHECK_THAT(input_error([&] { load_dataset(b); }),
             Contains(bad.path() + ":3:") && Contains("config key 'data.derive[0].from'") &&
                 Contains("'2013-02-30' in column 'in' is not a date"));
}

TEST_CASE("load: a count table becomes one row per counted unit", "[data][load][counts]") {
  const TempFile table("y,g,n\nyes,a,2\nno,a,0\nno,b,3\n");
  DataSpec s = spec_of(table);
  s.roles.sensitive = {"g"};
  s.counts = "n";
  const auto d = load_dataset(s);
  CHECK(d.rows() == 5);
  CHECK_FALSE(d.has("n"));
  CHECK(d.roles().features.empty());
  CHECK(cell_texts(d.column("y")) == std::vector<std::string>{"yes", "yes", "no", "no", "no"});
  CHECK(d.source_line(0) == 2);
  CHECK(d.source_line(4) == 4);
  // The same as the table written out by hand, one row per unit.
  const TempFile expanded("y,g\nyes,a\nyes,a\nno,b\nno,b\nno,b\n");
  DataSpec e = spec_of(expanded);
  e.roles.sensitive = {"g"};
  const auto x = load_dataset(e);
  CHECK(cell_texts(x.column("y")) == cell_texts(d.column("y")));
  CHECK(cell_texts(x.column("g")) == cell_texts(d.column("g")));

  s.roles.features = {"n"};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.features': 'n' is the counts column"));
  const TempFile frac("y,g,n\nyes,a,2.5\nno,b,1\n");
  DataSpec f = spec_of(frac);
  f.counts = "n";
  CHECK_THAT(input_error([&] { load_dataset(f); }),
             Contains(frac.path() + ":2:") &&
                 Contains("count '2.5' in column 'n' must be a whole number >= 0"));
  const TempFile huge("y,g,n\nyes,a,1e9\nno,b,1\n");
  DataSpec h = spec_of(huge);
  h.counts = "n";
  CHECK_THAT(input_error([&] { load_dataset(h); }), Contains("name it as data.weights"));
}

TEST_CASE("load: a numeric sensitive attribute cut into quantile groups", "[data][load][bins]") {
  std::string csv = "y,age\n";
  for (int i = 0; i < 40; ++i) csv += std::to_string(i % 2) + "," + std::to_string(20 + i) + "\n";
  const TempFile f(csv);
  DataSpec s = spec_of(f);
  s.roles.sensitive = {"age"};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("sensitive attribute 'age' is numeric; bin it into quantile groups "
                      "(data.sensitive_bins)"));
  s.sensitive_bins = 4;
  const auto d = load_dataset(s);
  const Column& age = d.column("age");
  REQUIRE(age.is_categorical());
  CHECK(age.levels() ==
        std::vector<std::string>{"[-inf,29.75)", "[29.75,39.5)", "[39.5,49.25)", "[49.25,inf)"});
  std::vector<int> size(4, 0);
  for (auto c : age.codes()) ++size[static_cast<std::size_t>(c)];
  CHECK(size == std::vector<int>{10, 10, 10, 10});
}
