// Pieces of the split reader checked against the row-based code: cut points from value counts
// equal the column versions; cell counts merged from parts equal counts of the whole, first rows
// included; the type scan merged from parts types every column as the whole-file reader does.
#include <catch2/catch.hpp>
#include <random>

#include "data/cell_counts.hpp"
#include "data/csv_reader.hpp"
#include "data/discretize.hpp"
#include "data/order_search.hpp"
#include "data/record_ranges.hpp"
#include "data/split_schema.hpp"
#include "data_test_util.hpp"

using namespace adm::data;

TEST_CASE("split tally: cut points from value counts equal the column's", "[data][split]") {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = 1 + rng() % 60;
    const int distinct = 1 + int(rng() % 12);
    std::vector<double> values(n);
    std::vector<std::uint8_t> missing(n, 0);
    std::map<double, std::uint64_t> counts;
    for (std::size_t i = 0; i < n; ++i) {
      values[i] = double(int(rng() % std::uint32_t(distinct)) - 3) * 0.7;
      missing[i] = rng() % 9 == 0;
      if (!missing[i]) ++counts[values[i]];
    }
    const Column col = Column::numeric("x", values, missing);
    for (int bins : {1, 2, 3, 4, 5, 10}) {
      CHECK(quantile_cuts(counts, bins) == quantile_cuts(col, bins));
      CHECK(equal_width_cuts(counts, bins) == equal_width_cuts(col, bins));
    }
  }
}

TEST_CASE("split tally: cell counts merged in part order equal the whole's", "[data][split]") {
  std::mt19937 rng(5);
  const std::vector<std::size_t> levels = {3, 2, 4};
  CellCounts whole(levels);
  std::vector<CellCounts> parts(4, CellCounts(levels));
  std::vector<std::uint64_t> part_rows(4, 0);
  for (std::uint64_t row = 0; row < 500; ++row) {
    const std::int32_t codes[3] = {std::int32_t(rng() % 4) - 1, std::int32_t(rng() % 2),
                                   std::int32_t(rng() % 5) - 1};
    whole.add(whole.key(codes), row);
    const std::size_t p = row * 4 / 500;  // contiguous parts, as ranks' slices
    parts[p].add(parts[p].key(codes), part_rows[p]++);
    CHECK(whole.codes(whole.key(codes)) == std::vector<std::int32_t>(codes, codes + 3));
  }
  CellCounts merged = parts[0];
  std::uint64_t offset = part_rows[0];
  for (std::size_t p = 1; p < parts.size(); ++p) {
    ByteWriter w;
    parts[p].write(w);
    const std::string bytes = w.take();
    ByteReader r(bytes);
    merged.merge(CellCounts::read(r), offset);
    offset += part_rows[p];
  }
  const auto a = merged.cells(), b = whole.cells();
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].first == b[i].first);
    CHECK(a[i].second.count == b[i].second.count);
    CHECK(a[i].second.first == b[i].second.first);
  }
}

TEST_CASE("split tally: merged type scans type columns as the whole-file reader", "[data][split]") {
  const std::string file =
      "n,t,m,e\n1,a,2,x\n2,b,NA,\n3,\"1\",4,x\n4.5,c,5,y\n\n";  // e: text; m: numbers and NA
  adm::test::TempFile f(file);
  const Dataset whole = read_csv(f.path());
  const CsvHeader h = read_csv_header(f.path(), file, CsvOptions{});
  for (int ranks = 1; ranks <= int(file.size()); ++ranks) {
    std::vector<TypeScan> scans;
    for (const auto& slice : split_records(file, h.data_begin, ranks, '"', h.lines_before_data)) {
      TypeScan scan(std::vector<bool>(4, true), CsvOptions{});
      for_each_record(f.path(), file, nullptr, slice, CsvOptions{}, 4,
                      [&](const SliceRecord& r) { scan.add(r); });
      scans.push_back(TypeScan::from_bytes(scan.to_bytes()));
    }
    TypeScan merged = scans[0];
    for (std::size_t r = 1; r < scans.size(); ++r) merged.merge(scans[r]);
    CHECK(merged.first_blank_line == 0);  // the blank line is trailing
    const SplitSchema schema = finish_schema(f.path(), h.names, merged);
    for (std::size_t c = 0; c < 4; ++c) {
      CHECK(schema.types[c] == whole.columns()[c].type());
      if (whole.columns()[c].is_categorical())
        CHECK(schema.levels[c] == whole.columns()[c].levels());
    }
  }
}

TEST_CASE("split tally: order searches find the exact order statistics", "[data][split]") {
  std::mt19937 rng(13);
  for (int trial = 0; trial < 40; ++trial) {
    // Values spread over many magnitudes and signs, with repeats, in 3 parts (ranks).
    const std::size_t n = 1 + rng() % 3000;
    std::vector<double> values(n);
    for (auto& v : values) {
      const double mag = std::ldexp(double(rng() % 1000) + 0.5, int(rng() % 80) - 40);
      v = rng() % 5 == 0 ? double(rng() % 4) : (rng() % 2 ? mag : -mag);
    }
    const int bins = 2 + int(rng() % 6);
    OrderSearch search(quantile_ranks(n, bins));
    int passes = 0;
    while (!search.done()) {
      std::vector<std::uint64_t> merged(search.counters(), 0);
      for (int part = 0; part < 3; ++part) {
        std::vector<std::uint64_t> counters(search.counters(), 0);
        for (std::size_t i = part * n / 3; i < (part + 1) * n / 3; ++i)
          search.count(values[i], counters.data());
        for (std::size_t k = 0; k < merged.size(); ++k) merged[k] += counters[k];
      }
      search.narrow(merged);
      REQUIRE(++passes <= 6);
    }
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    for (const auto& [rank, v] : search.values()) CHECK(v == sorted[rank]);
    const Column col = Column::numeric("x", values);
    CHECK(quantile_cuts_at(n, search.values(), bins) == quantile_cuts(col, bins));
  }
}
