// The byte-range split of a CSV file (data/record_ranges.hpp): for many random files with quoted
// newlines, doubled quotes, CRLF, lone CR, a BOM, blank lines and no final newline, and for every
// rank count up to the file's length (so every cut position occurs), the records of all slices,
// read one slice at a time, are exactly the records of the whole file, with the same lines.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "data/csv_reader.hpp"
#include "data/record_ranges.hpp"
#include "data/slice_records.hpp"
#include "data_test_util.hpp"

using namespace adm::data;

namespace {

struct Rec {
  std::size_t line;
  std::vector<std::string> texts;
  std::vector<std::size_t> field_lines;
  bool operator==(const Rec&) const = default;
};

std::vector<Rec> tokenize(std::string_view bytes, std::size_t first_line) {
  CsvRecords records("f.csv", bytes, first_line, CsvOptions{});
  std::vector<Rec> out;
  std::vector<CsvCell> cells;
  std::size_t line = 0;
  while (records.next(cells, line)) {
    Rec r{line, {}, {}};
    for (const auto& c : cells) {
      r.texts.push_back((c.quoted ? "Q:" : "P:") + std::string(c.text));
      r.field_lines.push_back(c.line);
    }
    out.push_back(std::move(r));
  }
  return out;
}

// Every slice's records in rank order, checking that the slices tile [first, size).
std::vector<Rec> tokenize_split(const std::string& file, const CsvHeader& h, int ranks) {
  const auto slices = split_records(file, h.data_begin, ranks, '"', h.lines_before_data);
  REQUIRE(slices.size() == std::size_t(ranks));
  REQUIRE(slices.front().begin == h.data_begin);
  REQUIRE(slices.back().end == file.size());
  std::vector<Rec> out;
  for (std::size_t r = 0; r < slices.size(); ++r) {
    if (r > 0) REQUIRE(slices[r].begin == slices[r - 1].end);
    const auto part =
        tokenize(std::string_view(file).substr(slices[r].begin, slices[r].end - slices[r].begin),
                 slices[r].first_line);
    out.insert(out.end(), part.begin(), part.end());
  }
  return out;
}

std::vector<Rec> tokenize_whole(const std::string& file, const CsvHeader& h) {
  return tokenize(std::string_view(file).substr(h.data_begin), 1 + h.lines_before_data);
}

std::string random_field(std::mt19937& rng) {
  static const std::vector<std::string> plain = {"", "x", "12", "a b", "-3.5"};
  static const std::vector<std::string> inner = {"a", ",", "\n", "\r\n", "\r", "\"\"", " ", "z"};
  if (rng() % 2 == 0) return plain[rng() % plain.size()];
  std::string f = "\"";
  for (std::size_t k = rng() % 5; k > 0; --k) f += inner[rng() % inner.size()];
  return f + "\"";
}

std::string random_file(std::mt19937& rng) {
  static const std::vector<std::string> ends = {"\n", "\r\n", "\r"};
  std::string file = rng() % 3 == 0 ? "\xEF\xBB\xBF" : "";
  const std::string end = ends[rng() % ends.size()];
  file += "a,\"b\nc\",d" + end;
  const std::size_t records = rng() % 9;
  for (std::size_t r = 0; r < records; ++r) {
    if (rng() % 8 == 0) file += end;  // a blank line
    file += random_field(rng) + "," + random_field(rng) + "," + random_field(rng);
    if (r + 1 < records || rng() % 2 == 0) file += rng() % 4 == 0 ? ends[rng() % 3] : end;
  }
  return file;
}

}  // namespace

TEST_CASE("record ranges: every cut of random files gives the whole file's records",
          "[data][split]") {
  std::mt19937 rng(20261205);
  for (int trial = 0; trial < 300; ++trial) {
    const std::string file = random_file(rng);
    const CsvHeader h = read_csv_header("f.csv", file, CsvOptions{});
    REQUIRE(h.names.size() == 3);
    const auto whole = tokenize_whole(file, h);
    const int max_ranks = int(std::min<std::size_t>(file.size() - h.data_begin + 2, 70));
    for (int ranks = 1; ranks <= max_ranks; ++ranks) {
      INFO("file: " << file << " ranks " << ranks);
      REQUIRE(tokenize_split(file, h, ranks) == whole);
    }
  }
}

TEST_CASE("record ranges: rows and lines equal the whole-file reader's", "[data][split]") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 100; ++trial) {
    std::string file = random_file(rng);
    // The reader needs three fields in every record: no blank lines in the middle.
    const CsvHeader h = read_csv_header("f.csv", file, CsvOptions{});
    auto whole = tokenize_whole(file, h);
    bool blank_inside = false;
    for (std::size_t i = 0; i + 1 < whole.size(); ++i) blank_inside |= whole[i].texts.size() == 1;
    if (blank_inside || whole.empty() || whole.back().texts.size() == 1) continue;
    adm::test::TempFile f(file);
    const CsvTable table = read_csv_table(f.path());
    for (int ranks : {1, 2, 3, 5, 9}) {
      std::vector<std::size_t> lines;
      for (const auto& r : tokenize_split(file, h, ranks)) lines.push_back(r.line);
      CHECK(lines == table.lines);
    }
  }
}

TEST_CASE("record ranges: the edge cases by name", "[data][split]") {
  const auto records_at = [](const std::string& file, int ranks) {
    const CsvHeader h = read_csv_header("f.csv", file, CsvOptions{});
    return std::pair(tokenize_split(file, h, ranks), tokenize_whole(file, h));
  };
  SECTION("a quoted newline across every cut") {
    const std::string file = "h,i\n\"a\nb\nc\",1\n\"d\"\"\ne\",2\n";
    for (int ranks = 1; ranks <= int(file.size()); ++ranks) {
      const auto [split, whole] = records_at(file, ranks);
      REQUIRE(split == whole);
      REQUIRE(whole.size() == 2);
      CHECK(whole[1].line == 5);
    }
  }
  SECTION("CRLF cut between CR and LF counts one line") {
    const std::string file = "h\r\n1\r\n2\r\n3";
    for (int ranks = 1; ranks <= int(file.size()); ++ranks) {
      const auto [split, whole] = records_at(file, ranks);
      REQUIRE(split == whole);
      CHECK(split.back().line == 4);
    }
  }
  SECTION("a BOM and no final newline") {
    const auto [split, whole] = records_at("\xEF\xBB\xBFh\n1\n2", 3);
    CHECK(split == whole);
    CHECK(whole.size() == 2);
  }
  SECTION("more ranks than records") {
    const auto [split, whole] = records_at("h\n1\n2\n", 50);
    CHECK(split == whole);
    CHECK(split.size() == 2);
  }
  SECTION("a header only") {
    const auto [split, whole] = records_at("a,b\r\n", 4);
    CHECK(split.empty());
    CHECK(whole.empty());
  }
}

TEST_CASE("record ranges: a quote inside an unquoted field is reported, never misread",
          "[data][split]") {
  // The stray quote in ab"c flips the quote count: a cut can land inside the quoted "x\ny".
  const std::string file = "h1,h2\nab\"c,\"x\ny\"\nd,e\nf,g\n";
  const CsvHeader h = read_csv_header("f.csv", file, CsvOptions{});
  const auto whole = tokenize_whole(file, h);
  int refused = 0;
  for (int ranks = 1; ranks <= int(file.size()); ++ranks) {
    const auto slices = split_records(file, h.data_begin, ranks, '"', h.lines_before_data);
    std::vector<std::size_t> lines;
    const std::string error = adm::test::input_error([&] {
      for (const auto& s : slices)
        for_each_record("f.csv", file, nullptr, s, CsvOptions{}, 2,
                        [&](const SliceRecord& r) { lines.push_back(r.line); });
    });
    if (error.find("cut between ranks") != std::string::npos) {
      ++refused;
      continue;
    }
    REQUIRE(error.find("no InputError") != std::string::npos);
    CHECK(lines == std::vector<std::size_t>{2, 4, 5});
  }
  CHECK(refused > 0);
}
