// Writes the files of the HDF5 data-source test (hdf5_source.sh) with the HDF5 C API:
//   hdf5_cases DIR
// DIR/table.csv and DIR/table.h5 (group /t) hold the same table: text, enum, integer, float with
// missing values (empty in the CSV, NaN in HDF5), integer codes with "levels", fixed-size strings,
// and an unused column of awkward text. DIR/bad/<case>/ are bad-input cases in the layout of
// tests/bad_inputs (config.toml, data.h5, expect.txt), each a table broken in one way.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../lib/hdf5_table_writer.hpp"

namespace fs = std::filesystem;
using adm::test::Hdf5TableWriter;

namespace {

struct Table {
  std::vector<std::string> group, sex, pred, notes;
  std::vector<std::int8_t> sex_code;
  std::vector<std::int32_t> age, label;
  std::vector<double> income;
};

Table make_table(std::size_t rows) {
  Table t;
  unsigned long s = 12345;
  // The high bits: the low bits of this generator cycle with short periods.
  auto next = [&] { return (s = (s * 1103515245UL + 12345UL) % 2147483648UL) >> 16; };
  for (std::size_t i = 0; i < rows; ++i) {
    t.group.push_back(next() % 2 ? "a" : "b");
    t.sex_code.push_back(static_cast<std::int8_t>(next() % 2));
    t.sex.push_back(t.sex_code.back() ? "m" : "f");
    t.age.push_back(static_cast<std::int32_t>(18 + next() % 60));
    const unsigned long cents = next() % 10000;
    t.income.push_back(i % 37 == 5 ? std::nan("") : double(cents) / 100.0);
    t.label.push_back(next() % 3 ? 1 : 0);
    const bool flip = next() % 4 == 0;
    t.pred.push_back((t.label.back() == 1) != flip ? "yes" : "no");
    t.notes.push_back(i % 5 == 0 ? "x, \"quoted\"" : "NaN");
  }
  return t;
}

void write_csv(const Table& t, const fs::path& path) {
  std::ofstream out(path);
  out << "group,sex,age,income,label,pred,notes\n";
  for (std::size_t i = 0; i < t.age.size(); ++i) {
    char income[32] = "";
    if (!std::isnan(t.income[i])) std::snprintf(income, sizeof income, "%.2f", t.income[i]);
    std::string notes = t.notes[i];
    if (notes.find(',') != std::string::npos) notes = "\"x, \"\"quoted\"\"\"";
    out << t.group[i] << ',' << t.sex[i] << ',' << t.age[i] << ',' << income << ','
        << (t.label[i] ? "yes" : "no") << ',' << t.pred[i] << ',' << notes << '\n';
  }
}

// The table's columns into `w` (in CSV order); `skip` leaves one out for a case to replace.
void write_h5(const Table& t, Hdf5TableWriter& w, const std::string& skip = "") {
  if (skip != "group") w.strings("group", t.group);
  if (skip != "sex") w.enums("sex", {"f", "m"}, {0, 1}, t.sex_code);
  if (skip != "age") w.integers("age", t.age);
  if (skip != "income") w.doubles("income", t.income);
  if (skip != "label") w.coded("label", t.label, {"no", "yes"});
  if (skip != "pred") w.strings("pred", t.pred, 4);
  if (skip != "notes") w.strings("notes", t.notes);
}

void text_file(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// One bad-input case: DIR/bad/NAME with the config (group `group`) and its expected message.
fs::path bad_case(const fs::path& dir, const std::string& name, const std::string& group,
                  const std::string& expect) {
  const fs::path c = dir / "bad" / name;
  fs::create_directories(c);
  text_file(c / "config.toml",
            "[run]\nname = \"bad\"\n\n[fairness]\nbootstrap = 0\nprediction = \"pred\"\n"
            "prediction_positive = \"yes\"\n\n[data]\nsource = \"data.h5\"\ngroup = \"" +
                group +
                "\"\ntarget = \"label\"\npositive = \"yes\"\nsensitive = [\"group\"]\n"
                "features = [\"age\", \"income\", \"sex\"]\nmissing = \"drop\"\n");
  text_file(c / "expect.txt", expect);
  return c / "data.h5";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: hdf5_cases DIR\n");
    return 2;
  }
  const fs::path dir = argv[1];
  fs::create_directories(dir);
  const Table t = make_table(400);
  write_csv(t, dir / "table.csv");
  {
    Hdf5TableWriter w((dir / "table.h5").string(), "/t");
    write_h5(t, w);
  }
  {
    Hdf5TableWriter w(bad_case(dir, "hdf5-no-group", "/nope", "data.h5\nno group '/nope'\n"), "/t");
    write_h5(t, w);
  }
  {
    Hdf5TableWriter w(bad_case(dir, "hdf5-2d", "/t", "dataset '/t/m'\n1-D\n"), "/t");
    write_h5(t, w);
    w.matrix("m", 400, 2);
  }
  {
    Hdf5TableWriter w(bad_case(dir, "hdf5-ragged", "/t", "dataset '/t/age'\n399 rows\n"), "/t");
    write_h5(t, w, "age");
    w.integers("age", std::vector<std::int32_t>(t.age.begin(), t.age.end() - 1));
  }
  {
    Hdf5TableWriter w(
        bad_case(dir, "hdf5-compound", "/t", "dataset '/t/income'\nunsupported type\n"), "/t");
    write_h5(t, w, "income");
    w.compound("income", 400);
  }
  {
    Hdf5TableWriter w(bad_case(dir, "hdf5-inf", "/t", "dataset '/t/income'\nelement 3 is inf\n"),
                      "/t");
    write_h5(t, w, "income");
    std::vector<double> income = t.income;
    income[2] = INFINITY;
    w.doubles("income", income);
  }
  {
    Hdf5TableWriter w(bad_case(dir, "hdf5-code-out-of-range", "/t", "dataset '/t/label'\ncode 2\n"),
                      "/t");
    write_h5(t, w, "label");
    std::vector<std::int32_t> label = t.label;
    label[7] = 2;
    w.coded("label", label, {"no", "yes"});
  }
  {
    Hdf5TableWriter w(bad_case(dir, "hdf5-subgroup", "/t", "dataset '/t/more'\nnot a dataset\n"),
                      "/t");
    write_h5(t, w);
    w.subgroup("more");
  }
  text_file(bad_case(dir, "hdf5-not-hdf5", "/t", "data.h5\nnot an HDF5 file\n"), "a,b\n1,2\n");
  return 0;
}
