#include <algorithm>
#include <cstdio>

#include "data/discretize.hpp"
#include "info/measures.hpp"
#include "pipelines/audit/audit_stages.hpp"

namespace adm::pipelines {

data::Dataset binned(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& method = config.discretize.method;
  if (method == "none") return data;
  const auto m = method == "quantile"      ? data::DiscretizeMethod::Quantile
                 : method == "equal_width" ? data::DiscretizeMethod::EqualWidth
                                           : data::DiscretizeMethod::Mdlp;
  return data::discretize_numeric(data, m, static_cast<int>(config.discretize.bins));
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

void information_stage(StageContext& context) {
  const auto& config = context.config;
  const data::Dataset data = binned(config, context.data);
  const auto& roles = data.roles();
  const std::vector<std::string> y{roles.target};
  const std::vector<std::string>& s = roles.sensitive;

  info::InfoOptions options;
  options.miller_madow = config.info.miller_madow;
  options.missing = config.data.missing == data::MissingPolicy::Keep ? info::MissingPolicy::Skip
                                                                     : info::MissingPolicy::Error;
  if (!roles.weights.empty()) options.weights = data.column(roles.weights).values();

  // One task per feature: cheap here, but the same farm carries the ML-powered estimators later.
  const auto rows = context.farm.run("info", roles.features.size(), [&](std::size_t j, Rng&) {
    const std::vector<std::string> x{roles.features[j]};
    return std::vector<double>{info::entropy(data, x, options),
                               info::mutual_information(data, y, x, options),
                               info::conditional_mutual_information(data, y, x, s, options),
                               info::mutual_information(data, x, s, options)};
  });
  if (!context.farm.is_root()) return;  // the rows, and what is written of them, are rank 0's

  write_information(config, roles.features, s, rows, context.results, context.summary);
}

void write_information(const ExperimentConfig& config, const std::vector<std::string>& features,
                       const std::vector<std::string>& s,
                       const std::vector<std::vector<double>>& rows, ResultSet& results,
                       std::ostringstream& out) {
  std::vector<double> h, mi_y, cmi_y, mi_s;
  for (const auto& r : rows) {
    h.push_back(r[0]);
    mi_y.push_back(r[1]);
    cmi_y.push_back(r[2]);
    mi_s.push_back(r[3]);
  }
  results.add("/info/features", features, "Features, in the order of the other datasets.");
  results.add("/info/entropy", h, "H(X): entropy of the (binned) feature.", "bits");
  results.add("/info/mi_target", mi_y, "I(Y;X): information the feature carries about the outcome.",
              "bits");
  results.add("/info/cmi_target_given_sensitive", cmi_y,
              "I(Y;X|S): information about the outcome beyond the sensitive attributes S.", "bits");
  results.add("/info/mi_sensitive", mi_s, "I(X;S): information the feature carries about S.",
              "bits");

  out << "information (bits, plug-in" << (config.info.miller_madow ? ", Miller-Madow" : "")
      << "; S = {";
  for (std::size_t i = 0; i < s.size(); ++i) out << (i ? ", " : "") << s[i];
  out << "}):\n";
  char line[160];
  std::snprintf(line, sizeof line, "  %-20s %9s %9s %9s\n", "feature", "I(Y;X)", "I(Y;X|S)",
                "I(X;S)");
  out << line;
  std::vector<std::size_t> order(rows.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return mi_y[a] > mi_y[b]; });
  for (auto j : order) {
    // A feature whose information about Y mostly disappears given S, while it tells a lot about S,
    // looks like a proxy of S (the InfoGram's fair axis makes this precise).
    const bool proxy = mi_s[j] > 0.05 && cmi_y[j] < 0.5 * mi_y[j];
    std::snprintf(line, sizeof line, "  %-20s %9.4f %9.4f %9.4f%s\n", features[j].c_str(), mi_y[j],
                  cmi_y[j], mi_s[j], proxy ? "   <- informative mainly through S" : "");
    out << line;
  }
}

}  // namespace adm::pipelines
