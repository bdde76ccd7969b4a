#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "methods/patterns/pattern_model.hpp"

using namespace adm;
using namespace adm::methods::patterns;

// A key's state s of feature f: 0 unset, 1..levels the y value s - 1, above that (sensitive
// features) the x value s - 1 - levels. Texts written out by hand.
TEST_CASE("patterns: pattern text, one pattern and many", "[patterns]") {
  const std::vector<std::string> names{"age", "sex", "job"};
  const std::vector<std::vector<std::string>> level_names{{"young", "old"}, {"f", "m"}, {"a", "b"}};
  const std::vector<std::size_t> levels{2, 2, 3};  // job's third level has no name: its number
  const PatternDescriber describe(names, level_names, levels);
  const std::vector<std::pair<PatternKey, std::string>> cases{
      {{0, 3, 0}, "x: sex=f | y: "},
      {{2, 3, 3}, "x: sex=f | y: age=old, job=2"},
      {{4, 4, 1}, "x: age=old, sex=m | y: job=a"},
      {{1, 0, 0}, "x:  | y: age=young"},
      {{0, 0, 0}, "x:  | y: "},
  };
  for (const auto& [key, text] : cases) {
    CHECK(describe(key) == text);
    CHECK(PatternModel::describe(key, names, level_names, levels) == text);
  }
  CHECK_THROWS_AS(describe(PatternKey{0, 5, 0}), InternalError);
}
