#include "methods/fairforest/fair_tree_task.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace adm::methods::fairforest {
namespace {

double gini_mass(const learn::DecisionTree::Node& n) {
  double sum_sq = 0;
  for (const double c : n.counts) sum_sq += c * c;
  return n.weight - sum_sq / n.weight;  // w * (1 - sum p_k^2)
}

std::string stream(const char* what, std::size_t fold) {
  return std::string("fairforest-") + what + "/" + std::to_string(fold);
}

}  // namespace

std::vector<double> label_mdi(const learn::DecisionTree& tree) {
  std::vector<double> out(tree.cols(), 0.0);
  const auto& nodes = tree.nodes();
  for (const auto& n : nodes) {
    if (n.feature < 0) continue;
    const auto& l = nodes[static_cast<std::size_t>(n.left)];
    const auto& r = nodes[static_cast<std::size_t>(n.right)];
    const double drop =
        tree.regression() ? n.risk - l.risk - r.risk : gini_mass(n) - gini_mass(l) - gini_mass(r);
    out[static_cast<std::size_t>(n.feature)] += drop;
  }
  return out;
}

learn::DecisionTree grow_tree(const Problem& problem, const Protected* prot, const ModelSpec& spec,
                              const std::vector<std::size_t>& train, std::uint64_t seed,
                              std::size_t fold, std::size_t tree) {
  const auto& x = problem.x;
  std::vector<double> w(x.rows, 0.0);
  if (spec.forest) {
    Rng rng(seed, stream("bootstrap", fold), tree);
    for (std::size_t d = 0; d < train.size(); ++d)
      w[train[static_cast<std::size_t>(rng.uniform_index(train.size()))]] += 1.0;
  } else {
    for (const std::size_t r : train) w[r] = 1.0;
  }

  learn::CartParams params = spec.tree;
  learn::TreeTarget target;
  if (problem.regression()) {
    target.values = problem.values;
  } else {
    target.labels = problem.labels;
    target.classes = problem.classes;
  }
  std::unique_ptr<learn::FairCriterion> fair;
  if (spec.fair) {
    if (prot == nullptr)
      throw InternalError("fairforest: fair model without a protected attribute");
    if (prot->nominal()) {
      target.side_codes = prot->codes;
      target.side_levels = prot->levels;
    } else {
      target.side_values = prot->values;
    }
    fair = std::make_unique<learn::FairCriterion>(
        problem.regression() ? learn::AttributeKind::Numeric : learn::AttributeKind::Nominal,
        problem.classes,
        prot->nominal() ? learn::AttributeKind::Nominal : learn::AttributeKind::Numeric,
        prot->levels);
    params.any_gain = spec.any_gain;
  }
  if (prot != nullptr && !prot->excluded.empty()) {
    params.feature_weights.assign(x.cols, 1.0);
    for (const std::size_t c : prot->excluded) params.feature_weights[c] = 0.0;
  }
  if (problem.regression()) params.criterion = "mse";
  learn::DecisionTree t(params);
  if (fair) t.set_criterion(std::move(fair));
  t.reseed(Rng(seed, stream("mtry", fold), tree).next_u64());
  t.fit_indexed(x, problem.index, target, w);
  return t;
}

std::vector<double> fit_tree_task(const Problem& problem, const Protected* prot,
                                  const ModelSpec& spec, const std::vector<std::size_t>& train,
                                  const std::vector<std::size_t>& test, std::uint64_t seed,
                                  std::size_t fold, std::size_t tree) {
  const auto& x = problem.x;
  const learn::DecisionTree t = grow_tree(problem, prot, spec, train, seed, fold, tree);
  std::vector<double> out;
  out.reserve(test.size() + x.cols);
  for (const std::size_t r : test)
    out.push_back(t.nodes()[static_cast<std::size_t>(t.leaf_of(x, r))].value);
  const std::vector<double> mdi = label_mdi(t);
  out.insert(out.end(), mdi.begin(), mdi.end());
  return out;
}

}  // namespace adm::methods::fairforest
