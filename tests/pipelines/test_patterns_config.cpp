#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "pipelines/experiment_config.hpp"

using namespace adm;

namespace {

std::string config_error(const std::string& patterns) {
  try {
    pipelines::parse_config(
        "[run]\npipeline = \"patterns\"\n[data]\nsource = \"embedded:demo\"\n"
        "target = \"repaid\"\nsensitive = [\"race\"]\n[patterns]\nfavourable = \"yes\"\n" +
            patterns,
        "t.toml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("patterns config: k = 0 is refused in the top-k modes, kept in mode all",
          "[pipelines][patterns]") {
  // A top-k mine with k = 0 has no k-th best score to prune with: it would walk the whole tree
  // to return nothing.
  for (const char* mode : {"top_discrimination", "top_divergence"}) {
    const auto what = config_error(std::string("mode = \"") + mode + "\"\nk = 0\n");
    CHECK_THAT(what, Catch::Contains("patterns.k"));
    CHECK_THAT(what, Catch::Contains("top-k"));
  }
  // Mode all counts every qualifying pattern; k only says how many are kept.
  CHECK(config_error("mode = \"all\"\nk = 0\n") == "accepted");
  CHECK(config_error("mode = \"top_divergence\"\nk = 1\n") == "accepted");
}
