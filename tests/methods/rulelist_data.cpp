#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "data/dataset.hpp"
#include "methods/rulelist/corels_format.hpp"
#include "methods/rulelist/mining.hpp"
#include "methods/rulelist/pareto.hpp"
#include "methods/rulelist/rule_list.hpp"
#include "methods/rulelist/search.hpp"

using namespace adm;
using namespace adm::methods::rulelist;

namespace {

Bits bits(const std::string& s) {
  Bits b(s.size());
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == '1') b.set(i);
  return b;
}

data::Dataset toy() {
  data::Dataset d("toy");
  d.add(data::Column::categorical("a", {0, 0, 0, 1, 1, 1, 2, 2, 2, 2}, {"x", "y", "z"}));
  d.add(data::Column::categorical("b", {1, 0, 1, 1, 0, 0, 1, 1, 1, 0}, {"0", "1"}));
  d.add(data::Column::categorical("s", {0, 1, 0, 1, 0, 1, 0, 1, 0, 1}, {"f", "m"}));
  d.add(data::Column::categorical("y", {1, 0, 1, 0, 0, 0, 1, 1, 0, 1}, {"no", "yes"}));
  d.roles().target = "y";
  d.roles().features = {"a", "b"};
  d.roles().sensitive = {"s"};
  return d;
}

}  // namespace

TEST_CASE("rulelist: bit vectors count across word boundaries", "[rulelist]") {
  Bits a(130), b(130);
  for (std::size_t i = 0; i < 130; i += 3) a.set(i);
  for (std::size_t i = 0; i < 130; i += 2) b.set(i);
  CHECK(a.count() == 44);        // 0, 3, ..., 129
  CHECK(count_and(a, b) == 22);  // multiples of 6 up to 126
  CHECK((~a).count() == 86);     // complement stays inside 130 rows
  CHECK((a | b).count() == 44 + 65 - 22);
  CHECK(a.indices().back() == 129);
}

TEST_CASE("rulelist: mining items, negations and supported pairs", "[rulelist]") {
  MiningOptions o;
  o.min_support = 0.2;  // pairs need 2 of 10 rows
  const auto set = mine_rules(toy(), o);
  std::vector<std::string> names;
  for (const auto& r : set.rules) names.push_back(r.name);
  // a:y && b captures one row only and is left out.
  CHECK(names == std::vector<std::string>{"a:x", "a:y", "a:z", "b", "not a:x", "not a:y", "not a:z",
                                          "not b", "a:x && b", "a:z && b"});
  CHECK(set.rules[8].captures.text() == "1010000000");
  CHECK(set.rules[9].captures.text() == "0000001110");
  CHECK(set.labels.text() == "1010001101");
  CHECK(set.positive_name == "yes");
  REQUIRE(set.groups.size() == 2);
  CHECK(set.group_names[1] == "s=m");
  CHECK(set.groups[1].text() == "0101010101");
  // The sensitive attribute is never a rule; single items only without pairs and negations.
  o.max_cardinality = 1;
  o.negations = false;
  CHECK(mine_rules(toy(), o).rules.size() == 4);
  // Numeric features must be discretised first.
  auto d = toy();
  d.add(data::Column::numeric("age", std::vector<double>(10, 30.0)));
  d.roles().features.push_back("age");
  CHECK_THROWS_AS(mine_rules(d, o), InputError);
}

TEST_CASE("rulelist: equivalent-points minority and rule pruning", "[rulelist]") {
  // Rows 0-1 alike (labels 1,0: tie, the positive row marked), rows 2-4 alike (1,1,0: row 4).
  std::vector<Rule> rules{{"r0", bits("110000")}, {"r1", bits("001110")}};
  CHECK(equivalent_minority(rules, bits("101101")).text() == "100010");
  RuleSet set;
  set.source = "hand";
  set.rows = 6;
  set.labels = bits("101101");
  set.rules = {{"r0", bits("110000")},
               {"all", bits("111111")},
               {"dup", bits("110000")},
               {"none", bits("000000")},
               {"r1", bits("001110")}};
  CHECK(prune_rules(set, true) == 3);
  REQUIRE(set.rules.size() == 2);
  CHECK(set.rules[1].name == "r1");
  CHECK(set.minority.text() == "100010");
}

TEST_CASE("rulelist: evaluation of a hand-made rule list", "[rulelist]") {
  const auto set = mine_rules(toy(), MiningOptions{});
  // if [a:x] then yes, else if [b] then ... ; majority predictions by hand:
  // a:x rows 0-2 labels 1,0,1 -> yes (1 error); b among rest: rows 3,6,7,8 labels 0,1,1,0 -> tie
  // -> no (2 errors); default rows 4,5,9 labels 0,0,1 -> no (1 error).
  RuleList list{{0, 3}, {1, 0}, 0};
  const auto e = evaluate(set, list, 0.1);
  CHECK(e.errors == 4);
  CHECK(e.accuracy == Approx(0.6));
  CHECK(e.objective == Approx(0.4 + 0.2));
  // Positive predictions: rows 0-2. Group f = rows 0,2,4,6,8 -> 2/5; m -> 1/5.
  CHECK(e.unfairness[0] == Approx(0.2));  // SP
  // PP: f precision 2/2, m 0/1 -> 1.
  CHECK(e.unfairness[1] == Approx(1.0));
  CHECK(describe(set, list) == "if [a:x] then [yes]\nelse if [b] then [no]\nelse [no]");
  CHECK(decode_rule_list(encode(list)) == list);
}

TEST_CASE("rulelist: CORELS files", "[rulelist]") {
  const auto dir = std::filesystem::temp_directory_path() / "adm_rulelist_corels";
  std::filesystem::create_directories(dir);
  auto write = [&](const char* name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  CorelsFiles f;
  f.out = write("t.out", "{a:1} 1 1 0 0 1\n{a:1,b:2} 1 0 0 0 1\n");
  f.label = write("t.label", "{y:No} 0 1 1 0 0\n{y:Yes} 1 0 0 1 1\n");
  f.groups = write("t.groups", "{race:A} 1 1 0 0 0\n{race:B} 0 0 1 1 1\n");
  auto set = read_corels(f);
  CHECK(set.rows == 5);
  CHECK(set.rules[1].name == "a:1,b:2");
  CHECK(set.rules[1].captures.text() == "10001");
  CHECK(set.positive_name == "y:Yes");
  CHECK(set.labels.text() == "10011");
  CHECK(set.groups[1].text() == "00111");
  // Rows 2 and 3 are alike (no rule) with labels 0, 1: tie, the positive row is the minority.
  CHECK(set.minority.text() == "00010");
  f.minor = write("t.minor", "{group_minority} 0 1 0 0 0\n");
  CHECK(read_corels(f).minority.text() == "01000");
  f.minor = write("t.minor", "{group_minority} 0 1 0 0\n");
  CHECK_THROWS_WITH(read_corels(f), Catch::Contains("4 rows, but the .out file has 5"));
  f.minor.clear();
  f.out = write("t.out", "{a:1} 1 1 0 0 1\n{b} 1 0 x 0 1\n");
  CHECK_THROWS_WITH(read_corels(f), Catch::Contains("t.out:2: unexpected character 'x'"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("rulelist: non-dominated points of a sweep", "[rulelist]") {
  std::vector<ParetoPoint> p{{0.0, 0.2, 0.1, 5}, {0.1, 0.25, 0.05, 5},        {0.2, 0.3, 0.2, 5},
                             {0.3, 0.2, 0.1, 5}, {0.4, std::nan(""), 0.0, 5}, {0.5, 0.1, 0.0, 0}};
  CHECK(non_dominated(p) == std::vector<std::size_t>{1, 0});
  CHECK(epsilon_grid(0.5, 1.0, 3) == std::vector<double>{0.5, 0.75, 1.0});
  std::vector<FoldOutcome> folds(3);
  folds[0].found = folds[2].found = true;
  folds[0].test_error = 0.2, folds[2].test_error = 0.4;
  folds[0].test_unfairness = 0.1, folds[2].test_unfairness = std::nan("");
  const auto a = average(0.7, folds);
  CHECK(a.folds == 2);
  CHECK(a.error == Approx(0.3));
  CHECK(a.unfairness == Approx(0.1));
}

TEST_CASE("rulelist: CORELS' COMPAS files, minority and certified optimum at lambda 0.015",
          "[rulelist][real]") {
  const std::string dir = std::string(ADM_SHARED_DATA) + "/compas/corels_format/";
  if (!std::filesystem::exists(dir + "compas_train.out")) {
    WARN("SKIP: no " << dir << " (shared data absent)");
    return;
  }
  CorelsFiles f{dir + "compas_train.out", dir + "compas_train.label", dir + "compas_train.minor",
                ""};
  const auto set = read_corels(f);
  CHECK(set.rows == 6489);
  CHECK(set.rules.size() == 155);
  CHECK(set.positives() == 2906);
  // Our equivalent-points minority, computed from the rules, is CORELS' own .minor vector.
  CHECK(equivalent_minority(set.rules, set.labels) == set.minority);
  CHECK(set.minority.count() == 2063);
  SearchOptions o;
  o.regularization = 0.015;
  o.strategy = Strategy::LowerBound;
  const auto r = run_serial(set, o);
  REQUIRE(r.complete);
  CHECK(describe(set, r.best.list) ==
        "if [priors:>3] then [recidivate-within-two-years:Yes]\n"
        "else if [sex:Male,juvenile-crimes:>0] then [recidivate-within-two-years:Yes]\n"
        "else [recidivate-within-two-years:No]");
  CHECK(r.best.objective == Approx(0.377973).epsilon(1e-5));
}
