#include <catch2/catch.hpp>

#include "data/encode.hpp"
#include "data_test_util.hpp"

using adm::data::Column;
using adm::data::to_vector;

TEST_CASE("one-hot encoding gives one 0/1 column per level", "[data][encode]") {
  const auto race = Column::categorical("race", {2, 0, -1, 1}, {"A", "B", "C"});
  const auto cols = adm::data::one_hot(race);
  REQUIRE(cols.size() == 3);
  CHECK(cols[0].name() == "race=A");
  CHECK(cols[2].name() == "race=C");
  CHECK(cols[0].levels() == std::vector<std::string>{"0", "1"});
  CHECK(to_vector(cols[0].codes()) == std::vector<std::int32_t>{0, 1, -1, 0});
  CHECK(to_vector(cols[1].codes()) == std::vector<std::int32_t>{0, 0, -1, 1});
  CHECK(to_vector(cols[2].codes()) == std::vector<std::int32_t>{1, 0, -1, 0});
  const auto dropped = adm::data::one_hot(race, true);
  REQUIRE(dropped.size() == 2);
  CHECK(dropped[0].name() == "race=B");
  CHECK_THROWS_AS(adm::data::one_hot(Column::numeric("x", {1.0})), adm::InputError);
}

TEST_CASE("binarize gives one column per threshold", "[data][encode]") {
  const auto age = Column::numeric("age", {18, 25, 40, NAN});
  const auto cols = adm::data::binarize(age, {25, 37.5});
  REQUIRE(cols.size() == 2);
  CHECK(cols[0].name() == "age>=25");
  CHECK(cols[1].name() == "age>=37.5");
  CHECK(to_vector(cols[0].codes()) == std::vector<std::int32_t>{0, 1, 1, -1});
  CHECK(to_vector(cols[1].codes()) == std::vector<std::int32_t>{0, 0, 1, -1});
}

TEST_CASE("one_hot_features expands categorical features in place", "[data][encode]") {
  adm::data::Dataset d("mem");
  d.add(Column::numeric("x", {1, 2}));
  d.add(Column::categorical("c", {0, 1}, {"a", "b"}));
  d.add(Column::categorical("s", {1, 0}, {"f", "m"}));
  d.add(Column::categorical("y", {0, 1}, {"0", "1"}));
  d.roles() = {"y", {"s"}, {"c", "x"}, ""};
  const auto e = adm::data::one_hot_features(d);
  CHECK(e.names() == std::vector<std::string>{"x", "c=a", "c=b", "s", "y"});
  CHECK(e.roles().features == std::vector<std::string>{"c=a", "c=b", "x"});
  CHECK(e.roles().sensitive == std::vector<std::string>{"s"});
  CHECK(to_vector(e.column("c=b").codes()) == std::vector<std::int32_t>{0, 1});
  CHECK(adm::data::one_hot_features(d, true).roles().features ==
        std::vector<std::string>{"c=b", "x"});
}
