// The split-layout audit against the row-based audit on many random small files and configs
// (missing-value policies, filters, derived decisions, quantile and equal-width bins, value tables
// small enough to force refinement passes, one or two sensitive attributes, quoted line breaks,
// CRLF, a BOM): every result outside the bootstrap is bitwise equal, and where the row-based
// loader refuses the input, the split reader refuses it with the same message. One process here;
// tests/mpi/split_audit_ranks.sh runs 1, 2 and 4 ranks.
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <variant>

#include "../data/data_test_util.hpp"
#include "pipeline_run.hpp"
#include "pipelines/audit/audit.hpp"
#include "pipelines/audit/split_audit.hpp"
#include "pipelines/experiment_config.hpp"

using namespace adm;

namespace {

std::string random_csv(std::mt19937& rng) {
  const std::string end = rng() % 2 ? "\r\n" : "\n";
  std::string out = rng() % 3 == 0 ? "\xEF\xBB\xBF" : "";
  out += "g,h,num,cat,score,label,note" + end;
  const std::size_t rows = 4 + rng() % 60;
  for (std::size_t i = 0; i < rows; ++i) {
    const auto pick = [&](std::initializer_list<const char*> v) {
      return std::string(v.begin()[rng() % v.size()]);
    };
    out += (rng() % 25 == 0 ? "NA" : pick({"a", "b", "c"})) + ",";
    out += pick({"x", "y"}) + ",";
    out += (rng() % 20 == 0 ? "NA" : pick({"0", "1.5", "2", "3", "7", "-1", "10", "2.25"})) + ",";
    out += (rng() % 30 == 0 ? "" : pick({"p", "q", "\"r, s\""})) + ",";
    out += std::to_string(rng() % 10) + ",";
    out += (rng() % 40 == 0 ? "NA" : pick({"yes", "no", "no"})) + ",";
    out += pick({"plain", "\"two\nlines\"", "\"say \"\"hi\"\"\"", ""});
    if (i + 1 < rows || rng() % 2) out += end;
  }
  return out;
}

std::string random_config(std::mt19937& rng, const std::string& path, const std::string& layout) {
  std::string t = "[run]\nname = \"r\"\n[data]\nsource = \"" + path + "\"\nlayout = \"" + layout +
                  "\"\ntarget = \"label\"\npositive = \"yes\"\n";
  t += rng() % 2 ? "sensitive = [\"g\"]\n" : "sensitive = [\"g\", \"h\"]\n";
  const char* missing[] = {"error", "drop", "keep"};
  t += std::string("missing = \"") + missing[rng() % 3] + "\"\n";
  if (rng() % 2) t += "features = [\"num\", \"cat\", \"score\"]\n";
  const bool decision = rng() % 2;
  if (decision) t += "[[data.derive]]\nname = \"decided\"\ncolumn = \"score\"\nthreshold = 5\n";
  if (rng() % 3 == 0) t += "[[data.filter]]\ncolumn = \"g\"\nin = [\"a\", \"b\"]\n";
  if (rng() % 4 == 0) t += "[[data.filter]]\ncolumn = \"num\"\nmin = 0\n";
  t += std::string("[discretize]\nmethod = \"") + (rng() % 2 ? "quantile" : "equal_width") +
       "\"\nbins = " + std::to_string(2 + rng() % 4) +
       "\nsplit_value_table = " + std::to_string(1 + rng() % 10) + "\n";
  t += std::string("[info]\nmiller_madow = ") + (rng() % 2 ? "true" : "false") + "\n";
  t += "[fairness]\nbootstrap = 0\n";
  if (decision) t += "prediction = \"decided\"\n";
  return t;
}

std::string raw_bytes(const ResultEntry& e) {
  return std::visit(
      [](const auto& v) {
        using T = typename std::decay_t<decltype(v)>::value_type;
        if constexpr (std::is_same_v<T, std::string>) {
          std::string out;
          for (const auto& s : v) out += s + '\0';
          return out;
        } else {
          return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
        }
      },
      e.values);
}

}  // namespace

TEST_CASE("split audit: equal to the row audit on random files and configs", "[pipelines][split]") {
  std::mt19937 rng(20261205);
  int compared = 0, refused = 0;
  for (int trial = 0; trial < 150; ++trial) {
    test::TempFile file(random_csv(rng));
    const auto state = rng;
    const std::string rows_text = random_config(rng, file.path(), "rows");
    auto same = state;
    const std::string split_text = random_config(same, file.path(), "split");
    INFO("config:\n" << split_text << "\ndata:\n" << file.path());

    test::PipelineRun row;
    std::string row_error;
    try {
      row.config = pipelines::parse_config(rows_text, "c.toml");
      row.execute(pipelines::check_audit_inputs, pipelines::run_audit);
    } catch (const InputError& e) {
      row_error = e.what();
    }
    ResultSet split;
    std::ostringstream summary;
    std::string split_error;
    try {
      const auto config = pipelines::parse_config(split_text, "c.toml");
      pipelines::check_split_supported(config);
      dist::TaskFarm farm(dist::Communicator::world(), dist::FarmOptions{config.run.seed});
      pipelines::Timings timings;
      const auto loaded = pipelines::load_split_audit(config, dist::Communicator::world());
      pipelines::run_split_audit(loaded, config, farm, split, summary, timings);
    } catch (const InputError& e) {
      split_error = e.what();
    }
    INFO("row error: " << row_error << "\nsplit error: " << split_error);
    REQUIRE(row_error.empty() == split_error.empty());
    if (!row_error.empty()) {
      CHECK(row_error == split_error);
      ++refused;
      continue;
    }
    ++compared;
    for (const auto& e : row.results.entries()) {
      if (e.path.rfind("/timing", 0) == 0) continue;
      const auto* s = split.find(e.path);
      INFO("path " << e.path);
      REQUIRE(s != nullptr);
      CHECK(raw_bytes(*s) == raw_bytes(e));
    }
  }
  CHECK(compared > 40);
  CHECK(refused > 5);
}
