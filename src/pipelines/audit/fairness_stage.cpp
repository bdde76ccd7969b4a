#include <cmath>
#include <cstdio>
#include <set>

#include "core/error.hpp"
#include "data/split.hpp"
#include "fairness/bootstrap_ci.hpp"
#include "fairness/group_fairness.hpp"
#include "pipelines/audit/audit_stages.hpp"

namespace adm::pipelines {
namespace {

// Headline metrics per sensitive attribute, in this order, in results and bootstrap replicates.
const std::vector<std::string> kMetrics = {"sp", "pp", "pe", "eopp", "eodds", "cuae", "di_ratio"};

struct Audited {
  std::string attribute;
  fairness::FairnessInputs inputs;
};

}  // namespace

std::vector<double> headline_metrics(const fairness::FairnessReport& r) {
  std::vector<double> out;
  for (auto m : fairness::kAllGapMetrics) out.push_back(r.gap(m).value);
  out.push_back(r.di.ratio);
  return out;
}

std::vector<std::int32_t> decision_codes(const ExperimentConfig& config,
                                         const data::Dataset& data) {
  const auto& name = config.fairness.prediction;
  if (!data.has(name))
    throw InputError(config.file + ": config key 'fairness.prediction': unknown column '" + name +
                     "' in " + data.source());
  const auto& column = data.column(name);
  std::vector<std::int32_t> codes(data.rows(), 0);
  // Refused, not recoded as "positive versus the rest": a third value means the column is not a
  // binary decision (a score, a multi-class prediction), and merging levels would hide that.
  std::set<std::string> values;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    if (!column.is_missing(i)) values.insert(column.cell_text(i));
    if (values.size() > 2)
      throw InputError(at_location(data.source(), data.source_line(i), 0,
                                   "config key 'fairness.prediction': decision column '" + name +
                                       "' takes a third value here (" +
                                       join_names({values.begin(), values.end()}) +
                                       "); the audit needs binary decisions, so recode the "
                                       "column to two values"));
  }
  for (std::size_t i = 0; i < data.rows(); ++i) {
    if (column.is_missing(i))
      throw InputError(
          at_location(data.source(), data.source_line(i), 0,
                      "decision column '" + name +
                          "' is missing; fairness metrics need a decision for every row"));
    codes[i] = column.cell_text(i) == config.fairness.prediction_positive ? 1 : 0;
  }
  bool any = false;
  for (auto c : codes) any = any || c == 1;
  bool level_exists = column.is_categorical()
                          ? std::find(column.levels().begin(), column.levels().end(),
                                      config.fairness.prediction_positive) != column.levels().end()
                          : any;
  if (!level_exists)
    throw InputError(config.file + ": config key 'fairness.prediction_positive': column '" + name +
                     "' has no value '" + config.fairness.prediction_positive + "'");
  return codes;
}

void fairness_stage(StageContext& context) {
  const auto& config = context.config;
  const auto& data = context.data;
  const auto& roles = data.roles();
  const auto& y = data.target().codes();
  const bool audit_model = !config.fairness.prediction.empty();
  // Without a model, the outcome itself is audited: its "selection rate" is the base rate.
  const std::vector<std::int32_t> decisions =
      audit_model ? decision_codes(config, data) : data::to_vector(y);
  std::span<const double> weights;
  if (!roles.weights.empty()) weights = data.column(roles.weights).values();

  std::vector<Audited> audited;
  for (const auto& attr : roles.sensitive) {
    const auto& s = data.column(attr);
    fairness::FairnessInputs in;
    in.y_true = y;
    in.y_pred = decisions;
    in.group = s.codes();
    in.groups = s.level_count();
    in.weights = weights;
    in.skip_missing = config.data.missing == data::MissingPolicy::Keep;
    audited.push_back({attr, in});
  }

  const std::size_t replicates = config.fairness.bootstrap;
  std::vector<fairness::ReplicateTally> tallies;
  if (replicates > 0)
    for (const auto& a : audited) tallies.emplace_back(a.inputs);
  // Each replicate resamples rows from its own stream (seed, "fairness_bootstrap", b).
  const auto boot = context.farm.run("fairness_bootstrap", replicates, [&](std::size_t, Rng& rng) {
    const auto times = data::bootstrap_counts(data.rows(), rng);
    std::vector<double> out;
    for (const auto& tally : tallies) {
      const auto h = headline_metrics(fairness::report_from_tally(tally(times)));
      out.insert(out.end(), h.begin(), h.end());
    }
    return out;
  });
  if (!context.farm.is_root()) return;  // the replicates, and what is written, are rank 0's

  std::vector<AuditedAttribute> reports;
  for (const auto& a : audited)
    reports.push_back(
        {a.attribute, data.column(a.attribute).levels(), fairness::evaluate(a.inputs)});
  write_fairness(config, reports, boot, context.results, context.summary);
}

void write_fairness(const ExperimentConfig& config, const std::vector<AuditedAttribute>& audited,
                    const std::vector<std::vector<double>>& boot, ResultSet& results,
                    std::ostringstream& out) {
  const bool audit_model = !config.fairness.prediction.empty();
  const std::size_t per_attr = kMetrics.size();
  const std::size_t replicates = config.fairness.bootstrap;

  const std::string what =
      audit_model ? "decisions '" + config.fairness.prediction + "'" : "outcome";
  out << "fairness of " << what << " (gaps are largest pairwise differences; " << replicates
      << " bootstrap replicates, " << config.fairness.confidence * 100 << "% intervals):\n";
  if (replicates > 0) {
    std::vector<double> flat;
    for (const auto& r : boot) flat.insert(flat.end(), r.begin(), r.end());
    results.add("/fairness/bootstrap/replicates", flat,
                "Headline metrics of each bootstrap replicate (rows) for every sensitive attribute "
                "in turn (columns: attribute-major, metrics as in /fairness/metric_names).",
                "fraction", {replicates, per_attr * audited.size()});
  }
  results.add("/fairness/metric_names", kMetrics,
              "sp, pp, pe, eopp, eodds, cuae: FairCORELS unfairness metrics (absolute gaps); "
              "di_ratio: lowest/highest group selection rate.");

  for (std::size_t k = 0; k < audited.size(); ++k) {
    const auto& a = audited[k];
    const auto& report = a.report;
    const auto values = headline_metrics(report);
    const std::string base = "/fairness/" + a.attribute;
    results.add(base + "/groups", a.levels, "Groups, in the order of the per-group datasets.");
    std::vector<double> sel, tpr, fpr, fnr, ppv, npv, acc, count;
    for (const auto& g : report.per_group) {
      count.push_back(g.count);
      sel.push_back(g.selection_rate);
      tpr.push_back(g.tpr);
      fpr.push_back(g.fpr);
      fnr.push_back(g.fnr);
      ppv.push_back(g.ppv);
      npv.push_back(g.npv);
      acc.push_back(g.accuracy);
    }
    results.add(base + "/count", count, "Rows (or total weight) per group.", "rows");
    results.add(base + "/selection_rate", sel, "P(decision = 1 | group).", "fraction");
    results.add(base + "/tpr", tpr, "True positive rate per group (NaN: no positives).",
                "fraction");
    results.add(base + "/fpr", fpr, "False positive rate per group (NaN: no negatives).",
                "fraction");
    results.add(base + "/fnr", fnr, "False negative rate per group (NaN: no positives).",
                "fraction");
    results.add(base + "/accuracy", acc, "Share of decisions equal to the outcome, per group.",
                "fraction");
    results.add(base + "/ppv", ppv, "Positive predictive value per group.", "fraction");
    results.add(base + "/npv", npv, "Negative predictive value per group.", "fraction");
    results.add(base + "/metrics", values, "Headline metrics, named by /fairness/metric_names.",
                "fraction");

    std::vector<fairness::Interval> ci(per_attr);
    if (replicates > 0) {
      std::vector<std::vector<double>> mine;
      for (const auto& r : boot)
        mine.emplace_back(r.begin() + long(k * per_attr), r.begin() + long((k + 1) * per_attr));
      ci = fairness::bootstrap_ci(mine, config.fairness.confidence);
      std::vector<double> lo, hi;
      for (const auto& c : ci) {
        lo.push_back(c.lower);
        hi.push_back(c.upper);
      }
      results.add(base + "/ci_lower", lo, "Bootstrap percentile interval, lower end.", "fraction");
      results.add(base + "/ci_upper", hi, "Bootstrap percentile interval, upper end.", "fraction");
    }

    out << "  by " << a.attribute << ": selection rate";
    for (std::size_t g = 0; g < sel.size(); ++g) {
      char buf[64];
      std::snprintf(buf, sizeof buf, " %s %.3f", a.levels[g].c_str(), sel[g]);
      out << buf;
    }
    out << "\n   ";
    for (std::size_t m = 0; m < per_attr; ++m) {
      char buf[96];
      if (replicates > 0)
        std::snprintf(buf, sizeof buf, " %s %.3f [%.3f, %.3f]", kMetrics[m].c_str(), values[m],
                      ci[m].lower, ci[m].upper);
      else
        std::snprintf(buf, sizeof buf, " %s %.3f", kMetrics[m].c_str(), values[m]);
      out << buf << (m == 3 ? "\n   " : "");
    }
    out << (report.di.verdict == fairness::Verdict::Fail ? "  (fails the 80% rule)" : "") << "\n";
    // Warned about, not refused: a metric can be undefined for one attribute (a group without
    // negatives) while the others are fine. The result keeps the NaN; the summary says it.
    std::vector<std::string> undefined;
    for (std::size_t m = 0; m < per_attr; ++m)
      if (std::isnan(values[m])) undefined.push_back(kMetrics[m]);
    if (!undefined.empty())
      out << "    warning: " << join_names(undefined)
          << " undefined (NaN): fewer than two groups of " << a.attribute
          << " have the rates compared (no positives, no negatives or no decisions of a kind)\n";
  }
}

}  // namespace adm::pipelines
