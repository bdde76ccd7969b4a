#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <memory>

#include "core/error.hpp"
#include "data/column.hpp"

using adm::data::Column;
using adm::data::to_vector;

namespace {

// Cells held outside any Column, as a node's shared block holds them.
struct Storage {
  std::vector<std::int32_t> codes{2, 0, -1, 1, 2};
  std::vector<double> values{1.5, std::nan(""), -3.0, 0.0, 1e300};
  std::vector<std::uint8_t> missing_codes{0, 0, 1, 0, 0};
  std::vector<std::uint8_t> missing_values{0, 1, 0, 0, 0};
};

const std::vector<std::string> kLevels{"a", "b", "c"};

void check_same_cells(const Column& a, const Column& b) {
  REQUIRE(a.size() == b.size());
  CHECK(a.name() == b.name());
  CHECK(a.type() == b.type());
  CHECK(to_vector(a.missing()) == to_vector(b.missing()));
  CHECK(a.missing_count() == b.missing_count());
  if (a.is_categorical()) {
    CHECK(to_vector(a.codes()) == to_vector(b.codes()));
    CHECK(a.levels() == b.levels());
  } else {  // bitwise, so NaN cells compare too
    REQUIRE(a.values().size() == b.values().size());
    CHECK(std::memcmp(a.values().data(), b.values().data(), a.values().size_bytes()) == 0);
  }
  for (std::size_t r = 0; r < a.size(); ++r) CHECK(a.cell_text(r) == b.cell_text(r));
}

}  // namespace

TEST_CASE("a column viewing outside storage equals the owned column", "[data][column]") {
  auto storage = std::make_shared<const Storage>();
  const Column owned_cat = Column::categorical("g", storage->codes, kLevels);
  const Column view_cat =
      Column::categorical_view("g", storage->codes, kLevels, storage->missing_codes, storage);
  const Column owned_num = Column::numeric("x", storage->values);
  const Column view_num =
      Column::numeric_view("x", storage->values, storage->missing_values, storage);
  CHECK_FALSE(owned_cat.is_view());
  CHECK(view_cat.is_view());
  CHECK(view_num.is_view());
  check_same_cells(owned_cat, view_cat);
  check_same_cells(owned_num, view_num);
  // A view reads the storage itself: no copy was made.
  CHECK(view_cat.codes().data() == storage->codes.data());
  CHECK(view_num.values().data() == storage->values.data());
  CHECK(view_cat.is_missing(2));
  CHECK(view_num.is_missing(1));
}

TEST_CASE("take() on a view gives an owned column; copies share the cells", "[data][column]") {
  auto storage = std::make_shared<const Storage>();
  const Column view =
      Column::categorical_view("g", storage->codes, kLevels, storage->missing_codes, storage);
  const std::vector<std::size_t> rows{4, 2, 2, 0};
  const Column taken = view.take(rows);
  CHECK_FALSE(taken.is_view());
  check_same_cells(taken, Column::categorical("g", storage->codes, kLevels).take(rows));
  CHECK(to_vector(taken.codes()) == std::vector<std::int32_t>{2, -1, -1, 2});
  const Column num = Column::numeric_view("x", storage->values, storage->missing_values, storage);
  CHECK_FALSE(num.take(rows).is_view());
  check_same_cells(num.take(rows), Column::numeric("x", storage->values).take(rows));

  const Column copy = view;  // NOLINT: the copy is the point
  CHECK(copy.is_view());
  CHECK(copy.codes().data() == view.codes().data());
  const Column owned = Column::categorical("g", storage->codes, kLevels);
  const Column owned_copy = owned;  // NOLINT
  CHECK(owned_copy.codes().data() == owned.codes().data());
}

TEST_CASE("a view keeps its storage alive and lets it go with its last copy", "[data][column]") {
  auto storage = std::make_shared<const Storage>();
  const std::weak_ptr<const Storage> watch = storage;
  {
    Column view = Column::numeric_view("x", storage->values, storage->missing_values, storage);
    storage.reset();
    REQUIRE_FALSE(watch.expired());
    CHECK(view.values()[0] == 1.5);  // still readable
    Column moved = std::move(view);
    CHECK(moved.values()[4] == 1e300);
  }
  CHECK(watch.expired());
}

TEST_CASE("a view of inconsistent cells is refused", "[data][column]") {
  auto storage = std::make_shared<Storage>();
  const std::vector<std::uint8_t> short_mask{0, 0};
  CHECK_THROWS_AS(Column::categorical_view("g", storage->codes, kLevels, short_mask, storage),
                  adm::InternalError);
  storage->codes[0] = 3;  // no level 3
  CHECK_THROWS_AS(
      Column::categorical_view("g", storage->codes, kLevels, storage->missing_codes, storage),
      adm::InternalError);
  storage->codes[0] = 0;
  storage->missing_codes[0] = 1;  // missing, but the code is not kMissingCode
  CHECK_THROWS_AS(
      Column::categorical_view("g", storage->codes, kLevels, storage->missing_codes, storage),
      adm::InternalError);
  storage->missing_values[0] = 1;  // missing, but the value is not NaN
  CHECK_THROWS_AS(Column::numeric_view("x", storage->values, storage->missing_values, storage),
                  adm::InternalError);
}
