#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "data/dataset.hpp"
#include "info/joint_codes.hpp"

using namespace adm;
using info::MissingPolicy;
using V = std::vector<std::int32_t>;

TEST_CASE("joint codes follow first appearance of each tuple", "[info]") {
  const V a{5, 0, 5, 0, 2, 5};
  const V b{1, 1, 1, 0, 1, 0};
  const auto jc = info::joint_codes({a, b});
  CHECK(jc.codes == V{0, 1, 0, 2, 3, 4});
  CHECK(jc.cardinality == 5);
  CHECK(jc.used_count == 6);
  // One column alone is re-coded compactly, also in order of first appearance.
  CHECK(info::joint_codes({a}).codes == V{0, 1, 0, 1, 2, 0});
  // No columns: the empty tuple, one cell.
  const auto none = info::joint_codes({}, MissingPolicy::Error, 4);
  CHECK(none.codes == V{0, 0, 0, 0});
  CHECK(none.cardinality == 1);
}

TEST_CASE("joint codes agree between the dense and hashed paths", "[info]") {
  // Large code values force the hash path; the same tuples with small codes use the dense table.
  Rng rng(3, "joint-codes");
  V a(500), b(500), a_big(500), b_big(500);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<std::int32_t>(rng.uniform_index(7));
    b[i] = static_cast<std::int32_t>(rng.uniform_index(5));
    a_big[i] = a[i] * 100000;
    b_big[i] = b[i] * 300000 + 7;
  }
  const auto small = info::joint_codes({a, b});
  const auto big = info::joint_codes({a_big, b_big});
  CHECK(small.codes == big.codes);
  CHECK(small.cardinality == big.cardinality);
  CHECK(small.cardinality <= 35);
}

TEST_CASE("joint codes: missing rows are an error or skipped with a mask", "[info]") {
  const V a{0, 1, -1, 1};
  const V b{2, -1, 0, 2};
  CHECK_THROWS_AS(info::joint_codes({a, b}), InputError);
  const auto jc = info::joint_codes({a, b}, MissingPolicy::Skip);
  CHECK(jc.used == std::vector<std::uint8_t>{1, 0, 0, 1});
  CHECK(jc.codes == V{0, -1, -1, 1});
  CHECK(jc.cardinality == 2);
  CHECK(jc.used_count == 2);
  CHECK_THROWS_AS(info::joint_codes({V{0, -2}}), InputError);       // invalid code
  CHECK_THROWS_AS(info::joint_codes({V{0, 1}, V{0}}), InputError);  // length mismatch
}

TEST_CASE("joint codes from a dataset: categorical only, missing named", "[info]") {
  data::Dataset ds("embedded:test");
  ds.add(data::Column::categorical("sex", {0, 1, 1, 0}, {"F", "M"}));
  ds.add(data::Column::categorical("race", {0, 0, 1, -1}, {"a", "b"}));
  ds.add(data::Column::numeric("age", {20.0, 30.0, 40.0, 50.0}));
  const auto jc = info::joint_codes(ds, {"sex"});
  CHECK(jc.codes == V{0, 1, 1, 0});
  try {
    info::joint_codes(ds, {"sex", "age"});
    FAIL("numeric column accepted");
  } catch (const InputError& e) {
    CHECK_THAT(e.what(), Catch::Contains("'age'") && Catch::Contains("discretised"));
  }
  try {
    info::joint_codes(ds, {"sex", "race"});
    FAIL("missing value accepted");
  } catch (const InputError& e) {
    CHECK_THAT(e.what(), Catch::Contains("'race'") && Catch::Contains("row 4"));
  }
  const auto skip = info::joint_codes(ds, {"sex", "race"}, MissingPolicy::Skip);
  CHECK(skip.used_count == 3);
  CHECK(skip.cardinality == 3);
  CHECK_THROWS_AS(info::joint_codes(ds, {"nope"}), InputError);
}
