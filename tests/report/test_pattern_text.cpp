// Pattern keys as text: the stored key matrix (/patterns/mine/key) renders to the texts the miner
// describes its patterns with, and a result read back gets them as /patterns/mine/pattern.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "report/pattern_text.hpp"

using namespace adm;

namespace {
// Two features as a result lists them: "job" (3 levels, in y only) and "sex" (2 levels, sensitive).
const std::vector<std::string> kVariable = {"job", "job", "job", "sex", "sex"};
const std::vector<std::string> kValue = {"a", "b", "c", "m", "f"};
}  // namespace

TEST_CASE("pattern keys render as the miner's texts", "[report][patterns]") {
  // States: 0 unset, 1..L the level in y, L+1..2L the level in x (hand-derived expectations).
  const std::vector<std::int64_t> keys = {2, 4,   // job=b in y, sex=f in x
                                          0, 3,   // sex=m in x only
                                          3, 1,   // job=c and sex=m, both in y
                                          0, 0};  // the empty pattern
  const auto texts = report::pattern_texts(keys, 2, kVariable, kValue);
  REQUIRE(texts.size() == 4);
  CHECK(texts[0] == "x: sex=f | y: job=b");
  CHECK(texts[1] == "x: sex=m | y: ");
  CHECK(texts[2] == "x:  | y: job=c, sex=m");
  CHECK(texts[3] == "x:  | y: ");
  // The same as the describer the miner names its constraints with.
  const report::PatternDescriber describe({"job", "sex"}, {{"a", "b", "c"}, {"m", "f"}}, {3, 2});
  CHECK(describe(std::vector<std::uint8_t>{2, 4}) == texts[0]);
  // A key that does not fit the model is an internal error, not a wrong text.
  CHECK_THROWS_AS(report::pattern_texts({0, 5}, 2, kVariable, kValue), InternalError);
  CHECK_THROWS_AS(report::pattern_texts({0, 1, 2}, 3, kVariable, kValue), InternalError);
}

TEST_CASE("a result read back shows its stored pattern keys as texts", "[report][patterns]") {
  ResultSet r;
  r.add("/patterns/model/variable", kVariable, "");
  r.add("/patterns/model/value", kValue, "");
  r.add("/patterns/mine/key", std::vector<std::int64_t>{2, 4, 0, 3}, "", "1", {2, 2});
  report::add_pattern_texts(r);
  const auto* e = r.find("/patterns/mine/pattern");
  REQUIRE(e != nullptr);
  CHECK(std::get<std::vector<std::string>>(e->values) ==
        std::vector<std::string>{"x: sex=f | y: job=b", "x: sex=m | y: "});
  // A result that stores its texts keeps them.
  ResultSet plain;
  plain.add("/patterns/mine/pattern", std::vector<std::string>{"x: a=1 | y: "}, "");
  report::add_pattern_texts(plain);
  CHECK(plain.entries().size() == 1);
}
