// The split audit's bootstrap (multinomial cell counts, pipelines/split_audit_results.hpp) against
// the row bootstrap of the audit (bootstrap_counts + ReplicateTally, as fairness_stage draws it):
// on one small dataset, 4000 replicates each, every metric's percentile interval ends and mean
// agree within their Monte Carlo error. The estimate on all cells equals the rows' bitwise.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <random>

#include "data/split.hpp"
#include "fairness/bootstrap_ci.hpp"
#include "fairness/group_fairness.hpp"
#include "pipelines/audit/audit_stages.hpp"
#include "pipelines/audit/split_audit_results.hpp"

using namespace adm;

namespace {

struct Sample {
  std::vector<double> sorted;
  double mean = 0, var = 0;
};

Sample summarise(const std::vector<std::vector<double>>& reps, std::size_t metric) {
  Sample s;
  for (const auto& r : reps)
    if (!std::isnan(r[metric])) s.sorted.push_back(r[metric]);
  std::sort(s.sorted.begin(), s.sorted.end());
  for (double v : s.sorted) s.mean += v / double(s.sorted.size());
  for (double v : s.sorted) s.var += (v - s.mean) * (v - s.mean) / double(s.sorted.size() - 1);
  return s;
}

// Half the width of a distribution-free band for the p-quantile: the order statistics 3.5
// standard deviations of the binomial rank count below and above B p.
double quantile_band(const Sample& s, double p) {
  const double b = double(s.sorted.size());
  const double spread = 3.5 * std::sqrt(b * p * (1 - p));
  const auto at = [&](double rank) { return s.sorted[std::size_t(std::clamp(rank, 0.0, b - 1))]; };
  return (at(std::ceil(b * p + spread)) - at(std::floor(b * p - spread))) / 2;
}

}  // namespace

TEST_CASE("split bootstrap: cell draws agree with row draws to Monte Carlo error",
          "[pipelines][split][bootstrap]") {
  // 240 rows, three groups with different outcome and decision rates.
  std::mt19937 gen(42);
  std::vector<std::int32_t> y, p, g;
  for (int i = 0; i < 240; ++i) {
    const int group = i % 3;
    y.push_back(std::uniform_real_distribution<>(0, 1)(gen) < 0.3 + 0.15 * group);
    p.push_back(std::uniform_real_distribution<>(0, 1)(gen) < (y.back() ? 0.7 : 0.2 + 0.1 * group));
    g.push_back(group);
  }
  fairness::FairnessInputs in;
  in.y_true = y;
  in.y_pred = p;
  in.group = g;
  in.groups = 3;
  std::map<std::vector<std::int32_t>, std::uint64_t> cells;
  for (std::size_t i = 0; i < y.size(); ++i) ++cells[{y[i], p[i], g[i]}];
  std::vector<std::vector<std::int32_t>> codes;
  std::vector<std::uint64_t> counts;
  for (const auto& [c, n] : cells) {
    codes.push_back(c);
    counts.push_back(n);
  }
  const data::KeptGroups kept{{"a", "b", "c"}, {0, 1, 2}};
  const pipelines::SplitFairness fair(codes, counts, {kept}, false);

  // On all the cells: the rows' estimate, bit for bit.
  CHECK(pipelines::headline_metrics(fair.report(0, counts)) ==
        pipelines::headline_metrics(fairness::evaluate(in)));

  const std::size_t replicates = 4000;
  const fairness::ReplicateTally tally(in);
  std::vector<std::vector<double>> rows, cell_draws;
  for (std::size_t b = 0; b < replicates; ++b) {
    Rng row_rng(9, "fairness_bootstrap", b), cell_rng(10, "fairness_bootstrap", b);
    rows.push_back(pipelines::headline_metrics(
        fairness::report_from_tally(tally(data::bootstrap_counts(y.size(), row_rng)))));
    cell_draws.push_back(fair.replicate(y.size(), cell_rng));
  }
  for (std::size_t m = 0; m < rows.front().size(); ++m) {
    const Sample a = summarise(rows, m), b = summarise(cell_draws, m);
    INFO("metric " << m);
    CHECK(std::abs(a.mean - b.mean) <=
          5 * std::sqrt(a.var / a.sorted.size() + b.var / b.sorted.size()));
    for (double q : {0.025, 0.975}) {
      const double qa = fairness::sorted_quantile(a.sorted, q);
      const double qb = fairness::sorted_quantile(b.sorted, q);
      INFO("quantile " << q << ": rows " << qa << ", cells " << qb);
      CHECK(std::abs(qa - qb) <= quantile_band(a, q) + quantile_band(b, q));
    }
  }
}
