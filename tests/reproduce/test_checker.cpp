// The reproduction checker on a hand-made result file and expectations: every comparison kind
// holds or fails as worked out by hand, an explained difference is not a failure, and a malformed
// expectation is an InputError naming file:line and the key.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "core/toml_text.hpp"
#include "io/result_file.hpp"
#include "reproduce/checker.hpp"
#include "reproduce/expectations.hpp"
#include "reproduce/run_sets.hpp"

namespace fs = std::filesystem;
using namespace adm;

namespace {

struct Folder {
  fs::path path = fs::temp_directory_path() / ("adm_checker_" + std::to_string(::getpid()));
  Folder() { fs::create_directories(path / "paper"); }
  ~Folder() { fs::remove_all(path); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
  }
};

// One result "tiny.h5" for config "tiny.toml" (the config's text is not read by the checker).
void write_result(const Folder& f) {
  f.write("paper/tiny.toml", "[run]\nname = \"tiny\"\n");
  io::ResultFile r((f.path / "out" / "tiny.h5").string());
  r.write("/a/loglik", std::vector<double>{-12629.94}, "test", "nats");
  r.write("/a/counts", std::vector<std::int64_t>{3, 7, 2695}, "test", "1");
  r.write("/a/features", std::vector<std::string>{"x1", "x2", "x3"}, "test");
  r.write("/a/relevance", std::vector<double>{0.5, 0.1, 0.3}, "test", "bits");
  r.write("/a/front", std::vector<std::int64_t>{0, 2}, "test", "1");
  r.write("/a/set", std::vector<std::string>{"x3", "x1"}, "test");
  // For the derived figures: /b/net over its largest is {0 (negative), 1, 0.5}; /b/flat has no
  // positive element (all 0 normalised); /b/coef is labelled by /b/names (x3 first).
  r.write("/b/net", std::vector<double>{-0.2, 0.8, 0.4}, "test", "bits");
  r.write("/b/flat", std::vector<double>{-1, -2}, "test", "bits");
  r.write("/b/names", std::vector<std::string>{"x3", "x1"}, "test");
  r.write("/b/coef", std::vector<double>{-0.7, 0.2}, "test", "1");
  r.write("/b/acc1", std::vector<double>{0.81}, "test", "fraction");
  r.write("/b/acc2", std::vector<double>{0.82}, "test", "fraction");
  r.write("/b/acc3", std::vector<double>{0.79}, "test", "fraction");
  r.commit();
}

// The InputError of loading `text` as paper/expect.toml ("no InputError" when it loads).
std::string load_error(const Folder& f, const std::string& text) {
  f.write("paper/expect.toml", text);
  try {
    pipelines::load_expectations((f.path / "paper").string());
  } catch (const InputError& e) {
    return std::string(e.what());
  }
  return std::string("no InputError");
}

// Each row holds or not as worked out by hand (one flag a row, in order).
void check_verdicts(const VerdictTable& table, const std::vector<bool>& holds) {
  REQUIRE(table.size() == holds.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    INFO(table[i].figure << ": ours " << table[i].ours);
    CHECK(table[i].holds == holds[i]);
  }
}

std::string row(const char* figure, const std::string& body) {
  return std::string("[[expect]]\nfigure = \"") + figure + "\"\nconfig = \"tiny.toml\"\n" + body +
         "\n";
}

}  // namespace

TEST_CASE("checker: each comparison against hand-worked verdicts") {
  Folder f;
  fs::create_directories(f.path / "out");
  write_result(f);
  const std::string text =
      "[paper]\ntitle = \"A paper\"\n" +
      row("within holds",
          "path = \"/a/loglik\"\ncompare = \"within\"\nvalue = -12630\n"
          "tolerance = 1.5") +
      row("within fails",
          "path = \"/a/loglik\"\ncompare = \"within\"\nvalue = -12632\n"
          "tolerance = 1.5") +
      row("equal by index", "path = \"/a/counts\"\nindex = 2\ncompare = \"equal\"\nvalue = 2695") +
      row("by key",
          "path = \"/a/relevance\"\nkey_path = \"/a/features\"\nkey = \"x3\"\n"
          "compare = \"at_least\"\nvalue = 0.3") +
      row("reduce max",
          "path = \"/a/relevance\"\nreduce = \"max\"\ncompare = \"at_most\"\n"
          "value = 0.4\nexplanation = \"a known cause\"") +
      row("pick",
          "path = \"/a/relevance\"\namong = \"/a/front\"\nwhere_path = \"/a/relevance\"\n"
          "where_at_most = 0.4\npick_min = \"/a/relevance\"\ncompare = \"equal\"\n"
          "value = 0.3") +
      row("set", "path = \"/a/set\"\ncompare = \"equal_set\"\nset = [\"x1\", \"x3\"]") +
      row("order", "path = \"/a/features\"\ncompare = \"ordering\"\nset = [\"x3\", \"x1\"]") +
      row("contains", "path = \"/a/set\"\ncompare = \"contains\"\ntext = \"x2\"") +
      row("scaled",
          "path = \"/a/relevance\"\nindex = 1\nscale = 100\ncompare = \"factor\"\n"
          "value = 5\ntolerance = 2") +
      row("missing",
          "path = \"/a/nothing\"\ncompare = \"equal\"\nvalue = 1\n"
          "explanation = \"an explanation does not excuse a missing value\"") +
      row("claim",
          "path = \"/a/relevance\"\nindex = 1\ncompare = \"less\"\n"
          "value_path = \"/a/relevance\"\nvalue_index = 2") +
      row("argmax",
          "path = \"/a/relevance\"\nkey_path = \"/a/features\"\nreduce = \"argmax\"\n"
          "compare = \"equal\"\ntext = \"x1\"") +
      row("pick none",
          "path = \"/a/relevance\"\namong = \"/a/front\"\nwhere_path = \"/a/relevance\"\n"
          "where_at_most = 0.2\npick_min = \"/a/relevance\"\ncompare = \"info\"") +
      row("information", "path = \"/a/relevance\"\nindex = 1\ncompare = \"info\"\nvalue = 9");
  f.write("paper/expect.toml",
          "[paper]\nauthors = \"A. Author, B. Author\"\nvenue = \"Some Conf., 2020\"\n" +
              text.substr(std::string("[paper]\n").size()));
  const auto paper = pipelines::load_expectations((f.path / "paper").string());
  CHECK(paper.paper == "paper");
  CHECK(paper.title == "A paper");
  CHECK(paper.authors == "A. Author, B. Author");
  CHECK(paper.venue == "Some Conf., 2020");
  CHECK(paper.configs() == std::vector<std::string>{"tiny.toml"});
  pipelines::ResultFiles files((f.path / "out").string());
  const auto table = pipelines::check_paper(paper, files);
  check_verdicts(table, {true, false, true, true, false, true, true, false, false, true, false,
                         true, true, false, false});
  // An information row is shown, not compared: never "holds" (issue 28 item 1), never a failure;
  // a row whose value could not be read (pick none) stays a failure even with compare = "info".
  CHECK(adm::verdict_state(table[14]) == adm::VerdictState::NotCompared);
  CHECK(adm::verdict_state(table[13]) == adm::VerdictState::DiffersUnexplained);
  CHECK(table[0].ours == "-12629.9");
  CHECK(table[0].comparison == "within 1.5");
  CHECK(table[2].path == "/a/counts[2]");
  CHECK(table[6].ours == "{x1, x3}");
  CHECK(table[10].ours.find("no dataset /a/nothing") != std::string::npos);
  // within fails, ordering fails, contains fails, missing, pick none: 5; "reduce max" is explained.
  CHECK(pipelines::unexplained_failures(table) == 5);
  CHECK(table[4].explanation == "a known cause");
  CHECK(table[10].explanation.empty());
  CHECK(table[11].published == "0.3 (ours: /a/relevance[2])");
  CHECK(table[12].ours == "x1");
  // The front is {0, 2}: relevance 0.5 and 0.3, neither <= 0.2; even an information row fails.
  CHECK(table[13].ours == "(no candidate with /a/relevance <= 0.2)");
}

TEST_CASE("checker: derived figures (normalise, select, more_paths, value_key, value_offset)") {
  Folder f;
  fs::create_directories(f.path / "out");
  write_result(f);
  // relevance {0.5, 0.1, 0.3} >= 0.3: x1, x3; net / max {0, 1, 0.5} >= 0.4: x2, x3; both: x3.
  const std::string both =
      "path = \"/a/features\"\nselect = [{ path = \"/a/relevance\", compare = \"at_least\", "
      "value = 0.3 },\n  { path = \"/b/net\", normalise = \"max\", compare = \"at_least\", "
      "value = 0.4 }]\n";
  const std::string text =
      row("normalised x3",
          "path = \"/b/net\"\nnormalise = \"max\"\nkey_path = \"/a/features\"\nkey = \"x3\"\n"
          "compare = \"equal\"\nvalue = 0.5") +
      row("normalised negative is 0",
          "path = \"/b/net\"\nnormalise = \"max\"\nindex = 0\ncompare = \"equal\"\nvalue = 0") +
      row("normalised largest fails",
          "path = \"/b/net\"\nnormalise = \"max\"\nindex = 1\ncompare = \"less\"\nvalue = 1") +
      row("normalised, none positive",
          "path = \"/b/flat\"\nnormalise = \"max\"\nreduce = \"min\"\ncompare = \"equal\"\n"
          "value = 0") +
      row("derived set", both + "compare = \"equal_set\"\nset = [\"x3\"]") +
      row("derived set fails", both + "compare = \"equal_set\"\nset = [\"x1\", \"x3\"]") +
      row("derived contains",
          "path = \"/a/features\"\nselect = [{ path = \"/a/relevance\", compare = \"less\", "
          "value = 0.2 }]\ncompare = \"contains\"\ntext = \"x2\"") +
      row("derived count",
          "path = \"/a/relevance\"\nselect = [{ path = \"/a/relevance\", compare = \"greater\", "
          "value = 0.2 }]\nreduce = \"size\"\ncompare = \"equal\"\nvalue = 2") +
      row("derived max",
          "path = \"/a/relevance\"\nselect = [{ path = \"/a/relevance\", compare = \"at_most\", "
          "value = 0.4 }]\nreduce = \"max\"\ncompare = \"equal\"\nvalue = 0.3") +
      row("derived, two numbers left",
          "path = \"/a/relevance\"\nselect = [{ path = \"/a/relevance\", compare = \"greater\", "
          "value = 0.2 }]\ncompare = \"info\"") +
      row("derived, not aligned",
          "path = \"/a/features\"\nselect = [{ path = \"/b/coef\", compare = \"less\", value = 0 "
          "}]\ncompare = \"contains\"\ntext = \"x1\"") +
      row("best of three",
          "path = \"/b/acc1\"\nmore_paths = [\"/b/acc2\", \"/b/acc3\"]\nreduce = \"max\"\n"
          "compare = \"less\"\nvalue = 0.835") +
      row("best of three fails",
          "path = \"/b/acc1\"\nmore_paths = [\"/b/acc2\", \"/b/acc3\"]\nreduce = \"max\"\n"
          "compare = \"at_most\"\nvalue = 0.815") +
      row("within 2 points",
          "path = \"/b/acc1\"\ncompare = \"at_least\"\nvalue_path = \"/b/acc2\"\n"
          "value_offset = -0.02") +
      row("within half a point fails",
          "path = \"/b/acc1\"\ncompare = \"at_least\"\nvalue_path = \"/b/acc2\"\n"
          "value_offset = -0.005") +
      row("smaller magnitude",
          "path = \"/b/coef\"\nkey_path = \"/b/names\"\nkey = \"x1\"\nabsolute = true\n"
          "compare = \"less\"\nvalue_path = \"/b/coef\"\nvalue_key_path = \"/b/names\"\n"
          "value_key = \"x3\"") +
      row("smaller magnitude fails",
          "path = \"/b/coef\"\nkey_path = \"/b/names\"\nkey = \"x3\"\nabsolute = true\n"
          "compare = \"less\"\nvalue_path = \"/b/coef\"\nvalue_key_path = \"/b/names\"\n"
          "value_key = \"x1\"") +
      row("no such value_key",
          "path = \"/b/acc1\"\ncompare = \"less\"\nvalue_path = \"/b/coef\"\n"
          "value_key_path = \"/b/names\"\nvalue_key = \"x9\"");
  f.write("paper/expect.toml", text);
  const auto paper = pipelines::load_expectations((f.path / "paper").string());
  pipelines::ResultFiles files((f.path / "out").string());
  const auto table = pipelines::check_paper(paper, files);
  check_verdicts(table, {true, true, false, true, true, false, true, true, true, false, false, true,
                         false, true, false, true, false, false});
  CHECK(table[0].path == "/b/net / max[x3]");
  CHECK(table[2].ours == "1");
  CHECK(table[4].ours == "{x3}");
  CHECK(table[4].path == "/a/features where /a/relevance >= 0.3, /b/net / max >= 0.4");
  CHECK(table[5].ours == "{x3}");
  CHECK(table[6].ours == "{x2}");
  CHECK(table[7].ours == "2");
  CHECK_THAT(table[9].ours, Catch::Contains("has 2 elements: give index or key"));
  CHECK_THAT(table[10].ours, Catch::Contains("/b/coef has 2 elements, /a/features 3"));
  CHECK(table[11].ours == "0.82");
  CHECK(table[11].path == "/b/acc1, /b/acc2, /b/acc3");
  CHECK(table[13].published == "0.8 (ours: /b/acc2 - 0.02)");
  CHECK(table[14].published == "0.815 (ours: /b/acc2 - 0.005)");
  CHECK(table[15].ours == "0.2");
  CHECK(table[15].published == "0.7 (ours: |/b/coef[x3]|)");
  CHECK(table[16].ours == "0.7");
  CHECK_THAT(table[17].ours, Catch::Contains("no 'x9' in /b/names"));
  CHECK(table[17].published == "(ours: /b/coef)");  // not shown: what it would have read
  CHECK(table[9].published == "-");
}

TEST_CASE("checker: malformed derived figures name file, line and key") {
  Folder f;
  f.write("paper/tiny.toml", "[run]\n");
  const auto error = [&](const std::string& text) { return load_error(f, text); };
  const std::string file = (f.path / "paper" / "expect.toml").string();
  const auto selecting = [&](const std::string& condition, const std::string& rest) {
    return error(row("x", "path = \"/a\"\nselect = [" + condition + "]\n" + rest));
  };
  const std::string set = "compare = \"equal_set\"\nset = [\"x\"]";
  CHECK(
      selecting("{ path = \"/r\", compare = \"at_least\", value = 1, normalize = \"max\" }", set) ==
      file +
          ":5:59: unknown config key 'expect[0].select[0].normalize' (known keys here: "
          "compare, normalise, path, value)");
  CHECK_THAT(selecting("{ path = \"/r\", compare = \"within\", value = 1 }", set),
             Catch::Contains(":5:36: config key 'expect[0].select[0].compare'"));
  CHECK_THAT(selecting("{ path = \"/r\", compare = \"less\" }", set),
             Catch::Contains(":5:11: config key 'expect[0].select[0].value': is required"));
  CHECK_THAT(
      selecting("{ path = \"/r\", normalise = \"sum\", compare = \"less\", value = 1 }", set),
      Catch::Contains(":5:38: config key 'expect[0].select[0].normalise'"));
  CHECK_THAT(selecting("{ path = \"/r\", compare = \"less\", value = 1 }",
                       "key_path = \"/k\"\nkey = \"x\"\n" + set),
             Catch::Contains(":5:10: config key 'expect[0].select': keeps elements of path"));
  CHECK_THAT(selecting("{ path = \"/r\", compare = \"less\", value = 1 }",
                       "key_path = \"/k\"\nreduce = \"argmax\"\ncompare = \"equal\"\ntext = \"x\""),
             Catch::Contains(":5:10: config key 'expect[0].select': goes with reduce"));
  CHECK_THAT(error(row("x", "path = \"/a\"\nnormalise = \"sum\"\ncompare = \"info\"")),
             Catch::Contains(":5:13: config key 'expect[0].normalise'"));
  CHECK_THAT(error(row("x", "path = \"/a\"\nmore_paths = [\"/b\"]\ncompare = \"info\"")),
             Catch::Contains(":5:14: config key 'expect[0].more_paths': goes with reduce"));
  CHECK_THAT(error(row("x",
                       "path = \"/a\"\nmore_paths = [\"/b\"]\nreduce = \"max\"\n"
                       "normalise = \"max\"\ncompare = \"info\"")),
             Catch::Contains(":5:14: config key 'expect[0].more_paths': is not available"));
  CHECK_THAT(error(row("x", "path = \"/a\"\ncompare = \"less\"\nvalue = 1\nvalue_offset = 0.1")),
             Catch::Contains(":7:16: config key 'expect[0].value_offset': goes with value_path"));
  CHECK_THAT(error(row("x",
                       "path = \"/a\"\ncompare = \"less\"\nvalue_path = \"/b\"\n"
                       "value_key = \"x\"")),
             Catch::Contains(":7:13: config key 'expect[0].value_key': value_key and "
                             "value_key_path go together"));
  CHECK_THAT(error(row("x",
                       "path = \"/a\"\ncompare = \"less\"\nvalue_path = \"/b\"\n"
                       "value_key_path = \"/k\"\nvalue_key = \"x\"\nvalue_index = 0")),
             Catch::Contains(":8:13: config key 'expect[0].value_key': give value_index or "
                             "value_key"));
}

TEST_CASE("checker: malformed expectations name file, line and key") {
  Folder f;
  f.write("paper/tiny.toml", "[run]\n");
  const auto error = [&](const std::string& text) { return load_error(f, text); };
  const std::string file = (f.path / "paper" / "expect.toml").string();
  CHECK(error(row("x", "path = \"/a\"\ncompare = \"within\"\nvalue = 1\ntolernce = 2")) ==
        file +
            ":7:1: unknown config key 'expect[0].tolernce' (known keys here: absolute, among, "
            "compare, config, explanation, figure, full, holds_at_least, index, key, key_path, "
            "more_paths, normalise, over, path, pick_min, reduce, run, runs, scale, select, set, "
            "text, tolerance, top, value, value_index, value_key, value_key_path, value_offset, "
            "value_path, where_at_most, where_path)");
  CHECK_THAT(error(row("x", "path = \"/a\"\ncompare = \"within\"")),
             Catch::Contains("expect.toml:1:1: config key 'expect[0].value': is required"));
  CHECK_THAT(error(row("x", "path = \"/a\"\ncompare = \"close\"\nvalue = 1")),
             Catch::Contains(":5:11: config key 'expect[0].compare'"));
  CHECK_THAT(error("[[expect]]\nfigure = \"x\"\nconfig = \"other.toml\"\npath = \"/a\"\n"
                   "compare = \"info\"\n"),
             Catch::Contains(":3:10: config key 'expect[0].config': other.toml is not a file"));
  CHECK_THAT(error("[paper]\ntitle = \"t\"\n"), Catch::Contains("no [[expect]] tables"));
}

namespace {

// Results r_1.h5 .. r_3.h5 of a run set "r": /a/x = 1, 2, 4 and relevances whose largest is x1,
// x2, x1 (the sd of 1, 2, 4 with n - 1: sqrt(14/9 * 3/2) = 1.52753).
void write_runs(const Folder& f) {
  const std::vector<std::vector<double>> relevance = {
      {0.5, 0.1, 0.3}, {0.1, 0.5, 0.3}, {0.6, 0.2, 0.1}};
  const double x[] = {1, 2, 4};
  for (int i = 0; i < 3; ++i) {
    io::ResultFile r((f.path / "out" / ("r_" + std::to_string(i + 1) + ".h5")).string());
    r.write("/a/x", std::vector<double>{x[i]}, "test", "1");
    r.write("/a/features", std::vector<std::string>{"x1", "x2", "x3"}, "test");
    r.write("/a/relevance", relevance[i], "test", "bits");
    r.commit();
  }
}

std::string over(const char* figure, const std::string& runs, const std::string& body) {
  return std::string("[[expect]]\nfigure = \"") + figure + "\"\nruns = \"" + runs + "\"\n" + body +
         "\n";
}

}  // namespace

TEST_CASE("checker: figures over a run set (mean, sd, min, max, fraction, one run)") {
  Folder f;
  fs::create_directories(f.path / "out");
  f.write("paper/tiny.toml", "[run]\nname = \"tiny\"\n\n[data]\ndraw = 0\n");
  write_runs(f);
  const std::string argmax_x1 =
      "path = \"/a/relevance\"\nkey_path = \"/a/features\"\nreduce = \"argmax\"\n"
      "compare = \"equal\"\ntext = \"x1\"\n";
  const std::string text =
      "[[runs]]\nname = \"r\"\nconfig = \"tiny.toml\"\nkey = \"data.draw\"\nfrom = 1\nto = 3\n"
      "[[runs]]\nname = \"s\"\nconfig = \"tiny.toml\"\nkey = \"data.draw\"\nfrom = 1\nto = 4\n" +
      over("mean", "r",
           "path = \"/a/x\"\nover = \"mean\"\ncompare = \"within\"\nvalue = 2.3\n"
           "tolerance = 0.05") +
      over("sd fails", "r",
           "path = \"/a/x\"\nover = \"sd\"\ncompare = \"within\"\nvalue = 1.5\n"
           "tolerance = 0.01") +
      over("min", "r", "path = \"/a/x\"\nover = \"min\"\ncompare = \"equal\"\nvalue = 1") +
      over("max", "r", "path = \"/a/x\"\nover = \"max\"\ncompare = \"at_least\"\nvalue = 4") +
      over("fraction holds", "r", argmax_x1 + "over = \"fraction\"\nholds_at_least = 0.6") +
      over("fraction explained", "r",
           argmax_x1 + "over = \"fraction\"\nholds_at_least = 1\nexplanation = \"why\"") +
      over("one run", "r",
           "path = \"/a/relevance\"\nkey_path = \"/a/features\"\nreduce = \"argmax\"\n"
           "compare = \"equal\"\ntext = \"x2\"\nrun = 2") +
      over("top two", "r",
           "path = \"/a/relevance\"\nkey_path = \"/a/features\"\nreduce = \"descending\"\n"
           "top = 2\ncompare = \"equal_set\"\nset = [\"x3\", \"x1\"]\nrun = 1") +
      over("ascending", "r",
           "path = \"/a/relevance\"\nkey_path = \"/a/features\"\nreduce = \"ascending\"\n"
           "compare = \"ordering\"\nset = [\"x2\", \"x3\", \"x1\"]\nrun = 1") +
      over("excludes", "r",
           "path = \"/a/features\"\ncompare = \"excludes\"\ntext = \"x2\"\nrun = 1") +
      over("subset of", "r",
           "path = \"/a/features\"\ncompare = \"subset_of\"\nset = [\"x3\", \"x2\", \"x1\", "
           "\"x0\"]\nrun = 1") +
      over("size of texts", "r",
           "path = \"/a/features\"\nreduce = \"size\"\ncompare = \"equal\"\nvalue = 3\nrun = 3") +
      over("not a subset", "r",
           "path = \"/a/features\"\ncompare = \"subset_of\"\nset = [\"x3\", \"x1\"]\nrun = 1") +
      over("a run missing", "s",
           "path = \"/a/x\"\nover = \"mean\"\ncompare = \"at_least\"\nvalue = 0");
  f.write("paper/expect.toml", text);
  const auto paper = pipelines::load_expectations((f.path / "paper").string());
  CHECK(paper.configs() == std::vector<std::string>{"r_1.toml", "r_2.toml", "r_3.toml", "s_1.toml",
                                                    "s_2.toml", "s_3.toml", "s_4.toml"});
  pipelines::ResultFiles files((f.path / "out").string());
  const auto table = pipelines::check_paper(paper, files);
  check_verdicts(table, {true, false, true, true, true, false, true, true, true, false, true, true,
                         false, false});
  CHECK(table[0].ours == "2.33333");
  CHECK(table[0].comparison == "mean of 3 runs within 0.05");
  CHECK(table[0].result == (f.path / "out" / "r_{1..3}.h5").string());
  CHECK(table[1].ours == "1.52753");
  CHECK(table[4].ours == "2/3 runs");
  CHECK(table[4].comparison == "equal in >= 0.6 of runs");
  CHECK(table[6].result == (f.path / "out" / "r_2.h5").string());
  CHECK(table[7].ours == "{x1, x3}");
  CHECK(table[9].comparison == "does not contain");
  CHECK(table[11].ours == "3");
  CHECK(table[12].ours == "{x1, x2, x3}");
  CHECK(table[12].comparison == "subset of");
  CHECK_THAT(table[13].ours, Catch::Contains("no result") && Catch::Contains("s_1.h5"));
  // sd, excludes (x2 is a feature), not a subset and the missing run fail; the fraction short of 1
  // is explained.
  CHECK(pipelines::unexplained_failures(table) == 4);
}

TEST_CASE("run sets: each run is the base config with its key set, as a real file") {
  Folder f;
  f.write("paper/tiny.toml", "[run]\nname = \"tiny\"\n\n[data]\ndraw = 0\nrows = 500\n");
  f.write("paper/expect.toml",
          "[[runs]]\nname = \"r\"\nconfig = \"tiny.toml\"\nkey = \"data.draw\"\nfrom = 0\n"
          "to = 9\n" +
              over("m", "r", "path = \"/a\"\nover = \"mean\"\ncompare = \"info\"\n"));
  // compare = "info" does not reduce numbers: rejected at its key.
  CHECK_THROWS_AS(pipelines::load_expectations((f.path / "paper").string()), InputError);
  f.write("paper/expect.toml",
          "[[runs]]\nname = \"r\"\nconfig = \"tiny.toml\"\nkey = \"data.draw\"\nfrom = 0\n"
          "to = 9\n" +
              over("m", "r", "path = \"/a\"\nover = \"mean\"\ncompare = \"at_least\"\nvalue = 0"));
  const auto paper = pipelines::load_expectations((f.path / "paper").string());
  const std::string file = pipelines::config_file(paper, "r_7.toml", (f.path / "out").string());
  CHECK(file == (f.path / "out" / "runs" / "r_7.toml").string());
  const auto table = toml::parse_file(file);
  CHECK(table["data"]["draw"].value<std::int64_t>() == 7);
  CHECK(table["data"]["rows"].value<std::int64_t>() == 500);
  CHECK(table["run"]["name"].value<std::string>() == "tiny");
  CHECK(pipelines::config_file(paper, "tiny.toml", (f.path / "out").string()) ==
        (f.path / "paper" / "tiny.toml").string());
  pipelines::RunSet bad{"b", "tiny.toml", "nodata.draw", 0, 1, {}};
  CHECK_THROWS_AS(pipelines::run_config_text(paper, bad, 0), InputError);
}

TEST_CASE("checker: malformed run sets name file, line and key") {
  Folder f;
  f.write("paper/tiny.toml", "[run]\n");
  const auto error = [&](const std::string& text) { return load_error(f, text); };
  const std::string runs =
      "[[runs]]\nname = \"r\"\nconfig = \"tiny.toml\"\nkey = \"data.draw\"\nto = 2\n";
  CHECK_THAT(error(runs + "seeds = [1]\n" +
                   over("x", "r", "path = \"/a\"\nover = \"mean\"\ncompare = \"info\"")),
             Catch::Contains(":6:1: unknown config key 'runs[0].seeds'"));
  CHECK_THAT(error(runs + over("x", "q", "path = \"/a\"\nrun = 1\ncompare = \"info\"")),
             Catch::Contains(":8:8: config key 'expect[0].runs': no [[runs]] named 'q'"));
  CHECK_THAT(error(runs + over("x", "r", "path = \"/a\"\nrun = 3\ncompare = \"info\"")),
             Catch::Contains(":10:7: config key 'expect[0].run': not in r's runs (0..2)"));
  CHECK_THAT(error(runs + over("x", "r", "path = \"/a\"\nover = \"fraction\"\ncompare = \"info\"")),
             Catch::Contains("config key 'expect[0].holds_at_least'"));
  CHECK_THAT(error(row("x", "path = \"/a\"\nover = \"mean\"\ncompare = \"info\"")),
             Catch::Contains("config key 'expect[0].over': goes with runs"));
  CHECK_THAT(
      error(runs +
            over("x", "r", "config = \"tiny.toml\"\npath = \"/a\"\nrun = 1\ncompare = \"info\"")),
      Catch::Contains("config key 'expect[0].config': give config or runs"));
}

TEST_CASE("run grids: a run per combination, named by its values, each key typed as written") {
  Folder f;
  fs::create_directories(f.path / "out");
  f.write("paper/tiny.toml",
          "[run]\nname = \"tiny\"\n\n[patterns]\nmode = \"all\"\nk = 3\ndelta = 0.2\n");
  const std::string grid =
      "[[runs]]\nname = \"t1\"\nconfig = \"tiny.toml\"\n"
      "grid = [{ key = \"patterns.mode\", texts = [\"top_divergence\", \"top_discrimination\"] },\n"
      "        { key = \"patterns.k\", values = [1, 10] },\n"
      "        { key = \"patterns.delta\", values = [0.01, 0.1] }]\n";
  // A Table 1 cell as configs/fairnb/expect.toml writes it: another quantity, shown beside the
  // paper's, never "holds"; and a column that is the same quantity, compared.
  const std::string rows =
      "[[expect]]\nfigure = \"Table 1, share explored\"\n"
      "config = \"t1_top_discrimination_10_0.01.toml\"\npath = \"/m/proportion\"\n"
      "compare = \"info\"\nvalue = 3.464e-02\nexplanation = \"not the same quantity\"\n"
      "[[expect]]\nfigure = \"Table 1, # Pat.\"\nconfig = \"t1_top_divergence_1_0.1.toml\"\n"
      "path = \"/m/total_patterns\"\ncompare = \"within\"\nvalue = 15000\ntolerance = 500\n";
  f.write("paper/expect.toml", grid + rows);
  const auto paper = pipelines::load_expectations((f.path / "paper").string());
  // The first axis varies slowest; integral numbers are named without a point.
  CHECK(paper.runs.at(0).configs() ==
        std::vector<std::string>{
            "t1_top_divergence_1_0.01.toml", "t1_top_divergence_1_0.1.toml",
            "t1_top_divergence_10_0.01.toml", "t1_top_divergence_10_0.1.toml",
            "t1_top_discrimination_1_0.01.toml", "t1_top_discrimination_1_0.1.toml",
            "t1_top_discrimination_10_0.01.toml", "t1_top_discrimination_10_0.1.toml"});
  CHECK(paper.configs() == std::vector<std::string>{"t1_top_discrimination_10_0.01.toml",
                                                    "t1_top_divergence_1_0.1.toml"});
  const std::string file = pipelines::config_file(paper, "t1_top_discrimination_10_0.01.toml",
                                                  (f.path / "out").string());
  CHECK(file == (f.path / "out" / "runs" / "t1_top_discrimination_10_0.01.toml").string());
  const auto table = toml::parse_file(file);
  CHECK(table["patterns"]["mode"].value<std::string>() == "top_discrimination");
  CHECK(table["patterns"]["k"].is_integer());  // an integer key rejects 10.0
  CHECK(table["patterns"]["k"].value<std::int64_t>() == 10);
  CHECK(table["patterns"]["delta"].is_floating_point());
  CHECK(table["patterns"]["delta"].value<double>() == 0.01);
  CHECK(table["run"]["name"].value<std::string>() == "tiny");

  for (const char* run : {"t1_top_discrimination_10_0.01", "t1_top_divergence_1_0.1"}) {
    io::ResultFile r((f.path / "out" / (std::string(run) + ".h5")).string());
    r.write("/m/proportion", std::vector<double>{0.0081}, "test", "1");
    r.write("/m/total_patterns", std::vector<double>{14688}, "test", "1");
    r.commit();
  }
  pipelines::ResultFiles files((f.path / "out").string());
  const auto verdicts = pipelines::check_paper(paper, files);
  REQUIRE(verdicts.size() == 2);
  CHECK(verdict_state(verdicts[0]) == VerdictState::NotCompared);
  CHECK(verdicts[0].ours == "0.0081");
  CHECK(verdicts[0].published == "0.03464");
  CHECK(verdicts[0].explanation == "not the same quantity");
  CHECK(verdicts[0].result == (f.path / "out" / "t1_top_discrimination_10_0.01.h5").string());
  CHECK(verdict_state(verdicts[1]) == VerdictState::Holds);
  CHECK(verdicts[1].ours == "14688");
}

TEST_CASE("run grids: malformed grids and runs picked from them name file, line and key") {
  Folder f;
  f.write("paper/tiny.toml", "[run]\n\n[patterns]\nk = 1\n");
  const auto error = [&](const std::string& text) { return load_error(f, text); };
  const std::string head = "[[runs]]\nname = \"g\"\nconfig = \"tiny.toml\"\n";
  const std::string axis = "grid = [{ key = \"patterns.k\", values = [1, 10] }]\n";
  const std::string info = "path = \"/a\"\ncompare = \"info\"\n";
  CHECK_THAT(error(head + "key = \"patterns.k\"\n" + axis + row("x", info)),
             Catch::Contains("config key 'runs[0].grid': give key, from and to, or grid"));
  CHECK_THAT(error(head + "grid = [{ key = \"patterns.k\", values = [1], texts = [\"a\"] }]\n" +
                   row("x", info)),
             Catch::Contains("'runs[0].grid[0].values': give values or texts"));
  CHECK_THAT(
      error(head + "grid = [{ key = \"patterns.k\", texts = [\"a/b\"] }]\n" + row("x", info)),
      Catch::Contains("'runs[0].grid[0].texts': 'a/b' must be"));
  CHECK_THAT(error(head +
                   "grid = [{ key = \"patterns.k\", values = [1] },\n"
                   "        { key = \"patterns.k\", values = [2] }]\n" +
                   row("x", info)),
             Catch::Contains("'runs[0].grid': sets patterns.k twice"));
  CHECK_THAT(error(head + axis + over("x", "g", info + "run = 1")),
             Catch::Contains("'expect[0].run': g is a grid: name one of its runs with config"));
  CHECK_THAT(error(head + axis + "[[expect]]\nfigure = \"x\"\nconfig = \"g_100.toml\"\n" + info),
             Catch::Contains("g_100.toml is not a file in") &&
                 Catch::Contains("nor a run of a [[runs]] set"));
  CHECK(error(head + axis + "[[expect]]\nfigure = \"x\"\nconfig = \"g_10.toml\"\n" + info) ==
        "no InputError");
}
