#include <catch2/catch.hpp>
#include <cmath>

#include "../data/data_test_util.hpp"
#include "data/load.hpp"
#include "parallel/task_farm.hpp"
#include "pipelines/audit/audit.hpp"
#include "pipelines/audit/audit_stages.hpp"

using namespace adm;

namespace {

struct Audit {
  pipelines::ExperimentConfig config;
  data::Dataset data;
  ResultSet results;
  std::ostringstream summary;

  explicit Audit(std::uint64_t bootstrap)
      : Audit(pipelines::parse_config(pipelines::demo_config_text(), "demo"), bootstrap) {}
  explicit Audit(const std::string& config_text)
      : Audit(pipelines::parse_config(config_text, "cfg.toml"), 0) {}
  Audit(pipelines::ExperimentConfig parsed, std::uint64_t bootstrap) {
    config = std::move(parsed);
    config.fairness.bootstrap = bootstrap;
    data = data::load_dataset(config.data);
    dist::TaskFarm farm(dist::Communicator::world(), dist::FarmOptions{config.run.seed});
    pipelines::StageContext context{config, data, farm, results, summary};
    std::vector<std::pair<std::string, double>> timings;
    pipelines::run_audit(context, timings);
  }
  const std::vector<double>& doubles(const std::string& path) const {
    const auto* e = results.find(path);
    REQUIRE(e != nullptr);
    return std::get<std::vector<double>>(e->values);
  }
  std::size_t feature(const std::string& name) const {
    const auto& f = std::get<std::vector<std::string>>(results.find("/info/features")->values);
    return static_cast<std::size_t>(std::find(f.begin(), f.end(), name) - f.begin());
  }
};

}  // namespace

TEST_CASE("the demo audit finds the structure the generator built in", "[pipelines][audit]") {
  Audit a(0);
  const auto& mi_y = a.doubles("/info/mi_target");
  const auto& cmi = a.doubles("/info/cmi_target_given_sensitive");
  const auto& mi_s = a.doubles("/info/mi_sensitive");
  const auto zip = a.feature("zip_code"), debt = a.feature("debt_ratio"),
             color = a.feature("favorite_color");
  // zip_code is a proxy of race: much information about S, little about Y beyond S.
  CHECK(mi_s[zip] > 0.3);
  CHECK(cmi[zip] < 0.5 * mi_y[zip]);
  // debt_ratio is genuinely predictive and independent of S.
  CHECK(cmi[debt] > 0.05);
  CHECK(mi_s[debt] < 0.01);
  CHECK(mi_y[color] < 0.002);
  CHECK_THAT(a.summary.str(),
             Catch::Contains("zip_code") && Catch::Contains("informative mainly through S"));
}

TEST_CASE("audit rates equal a direct count on the data", "[pipelines][audit]") {
  Audit a(0);
  const auto& race = a.data.column("race");
  const auto& y = a.data.target().codes();
  const auto& approved = a.data.column("approved");
  // Selection rate and FPR of group_b counted by hand.
  double n = 0, sel = 0, neg = 0, fp = 0;
  for (std::size_t i = 0; i < a.data.rows(); ++i) {
    if (race.levels()[race.codes()[i]] != "group_b") continue;
    const bool yes = approved.levels()[approved.codes()[i]] == "yes";
    n += 1;
    sel += yes;
    if (y[i] == 0) {
      neg += 1;
      fp += yes;
    }
  }
  CHECK(a.doubles("/fairness/race/selection_rate")[1] == Approx(sel / n).epsilon(1e-15));
  CHECK(a.doubles("/fairness/race/fpr")[1] == Approx(fp / neg).epsilon(1e-15));
  const auto& sr = a.doubles("/fairness/race/selection_rate");
  const auto& metrics = a.doubles("/fairness/race/metrics");
  CHECK(metrics[0] == Approx(std::abs(sr[0] - sr[1])));                          // SP
  CHECK(metrics[6] == Approx(std::min(sr[0], sr[1]) / std::max(sr[0], sr[1])));  // DI
}

TEST_CASE("bootstrap intervals bracket the estimate and are reproducible", "[pipelines][audit]") {
  Audit a(100), b(100);
  const auto& lo = a.doubles("/fairness/race/ci_lower");
  const auto& hi = a.doubles("/fairness/race/ci_upper");
  const auto& est = a.doubles("/fairness/race/metrics");
  for (std::size_t m = 0; m < est.size(); ++m) {
    CHECK(lo[m] <= hi[m]);
    CHECK(lo[m] <= est[m] + 0.05);
    CHECK(hi[m] >= est[m] - 0.05);
  }
  CHECK(a.doubles("/fairness/bootstrap/replicates") == b.doubles("/fairness/bootstrap/replicates"));
  CHECK(a.doubles("/fairness/bootstrap/replicates").size() == 100 * 7 * 3);
}

TEST_CASE("headline metrics that are undefined are warned about in the summary",
          "[pipelines][audit]") {
  // Group b has only positive outcomes, and the outcome itself is audited: b's FPR and NPV are
  // 0/0, so with two groups PE, EOdds and CUAE are undefined.
  adm::test::TempFile csv("group,x,label\na,p,yes\na,q,no\na,p,no\nb,q,yes\nb,p,yes\nb,q,yes\n");
  Audit a("[info]\nenabled = false\n[data]\nsource = \"" + csv.path() +
          "\"\ntarget = \"label\"\npositive = \"yes\"\nsensitive = [\"group\"]\n"
          "features = [\"x\"]\n");
  const auto& metrics = a.doubles("/fairness/group/metrics");
  CHECK(std::isnan(metrics[2]));
  CHECK_FALSE(std::isnan(metrics[0]));
  CHECK_THAT(a.summary.str(),
             Catch::Contains("warning: pe, eodds, cuae undefined (NaN): fewer than two groups of "
                             "group have the rates compared"));
  Audit demo(0);
  CHECK_THAT(demo.summary.str(), !Catch::Contains("warning:"));
}
