#include <catch2/catch.hpp>
#include <string>

#include "data/load.hpp"
#include "data/roles.hpp"
#include "data_test_util.hpp"

using adm::data::Column;
using adm::data::DataSpec;
using adm::data::DerivedColumn;
using adm::data::load_dataset;
using adm::data::MissingPolicy;
using adm::data::RowFilter;
using adm::data::to_vector;
using adm::test::cell_texts;
using adm::test::input_error;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

const std::string kPeople = adm::test::fixture("people.csv");

// The people fixture with label as target and race as sensitive attribute.
DataSpec people() {
  DataSpec s;
  s.source = kPeople;
  s.roles.target = "label";
  s.roles.sensitive = {"race"};
  s.missing = MissingPolicy::Keep;
  return s;
}

RowFilter filter_in(std::string column, std::vector<std::string> in, int index = 0) {
  RowFilter f;
  f.key = "data.filter[" + std::to_string(index) + "]";
  f.column = std::move(column);
  f.in = std::move(in);
  return f;
}

DerivedColumn threshold_column(std::string key, std::string name, std::string column,
                               std::string op, double threshold) {
  DerivedColumn d;
  d.key = std::move(key);
  d.name = std::move(name);
  d.column = std::move(column);
  d.op = std::move(op);
  d.threshold = threshold;
  return d;
}

std::vector<double> ids(const adm::data::Dataset& d) { return to_vector(d.column("id").values()); }

}  // namespace

TEST_CASE("load: roles default to every other column", "[data][load]") {
  DataSpec s = people();
  s.roles.weights = "w";
  const auto d = load_dataset(s);
  CHECK(d.rows() == 8);
  CHECK(d.source() == kPeople);
  CHECK(d.roles().target == "label");
  CHECK(d.roles().sensitive == std::vector<std::string>{"race"});
  CHECK(d.roles().weights == "w");
  CHECK(d.roles().features == std::vector<std::string>{"id", "age", "sex", "priors", "score"});
  CHECK(d.column("label").levels() == std::vector<std::string>{"no", "yes"});  // left as is
}

TEST_CASE("load: drop columns", "[data][load]") {
  DataSpec s = people();
  s.drop = {"id", "score"};
  const auto d = load_dataset(s);
  CHECK_FALSE(d.has("id"));
  CHECK_FALSE(d.has("score"));
  CHECK(d.roles().features == std::vector<std::string>{"age", "sex", "priors", "w"});
  s.drop = {"id", "nope"};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             StartsWith(kPeople + ": config key 'data.drop[1]': unknown column 'nope'"));
}

TEST_CASE("load: derived binary column age >= 25", "[data][load]") {
  DataSpec s = people();
  s.derived.push_back(threshold_column("data.derive[0]", "adult", "age", ">=", 25.0));
  s.derived.push_back(threshold_column("data.derive[1]", "has_priors", "priors", ">", 0.0));
  const auto d = load_dataset(s);
  const Column& a = d.column("adult");
  CHECK(a.levels() == std::vector<std::string>{"0", "1"});
  CHECK(to_vector(a.codes()) == std::vector<std::int32_t>{0, 1, 1, 0, 1, 1, 1, 0});
  CHECK(d.column("has_priors").is_missing(2));  // missing source stays missing
  CHECK(d.column("has_priors").codes()[1] == 1);

  DataSpec bad = people();
  bad.derived.push_back(threshold_column("data.derive[0]", "x", "race", ">=", 1.0));
  CHECK_THAT(
      input_error([&] { load_dataset(bad); }),
      StartsWith(kPeople + ": config key 'data.derive[0].column': column 'race' is categorical"));
  bad.derived[0] = threshold_column("data.derive[0]", "age", "score", ">=", 1.0);
  CHECK_THAT(input_error([&] { load_dataset(bad); }),
             Contains("config key 'data.derive[0].name': column 'age' already exists"));
  bad.derived[0] = threshold_column("data.derive[0]", "x", "agee", ">=", 1.0);
  CHECK_THAT(input_error([&] { load_dataset(bad); }),
             Contains("config key 'data.derive[0].column': unknown column 'agee'"));
}

TEST_CASE("load: filter race in [African-American, Caucasian]", "[data][load]") {
  DataSpec s = people();
  s.filters.push_back(filter_in("race", {"African-American", "Caucasian"}));
  const auto d = load_dataset(s);
  CHECK(ids(d) == std::vector<double>{1, 2, 4, 5, 7, 8});  // order kept
  CHECK(d.column("race").levels() == std::vector<std::string>{"African-American", "Caucasian"});

  s.filters[0] = filter_in("race", {"African-American", "Caucasion"});
  CHECK_THAT(
      input_error([&] { load_dataset(s); }),
      StartsWith(
          kPeople +
          ": config key 'data.filter[0].in': level 'Caucasion' does not occur in column 'race'"));
  s.filters[0] = filter_in("racee", {"x"});
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.filter[0].column': unknown column 'racee'"));
}

TEST_CASE("load: numeric range filters are inclusive; empty results are errors", "[data][load]") {
  DataSpec s = people();
  RowFilter f;
  f.key = "data.filter[0]";
  f.column = "age";
  f.min = 23;
  f.max = 31;
  s.filters.push_back(f);
  s.roles.sensitive = {"sex"};
  CHECK(ids(load_dataset(s)) == std::vector<double>{1, 2, 5, 8});
  s.filters[0].min = 100;
  s.filters[0].max.reset();
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.filter[0]': no rows are left"));
  s.filters[0] = filter_in("priors", {"0", "5"});
  CHECK(ids(load_dataset(s)) == std::vector<double>{1, 5, 6, 8});
  s.filters[0] = filter_in("priors", {"4"});
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.filter[0].in': value 4 does not occur"));
}

TEST_CASE("load: role errors name their config keys", "[data][load]") {
  DataSpec s = people();
  s.roles.target = "labl";
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             StartsWith(kPeople + ": config key 'data.target': unknown column 'labl'"));
  s = people();
  s.roles.sensitive = {"age"};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.sensitive': sensitive attribute 'age' is numeric") &&
                 Contains("data.derive") && Contains("data.types"));
  s = people();
  s.roles.features = {"age", "sex", "age"};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.features': feature 'age' is named twice"));
  s.roles.features = {"age", "label"};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.features': feature 'label' is also the target"));
  s = people();
  s.roles.weights = "sex";
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.weights': weights column 'sex' must be numeric"));
  s.roles.weights = "race";
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.weights': 'race' already has another role"));
}

TEST_CASE("load: negative weights are reported at their file line", "[data][load]") {
  adm::test::TempFile f("y,g,w\na,m,1\nb,f,-1\na,f,2\n");
  DataSpec s;
  s.source = f.path();
  s.roles = {"y", {"g"}, {}, "w"};
  CHECK(input_error([&] { load_dataset(s); }) ==
        f.path() +
            ":3:3: config key 'data.weights': weight -1 in column 'w' must be finite and >= 0");
}

TEST_CASE("load: positive level recodes the target to 0/1", "[data][load]") {
  DataSpec s = people();
  s.positive = "yes";
  const auto d = load_dataset(s);
  CHECK(d.column("label").levels() == std::vector<std::string>{"0", "1"});
  CHECK(to_vector(d.column("label").codes()) == std::vector<std::int32_t>{1, 0, 1, 0, 1, 0, 0, 1});
  s.positive = "no";
  CHECK(to_vector(load_dataset(s).column("label").codes()) ==
        std::vector<std::int32_t>{0, 1, 0, 1, 0, 1, 1, 0});
  s.positive = "maybe";
  CHECK_THAT(
      input_error([&] { load_dataset(s); }),
      Contains(
          "config key 'data.positive': positive level 'maybe' does not occur in target 'label'"));
  // A numeric integer target is matched by value; a fractional one is refused.
  s.positive = "2";
  s.roles.target = "priors";
  s.missing = MissingPolicy::DropRows;
  const auto p = load_dataset(s);
  CHECK(cell_texts(p.column("priors")) ==
        std::vector<std::string>{"0", "1", "0", "0", "0", "0", "0"});
  s.roles.target = "score";
  s.positive = "4";
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.positive': target 'score' has non-integer values"));
}

TEST_CASE("load: missing-value policies on role columns", "[data][load]") {
  DataSpec s = people();
  s.missing = MissingPolicy::Error;
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             StartsWith(kPeople +
                        ":4:5: missing value in column 'priors' (feature); data.missing is error"));
  // Line numbers survive filtering: row 2 of the filtered table is still line 4 of the file.
  s.filters.push_back(filter_in("race", {"Caucasian", "Hispanic"}));
  CHECK_THAT(input_error([&] { load_dataset(s); }), StartsWith(kPeople + ":4:5: missing value"));
  s.filters.clear();
  s.roles.features = {"age", "sex"};  // priors unused: its missing cell does not matter
  CHECK(load_dataset(s).rows() == 8);

  s = people();
  s.missing = MissingPolicy::DropRows;
  const auto dropped = load_dataset(s);
  CHECK(ids(dropped) == std::vector<double>{1, 2, 4, 5, 6, 7, 8});
  CHECK(dropped.column("race").levels() ==
        std::vector<std::string>{"African-American", "Asian", "Caucasian"});  // Hispanic unused now
  s.missing = MissingPolicy::Keep;
  const auto kept = load_dataset(s);
  CHECK(kept.rows() == 8);
  CHECK(kept.column("priors").missing_count() == 1);
}

TEST_CASE("load: intersection of sensitive attributes comes first", "[data][load]") {
  DataSpec s = people();
  s.roles.sensitive = {"race", "sex"};
  s.intersect_sensitive = true;
  s.filters.push_back(filter_in("race", {"African-American", "Caucasian"}));
  const auto d = load_dataset(s);
  const std::string name = "race×sex";
  CHECK(d.roles().sensitive == std::vector<std::string>{name, "race", "sex"});
  const Column& x = d.column(name);
  CHECK(x.levels() == std::vector<std::string>{"African-American×Female", "African-American×Male",
                                               "Caucasian×Female", "Caucasian×Male"});
  // ids 1,2,4,5,7,8: AA-M, C-F, C-M, AA-F, AA-M, C-F
  CHECK(to_vector(x.codes()) == std::vector<std::int32_t>{1, 2, 3, 0, 1, 2});
  CHECK(std::find(d.roles().features.begin(), d.roles().features.end(), name) ==
        d.roles().features.end());
  s.roles.sensitive = {"race"};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.intersect': needs at least two"));
}

TEST_CASE("load: empty sensitive groups are errors naming the key", "[data][load]") {
  DataSpec s = people();
  s.filters.push_back(filter_in("race", {"Asian", "Caucasian"}, 0));
  s.filters.push_back(filter_in("sex", {"Male"}, 1));  // the only Asian row is female
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             StartsWith(kPeople + ": config key 'data.filter[0].in': group 'Asian' of sensitive "
                                  "attribute 'race' has no rows"));
  s = people();
  s.roles.sensitive = {"sex"};
  s.filters.push_back(filter_in("sex", {"Female"}));
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.sensitive': sensitive attribute 'sex' has 1 non-empty "
                      "group(s) (Female)"));
  s = people();
  RowFilter young;
  young.key = "data.filter[0]";
  young.column = "age";
  young.max = 40;
  s.filters.push_back(young);
  CHECK(load_dataset(s).column("race").levels() ==
        std::vector<std::string>{"African-American", "Caucasian"});
}

TEST_CASE("intersect_columns marks rows missing when any part is", "[data][load]") {
  const auto a = Column::categorical("a", {0, 1, -1, 1}, {"p", "q"});
  const auto b = Column::categorical("b", {1, 0, 0, 1}, {"u", "v"});
  const auto x = adm::data::intersect_columns({&a, &b}, "a×b");
  CHECK(x.levels() == std::vector<std::string>{"p×v", "q×u", "q×v"});
  CHECK(to_vector(x.codes()) == std::vector<std::int32_t>{0, 1, -1, 2});
}

TEST_CASE("load: embedded source with types, drops and a positive level", "[data][load]") {
  DataSpec s;
  s.source = "embedded:demo";
  s.rows = 300;
  s.types = {{"age", adm::data::ColumnType::Categorical}};
  s.drop = {"favorite_color"};
  s.roles.target = "repaid";
  s.roles.sensitive = {"race"};
  s.positive = "yes";
  const auto d = load_dataset(s);
  CHECK(d.rows() == 300);
  CHECK(d.column("age").is_categorical());
  CHECK_FALSE(d.has("favorite_color"));
  CHECK(d.column("repaid").levels() == std::vector<std::string>{"0", "1"});
  CHECK(std::find(d.roles().features.begin(), d.roles().features.end(), "repaid") ==
        d.roles().features.end());
  s.types = {{"race", adm::data::ColumnType::Numeric}};
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             Contains("config key 'data.types.race': column 'race' is declared numeric"));
  s.types.clear();
  s.filters.push_back(filter_in("sex", {"nobody"}));
  CHECK_THAT(input_error([&] { load_dataset(s); }),
             StartsWith("embedded:demo: config key 'data.filter[0].in': level 'nobody'"));
}
