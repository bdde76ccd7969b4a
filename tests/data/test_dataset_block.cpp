#include <catch2/catch.hpp>
#include <cstring>
#include <memory>

#include "data/dataset_block.hpp"
#include "data/load.hpp"
#include "data_test_util.hpp"

using adm::data::Dataset;
using adm::data::DataSpec;
using adm::data::load_dataset;
using adm::data::to_vector;

namespace {

// People fixture, filtered (so source lines are not row + 1), with a derived column, a
// missing numeric cell (priors on line 4) and a weights column.
Dataset people() {
  DataSpec s;
  s.source = adm::test::fixture("people.csv");
  s.roles.target = "label";
  s.roles.sensitive = {"race", "sex"};
  s.roles.weights = "w";
  s.missing = adm::data::MissingPolicy::Keep;
  adm::data::RowFilter f;
  f.key = "data.filter[0]";
  f.column = "race";
  f.in = {"African-American", "Caucasian", "Hispanic"};
  s.filters.push_back(f);
  adm::data::DerivedColumn d;
  d.key = "data.derive[0]";
  d.name = "high";
  d.column = "score";
  d.op = ">=";
  d.threshold = 5;
  s.derived.push_back(d);
  return load_dataset(s);
}

// A block in plain memory, as share_on_node gives a lone rank.
std::shared_ptr<std::vector<std::byte>> block_of(const Dataset& data) {
  auto block = std::make_shared<std::vector<std::byte>>(
      adm::data::block_bytes(adm::data::describe_block(data)));
  adm::data::write_block(data, *block);
  return block;
}

}  // namespace

TEST_CASE("a dataset rebuilt as views into its block equals the loaded one", "[data][block]") {
  const Dataset owned = people();
  REQUIRE(owned.rows() == 7);
  REQUIRE(owned.source_line(5) == 8);  // the Asian row on line 7 is filtered out
  const auto block = block_of(owned);
  const Dataset view = adm::data::view_block(adm::data::describe_block(owned), *block, block);
  CHECK(view.source() == owned.source());
  CHECK(view.names() == owned.names());
  CHECK(view.roles().target == owned.roles().target);
  CHECK(view.roles().sensitive == owned.roles().sensitive);
  CHECK(view.roles().features == owned.roles().features);
  CHECK(view.roles().weights == owned.roles().weights);
  REQUIRE(view.rows() == owned.rows());
  for (std::size_t r = 0; r < owned.rows(); ++r) CHECK(view.source_line(r) == owned.source_line(r));
  for (std::size_t c = 0; c < owned.cols(); ++c) {
    const auto& a = owned.column(c);
    const auto& b = view.column(c);
    CHECK(b.is_view());
    CHECK(a.type() == b.type());
    CHECK(to_vector(a.missing()) == to_vector(b.missing()));
    if (a.is_categorical()) {
      CHECK(a.levels() == b.levels());
      CHECK(to_vector(a.codes()) == to_vector(b.codes()));
    } else {  // bitwise: NaN where missing
      CHECK(std::memcmp(a.values().data(), b.values().data(), a.values().size_bytes()) == 0);
    }
    // Every array of the block starts on a 64-byte boundary of the block.
    const auto* cells = b.is_categorical() ? static_cast<const void*>(b.codes().data())
                                           : static_cast<const void*>(b.values().data());
    CHECK((static_cast<const std::byte*>(cells) - block->data()) % 64 == 0);
  }
  CHECK(view.column("priors").is_missing(2));
}

TEST_CASE("derived data from a block view equals that from the owned data", "[data][block]") {
  const Dataset owned = people();
  const auto block = block_of(owned);
  const Dataset view = adm::data::view_block(adm::data::describe_block(owned), *block, block);
  const std::vector<std::size_t> rows{6, 0, 0, 3};
  const Dataset a = owned.take(rows);
  const Dataset b = view.take(rows);
  for (std::size_t c = 0; c < a.cols(); ++c) {
    CHECK_FALSE(b.column(c).is_view());
    CHECK(adm::test::cell_texts(a.column(c)) == adm::test::cell_texts(b.column(c)));
  }
  for (std::size_t r = 0; r < rows.size(); ++r) CHECK(a.source_line(r) == b.source_line(r));
}

TEST_CASE("a block stays alive while a column of its view does", "[data][block]") {
  auto block = block_of(people());
  const std::weak_ptr<std::vector<std::byte>> watch = block;
  adm::data::Column kept = [&] {
    const Dataset view = adm::data::view_block(adm::data::describe_block(people()), *block, block);
    return view.column("age");
  }();
  block.reset();
  REQUIRE_FALSE(watch.expired());
  CHECK(kept.values()[0] == 23);
  kept = adm::data::Column::numeric("age", {1.0});
  CHECK(watch.expired());
}
