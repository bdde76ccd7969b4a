// Reading only the columns a run uses (issue 33 item 1), and reading in blocks.
#include <catch2/catch.hpp>
#include <string>

#include "data/csv_reader.hpp"
#include "data/load.hpp"
#include "data/used_columns.hpp"
#include "data_test_util.hpp"

using adm::data::ColumnSelection;
using adm::data::ColumnType;
using adm::data::DataSpec;
using adm::data::read_csv_table;
using adm::test::cell_texts;
using adm::test::input_error;
using adm::test::TempFile;
using Catch::Matchers::Contains;

namespace {

ColumnSelection only(std::set<std::string> names) { return {false, std::move(names)}; }

}  // namespace

TEST_CASE("csv: only selected columns are converted and kept", "[data][csv][used]") {
  // Column c holds NaN, b invalid UTF-8, d text in a numeric-declared column: all errors if used.
  TempFile f("a,b,c,d,e\n1,\xE9,NaN,x,p\n2,ok,1,2,q\n");
  const auto t = read_csv_table(f.path(), {}, {{"d", ColumnType::Numeric}}, only({"a", "e", "zz"}));
  CHECK(t.data.names() == std::vector<std::string>{"a", "e"});
  CHECK(t.data.unread() == std::vector<std::string>{"b", "c", "d"});
  CHECK(t.file_columns == std::vector<std::string>{"a", "b", "c", "d", "e"});
  CHECK(adm::data::to_vector(t.data.column("a").values()) == std::vector<double>{1, 2});
  CHECK(cell_texts(t.data.column("e")) == std::vector<std::string>{"p", "q"});
  CHECK(t.lines == std::vector<std::size_t>{2, 3});
  // The same cells in used columns are errors at file:line:column, as before.
  CHECK(input_error([&] { read_csv_table(f.path(), {}, {}, only({"b"})); }) ==
        f.path() +
            ":2:2: field is not valid UTF-8 (byte 0xE9 at position 1 of the field); "
            "convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8");
  CHECK_THAT(input_error([&] { read_csv_table(f.path(), {}, {}, only({"c"})); }),
             Contains(f.path() + ":2:3: non-finite or out-of-range value 'NaN'"));
  CHECK_THAT(
      input_error([&] {
        read_csv_table(f.path(), {}, {{"d", ColumnType::Numeric}}, only({"d"}));
      }),
      Contains(f.path() + ":2:4: column 'd' is declared numeric (types) but holds text 'x'"));
  // Field counts are still checked on every record, used columns or not.
  TempFile short_row("a,b,c\n1,2,3\n4,5\n");
  CHECK(input_error([&] { read_csv_table(short_row.path(), {}, {}, only({"a"})); }) ==
        short_row.path() + ":3:3: expected 3 fields, found 2");
  // A type override must still name a file column.
  CHECK_THAT(input_error([&] {
               read_csv_table(f.path(), {}, {{"nope", ColumnType::Numeric}}, only({"a"}));
             }),
             Contains("no column 'nope' in the file"));
}

TEST_CASE("load: the dataset holds the columns the spec uses", "[data][load][used]") {
  TempFile f(
      "id,group,age,income,label,pred,junk,date1,date2\n"
      "1,a,30,10,yes,yes,NaN,2020-01-01,2020-01-03\n"
      "2,b,40,20,no,no,NaN,2020-01-01,2020-01-02\n"
      "3,a,50,30,no,yes,NaN,2020-01-01,2020-01-05\n"
      "4,b,60,40,yes,no,NaN,2020-01-01,2020-01-04\n");
  DataSpec spec;
  spec.source = f.path();
  spec.roles.target = "label";
  spec.roles.sensitive = {"group"};
  spec.roles.features = {"old", "days"};
  spec.pipeline_columns = {"pred"};
  adm::data::DerivedColumn old;
  old.key = "data.derive[0]";
  old.name = "old";
  old.column = "age";
  old.threshold = 45;
  old.op = ">=";
  adm::data::DerivedColumn days;
  days.key = "data.derive[1]";
  days.name = "days";
  days.kind = adm::data::DeriveKind::DaysBetween;
  days.from = "date1";
  days.to = "date2";
  spec.derived = {old, days};
  adm::data::RowFilter filter;
  filter.key = "data.filter[0]";
  filter.column = "income";
  filter.max = 35;
  spec.filters = {filter};
  adm::data::LoadReport report;
  const auto d = adm::data::load_dataset(spec, &report);
  CHECK(d.names() == std::vector<std::string>{"group", "age", "income", "label", "pred", "date1",
                                              "date2", "old", "days"});
  CHECK(d.rows() == 3);
  CHECK(report.rows == 4);
  CHECK(report.columns_read == 7);
  CHECK(report.file_columns == 9);
  CHECK(report.mode == "every rank");
  CHECK(report.bytes_held > 0);
  // Without features every column is one, so every column is read (and junk is an error).
  spec.roles.features.clear();
  CHECK_THAT(input_error([&] { adm::data::load_dataset(spec); }),
             Contains(f.path() + ":2:7: non-finite"));
  // A misspelt name is reported with the file's columns, read or not.
  spec.roles.features = {"incme"};
  CHECK_THAT(input_error([&] { adm::data::load_dataset(spec); }),
             Contains("unknown column 'incme'") && Contains("id") && Contains("junk"));
  // Dropping a column the run does not read is fine; a name the file lacks is not.
  spec.roles.features = {"age"};
  spec.drop = {"junk"};
  CHECK(adm::data::load_dataset(spec).has("age"));
  spec.drop = {"jnk"};
  CHECK_THAT(input_error([&] { adm::data::load_dataset(spec); }), Contains("data.drop[0]"));
  // A derived column may not take the name of a file column, read or not.
  spec.drop.clear();
  spec.derived[0].name = "id";
  spec.roles.features = {"age"};
  CHECK_THAT(input_error([&] { adm::data::load_dataset(spec); }),
             Contains("column 'id' already exists"));
}

TEST_CASE("csv: records across block boundaries read as in one piece", "[data][csv][used]") {
  // About 3 blocks of 4 MiB: quoted fields with delimiters, doubled quotes, CRLF and line breaks
  // land on every possible offset of a block's end, so each way a record can be cut is met.
  std::string text = "n,s,q\r\n";
  std::size_t line = 2;
  std::vector<std::size_t> lines;
  std::vector<std::string> expected;
  for (std::size_t i = 0; text.size() < (std::size_t{13} << 20); ++i) {
    lines.push_back(line);
    std::string q = "v" + std::to_string(i % 97);
    std::string raw = q;
    if (i % 3 == 0) {
      raw = "\"" + q + ",\"\"x\"\"\r\ny\"";
      q += ",\"x\"\ny";
      ++line;
    }
    expected.push_back(q);
    text += std::to_string(i) + "," + std::string(i % 11, 's') + "," + raw + "\r\n";
    ++line;
  }
  TempFile f(text);
  const auto t = read_csv_table(f.path(), {}, {}, only({"n", "q"}));
  REQUIRE(t.data.rows() == expected.size());
  CHECK(t.lines == lines);
  CHECK(cell_texts(t.data.column("q")) == expected);
  const auto& n = t.data.column("n").values();
  bool in_order = true;
  for (std::size_t i = 0; i < n.size(); ++i) in_order = in_order && n[i] == double(i);
  CHECK(in_order);
  CHECK(t.data.unread() == std::vector<std::string>{"s"});
}

TEST_CASE("csv: a record longer than a block grows the window", "[data][csv][used]") {
  const std::string big(std::size_t{9} << 20, 'b');  // over two blocks, one quoted field
  TempFile f("a,b,c\n1,\"" + big + "\",x\n2,y,\"" + big + "\n\"\n3,z,w\n");
  const auto t = read_csv_table(f.path(), {}, {}, only({"a", "b"}));
  REQUIRE(t.data.rows() == 3);
  CHECK(t.data.column("b").cell_text(0) == big);
  CHECK(t.data.column("b").cell_text(2) == "z");
  CHECK(t.lines == std::vector<std::size_t>{2, 3, 5});
}
