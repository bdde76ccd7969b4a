#include "pipelines/patterns/nb_parameters.hpp"

#include "core/error.hpp"

namespace adm::pipelines {

void write_nb_labels(ResultSet& results, const std::string& group, const learn::NbTable& table,
                     const std::vector<std::vector<std::string>>& level_names,
                     const std::vector<std::string>& decision) {
  std::vector<std::string> variable, value;
  for (std::size_t f = 0; f < table.names.size(); ++f) {
    if (level_names[f].size() != table.levels[f])
      throw InternalError("naive Bayes parameters: level names do not match the levels");
    for (const auto& level : level_names[f]) {
      variable.push_back(table.names[f]);
      value.push_back(level);
    }
  }
  results.add(group + "/decision", decision,
              "Decision levels [d-bar, d] (d = patterns.favourable): the columns of prior and "
              "cond.");
  results.add(group + "/variable", variable,
              "Feature of each row of cond (features in model order, each with all its levels).");
  results.add(group + "/value", value, "Level of each row of cond.");
}

void write_nb_parameters(ResultSet& results, const std::string& group, const std::string& name,
                         const learn::NaiveBayes& model, const std::string& what) {
  std::vector<double> cond;
  for (std::size_t f = 0; f < model.features(); ++f)
    for (std::size_t v = 0; v < model.levels(f); ++v) {
      cond.push_back(model.cond(f, v, 0));
      cond.push_back(model.cond(f, v, 1));
    }
  const std::string at = group + "/" + name;
  results.add(at + "/prior", std::vector<double>{model.prior(0), model.prior(1)},
              what + ": P(d-bar), P(d).", "1");
  results.add(at + "/cond", cond,
              what +
                  ": P(value | d-bar), P(value | d) for each (variable, value) row; each "
                  "column sums to 1 over a variable's rows.",
              "1", {cond.size() / 2, 2});
}

}  // namespace adm::pipelines
