#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "data/csv_reader.hpp"
#include "data_test_util.hpp"

using adm::data::ColumnType;
using adm::data::CsvOptions;
using adm::data::read_csv;
using adm::data::read_csv_table;
using adm::data::to_vector;
using adm::test::input_error;
using adm::test::TempFile;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {
std::vector<std::string> cells(const adm::data::Column& c) {
  std::vector<std::string> out;
  for (std::size_t r = 0; r < c.size(); ++r) out.push_back(c.cell_text(r));
  return out;
}
}  // namespace

TEST_CASE("csv: header, type inference and missing values", "[data][csv]") {
  TempFile f("a,b,c\n1,x,2.5\n3,y,\n-4e1,x,+7\n");
  const auto d = read_csv(f.path());
  REQUIRE(d.rows() == 3);
  REQUIRE(d.names() == std::vector<std::string>{"a", "b", "c"});
  CHECK(d.source() == f.path());
  CHECK(d.column("a").is_numeric());
  CHECK(to_vector(d.column("a").values()) == std::vector<double>{1, 3, -40});
  CHECK(d.column("b").is_categorical());
  CHECK(d.column("b").levels() == std::vector<std::string>{"x", "y"});
  CHECK(to_vector(d.column("b").codes()) == std::vector<std::int32_t>{0, 1, 0});
  CHECK(d.column("c").is_numeric());
  CHECK(d.column("c").is_missing(1));
  CHECK(d.column("c").values()[2] == 7.0);
}

TEST_CASE("csv: BOM and CRLF line endings", "[data][csv]") {
  TempFile f("\xEF\xBB\xBFid,name\r\n1,Ann\r\n2,Bob\r\n");
  const auto t = read_csv_table(f.path());
  REQUIRE(t.data.names() == std::vector<std::string>{"id", "name"});
  CHECK(cells(t.data.column("name")) == std::vector<std::string>{"Ann", "Bob"});
  CHECK(t.lines == std::vector<std::size_t>{2, 3});
}

TEST_CASE("csv: quoted delimiters, doubled quotes and newlines keep physical lines",
          "[data][csv]") {
  const auto t = read_csv_table(adm::test::fixture("quoted.csv"));
  REQUIRE(t.data.rows() == 3);
  CHECK(cells(t.data.column("name")) ==
        std::vector<std::string>{"Smith, J", "multi\nline", "last"});
  CHECK(t.data.column("desc").cell_text(0) == "He said \"hi\"");
  CHECK(t.data.column("n").is_numeric());
  CHECK(t.lines == std::vector<std::size_t>{2, 3, 5});
  // A quoted CRLF is stored as "\n"; a quoted number still makes a numeric cell.
  TempFile g("a,b\r\n\"x\r\ny\",\"12\"\r\n");
  const auto d = read_csv(g.path());
  CHECK(d.column("a").cell_text(0) == "x\ny");
  CHECK(d.column("b").is_numeric());
}

TEST_CASE("csv: quoted fields read before the record's storage grows keep their text",
          "[data][csv]") {
  // The header is the first record: its fields' storage grows while it is read, after the
  // quoted (short, so stored inside the field) names were taken.
  TempFile f("\"id\",\"b\",c,\"d,e\"\n\"1\",x,2,\"y\"\n");
  const auto t = read_csv_table(f.path());
  REQUIRE(t.data.names() == std::vector<std::string>{"id", "b", "c", "d,e"});
  CHECK(t.data.column("d,e").cell_text(0) == "y");
  CHECK(t.data.column("b").cell_text(0) == "x");
}

TEST_CASE("csv: missing markers match exactly after trimming; quoted empty is missing",
          "[data][csv]") {
  TempFile f("a,b,c\n?,NA,1\n  ,x, NA \n\"\",y,2\n");
  const auto d = read_csv(f.path());
  CHECK(d.column("a").missing_count() == 3);
  CHECK(d.column("b").missing_count() == 1);
  CHECK(d.column("b").levels() == std::vector<std::string>{"x", "y"});
  CHECK(d.column("c").is_numeric());
  CHECK(d.column("c").is_missing(1));

  CsvOptions o;
  o.missing_markers = {"-"};
  TempFile g("a,b\n-,NA\n\"\",x\n5,?\n");
  const auto e = read_csv(g.path(), o);
  CHECK(e.column("a").is_numeric());
  CHECK(e.column("a").missing_count() == 2);
  CHECK(e.column("b").levels() == std::vector<std::string>{"?", "NA", "x"});
}

TEST_CASE("csv: trimming can be switched off", "[data][csv]") {
  const std::string bytes = "a,b\n 1 , foo \n2, \"q r\" \n";
  TempFile f(bytes);
  const auto trimmed = read_csv(f.path());
  CHECK(trimmed.column("a").is_numeric());
  CHECK(cells(trimmed.column("b")) == std::vector<std::string>{"foo", "q r"});
  CsvOptions o;
  o.trim = false;
  TempFile g("a,b\n 1 , foo \n2,\"q r\"\n");
  const auto raw = read_csv(g.path(), o);
  CHECK(raw.column("a").is_categorical());
  CHECK(raw.column("a").levels() == std::vector<std::string>{" 1 ", "2"});
  CHECK(raw.column("b").cell_text(0) == " foo ");
}

TEST_CASE("csv: header = false with names, names replacing a header, other delimiters",
          "[data][csv]") {
  CsvOptions o;
  o.header = false;
  o.names = {"p", "q"};
  TempFile f("1,2\n3,4\n");
  const auto t = read_csv_table(f.path(), o);
  CHECK(t.data.names() == o.names);
  CHECK(to_vector(t.data.column("q").values()) == std::vector<double>{2, 4});
  CHECK(t.lines == std::vector<std::size_t>{1, 2});

  CsvOptions r;
  r.names = {"x", "y"};
  TempFile g("a,b\n1,2\n");
  CHECK(read_csv(g.path(), r).names() == r.names);

  CsvOptions tab;
  tab.delimiter = '\t';
  TempFile h("a\tb\n1\t\tx\n");  // the tab delimiter is not trimmed away
  CHECK(input_error([&] { read_csv(h.path(), tab); }) ==
        h.path() + ":2:3: expected 2 fields, found 3");
  TempFile k("a;b\n1;x y\n");
  CsvOptions semi;
  semi.delimiter = ';';
  CHECK(read_csv(k.path(), semi).column("b").cell_text(0) == "x y");
}

TEST_CASE("csv: levels sort bytewise, or numerically when all are numbers", "[data][csv]") {
  TempFile f("g,t\n10,b\n2,a\n1,C\n2,a\n");
  const auto d = read_csv(f.path(), {}, {{"g", ColumnType::Categorical}});
  CHECK(d.column("g").levels() == std::vector<std::string>{"1", "2", "10"});
  CHECK(to_vector(d.column("g").codes()) == std::vector<std::int32_t>{2, 1, 0, 1});
  CHECK(d.column("t").levels() == std::vector<std::string>{"C", "a", "b"});
  const auto n = read_csv(f.path(), {}, {{"g", ColumnType::Numeric}});
  CHECK(to_vector(n.column("g").values()) == std::vector<double>{10, 2, 1, 2});
}

TEST_CASE("csv: blank trailing lines are ignored, blank inner lines are rows", "[data][csv]") {
  TempFile f("a\n1\n2\n\n\n");
  CHECK(read_csv(f.path()).rows() == 2);
  TempFile g("a\n1\n\n2\n");  // one column: the blank line is a missing value
  const auto d = read_csv(g.path());
  CHECK(d.rows() == 3);
  CHECK(d.column("a").is_missing(1));
  TempFile h("a,b\n1,2\n\n3,4\n");
  CHECK(input_error([&] { read_csv(h.path()); }) == h.path() + ":3:2: expected 2 fields, found 1");
}

TEST_CASE("csv errors: file problems", "[data][csv][errors]") {
  const std::string nowhere = "/nonexistent/dir/x.csv";
  CHECK(input_error([&] { read_csv(nowhere); }) == nowhere + ": cannot open: no such file");
  const std::string dir = std::string(ADM_TEST_DIR) + "/data/fixtures";
  CHECK(input_error([&] { read_csv(dir); }) == dir + ": cannot read: is a directory");
  TempFile empty("");
  CHECK(input_error([&] { read_csv(empty.path()); }) == empty.path() + ": empty file");
  TempFile bom("\xEF\xBB\xBF");
  CHECK(input_error([&] { read_csv(bom.path()); }) == bom.path() + ": empty file");
  TempFile blank("\n\n");
  CHECK_THAT(input_error([&] { read_csv(blank.path()); }),
             StartsWith(blank.path() + ":1: no header") && Contains("only blank lines"));
  TempFile blank_first("\na,b\n1,2\n");
  CHECK_THAT(input_error([&] { read_csv(blank_first.path()); }),
             StartsWith(blank_first.path() + ":1: no header: line 1 is blank"));
  TempFile header_only("a,b\n");
  CHECK(input_error([&] { read_csv(header_only.path()); }) ==
        header_only.path() + ":1: no data rows after the header");
  CsvOptions no_names;
  no_names.header = false;
  TempFile data("1,2\n");
  CHECK_THAT(input_error([&] { read_csv(data.path(), no_names); }),
             StartsWith(data.path() + ": no header: csv header is false"));
}

TEST_CASE("csv errors: names", "[data][csv][errors]") {
  TempFile dup("a,b,a\n1,2,3\n");
  CHECK_THAT(input_error([&] { read_csv(dup.path()); }),
             StartsWith(dup.path() + ":1:3: duplicate column name 'a' (also column 1)"));
  TempFile unnamed("a,,c\n1,2,3\n");
  CHECK(input_error([&] { read_csv(unnamed.path()); }) ==
        unnamed.path() + ":1:2: column 2 has an empty name");
  CsvOptions two;
  two.names = {"x", "y"};
  TempFile three("a,b,c\n1,2,3\n");
  CHECK(input_error([&] { read_csv(three.path(), two); }) ==
        three.path() + ":1: csv names lists 2 names but the header has 3 fields");
  two.header = false;
  CHECK(input_error([&] { read_csv(three.path(), two); }) ==
        three.path() + ":1: csv names lists 2 names but line 1 has 3 fields");
  CHECK_THAT(input_error([&] {
               read_csv(three.path(), {}, {{"zz", ColumnType::Numeric}});
             }),
             Contains("config key 'data.types.zz': no column 'zz'"));
}

TEST_CASE("csv errors: field counts and quotes give physical line and field",
          "[data][csv][errors]") {
  TempFile few("a,b,c,d,e\n1,2,3,4,5\n1,2,3,4\n");
  CHECK(input_error([&] { read_csv(few.path()); }) ==
        few.path() + ":3:5: expected 5 fields, found 4");
  TempFile many("a,b\n1,2,3\n");
  CHECK(input_error([&] { read_csv(many.path()); }) ==
        many.path() + ":2:3: expected 2 fields, found 3");
  TempFile after_newline("a,b\n\"x\ny\",1\n1,2,3\n");
  CHECK(input_error([&] { read_csv(after_newline.path()); }) ==
        after_newline.path() + ":4:3: expected 2 fields, found 3");
  TempFile open_quote("a,b\n1,2\n3,\"abc\n4,5\n");
  CHECK(input_error([&] { read_csv(open_quote.path()); }) ==
        open_quote.path() + ":3:2: unterminated quote: the file ends inside this field");
  TempFile stray("a,b\n\"x\"y,1\n");
  CHECK_THAT(input_error([&] { read_csv(stray.path()); }),
             StartsWith(stray.path() + ":2:1: unexpected character 'y' after a closing quote"));
}

TEST_CASE("csv errors: NaN and Inf are refused in numeric columns", "[data][csv][errors]") {
  for (const std::string bad : {"NaN", "nan", "Inf", "-inf", "1e999"}) {
    TempFile f("a,b\n1,x\n" + bad + ",y\n");
    CHECK_THAT(input_error([&] { read_csv(f.path()); }),
               StartsWith(f.path() + ":3:1: non-finite or out-of-range value '" + bad + "'") &&
                   Contains("numeric column 'a'"));
  }
  // In a text column "nan" is just a level; listed as a marker it is missing.
  TempFile text("a\nnan\nNan Li\n");
  CHECK(read_csv(text.path()).column("a").level_count() == 2);
  TempFile marked("a\n1\nNaN\n");
  CsvOptions o;
  o.missing_markers = {"NaN"};
  const auto d = read_csv(marked.path(), o);
  CHECK(d.column("a").is_numeric());
  CHECK(d.column("a").is_missing(1));
}

TEST_CASE("csv errors: text in a column declared numeric", "[data][csv][errors]") {
  TempFile f("a\n1\n2\nabc\n");
  CHECK(input_error([&] {
          read_csv(f.path(), {}, {{"a", ColumnType::Numeric}});
        }) == f.path() + ":4:1: column 'a' is declared numeric (types) but holds text 'abc'");
  // The cell after a quoted newline sits on the next physical line.
  TempFile g("t,a\n\"x\ny\",oops\n");
  CHECK_THAT(input_error([&] {
               read_csv(g.path(), {}, {{"a", ColumnType::Numeric}});
             }),
             StartsWith(g.path() + ":3:2: column 'a' is declared numeric"));
  // Forcing categorical on numbers is fine.
  CHECK(read_csv(f.path(), {}, {{"a", ColumnType::Categorical}}).column("a").level_count() == 3);
}

TEST_CASE("csv errors: a field that is not UTF-8 names its line and field", "[data][csv][errors]") {
  TempFile latin1("name,group\nx,caf\xE9\n");  // "café" in Latin-1
  CHECK(input_error([&] { read_csv(latin1.path()); }) ==
        latin1.path() +
            ":2:2: field is not valid UTF-8 (byte 0xE9 at position 4 of the field); convert the "
            "file to UTF-8, e.g. iconv -f latin1 -t utf-8");
  TempFile header(
      "a,\xFF"
      "b\n1,2\n");
  CHECK_THAT(input_error([&] { read_csv(header.path()); }),
             StartsWith(header.path() + ":1:2: field is not valid UTF-8 (byte 0xFF at position 1"));
  TempFile utf8("name,group\nx,caf\xC3\xA9\ny,\xE2\x82\xAC\n");  // café, €
  CHECK(read_csv(utf8.path()).column("group").levels() ==
        std::vector<std::string>{"caf\xC3\xA9", "\xE2\x82\xAC"});
}
