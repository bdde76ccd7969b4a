#include "methods/rulelist/fair_prune.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "methods/rulelist/rule_list.hpp"

namespace adm::methods::rulelist {
namespace {

// Rates and unfairness are compared after round-off; widen the constraint by this much, so a
// completion whose computed unfairness is exactly 1 - epsilon is never cut.
constexpr double kUnfairnessSlack = 1e-9;
// A bound on errors is a real; an integer count exceeds it only by more than this.
constexpr double kErrorSlack = 1e-6;

}  // namespace

void capture_rows(const RuleSet& set, const std::vector<std::uint16_t>& rules,
                  const std::vector<std::uint8_t>& predictions, Bits& captured, Bits* positive,
                  Bits& scratch) {
  captured.clear();
  if (positive) positive->clear();
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const Bits& rule = set.rules[rules[i]].captures;
    if (positive && predictions[i]) {
      scratch = rule;
      scratch.and_not(captured);
      *positive |= scratch;
    }
    captured |= rule;
  }
}

double list_unfairness(const std::vector<GroupCells>& cells, bool default_positive,
                       fairness::GapMetric metric) {
  std::vector<fairness::GroupRates> rates(cells.size());
  for (std::size_t g = 0; g < cells.size(); ++g) {
    const auto& c = cells[g];
    auto& r = rates[g];
    r.rows = r.count = static_cast<double>(c.tp) + c.fp + c.tn + c.fn + c.u1 + c.u0;
    r.tp = static_cast<double>(c.tp) + (default_positive ? c.u1 : 0);
    r.fp = static_cast<double>(c.fp) + (default_positive ? c.u0 : 0);
    r.fn = static_cast<double>(c.fn) + (default_positive ? 0 : c.u1);
    r.tn = static_cast<double>(c.tn) + (default_positive ? 0 : c.u0);
    fairness::finish_rates(r);
  }
  return fairness::gap(rates, metric).value;
}

FairPrune::FairPrune(const RuleSet& set, const SearchOptions& options)
    : set_(set),
      lambda_(options.regularization),
      inv_rows_(set.rows ? 1.0 / static_cast<double>(set.rows) : 0.0),
      fair_(options.fairness),
      unfairness_(options.fairness.active && options.bounds.fair_unfairness),
      errors_(options.fairness.active && options.bounds.fair_errors) {
  if (options.fairness.active && options.bounds.fair_classes &&
      ClassBound::applies(options.fairness.metric) && set.groups.size() >= 2)
    classes_.emplace(set, options.fairness.metric);
  for (const auto& g : set.groups) {
    group_pos_.push_back(g & set.labels);
    size_.push_back(static_cast<std::uint32_t>(g.count()));
    pos_.push_back(static_cast<std::uint32_t>(group_pos_.back().count()));
  }
}

void FairPrune::cells(const Bits& captured, const Bits& positive,
                      std::vector<GroupCells>& out) const {
  out.resize(set_.groups.size());
  for (std::size_t g = 0; g < out.size(); ++g) {
    const auto cap = static_cast<std::uint32_t>(fast_count_and(captured, set_.groups[g]));
    const auto cap1 = static_cast<std::uint32_t>(fast_count_and(captured, group_pos_[g]));
    const auto pred = static_cast<std::uint32_t>(fast_count_and(positive, set_.groups[g]));
    auto& c = out[g];
    c.tp = static_cast<std::uint32_t>(fast_count_and(positive, group_pos_[g]));
    c.fp = pred - c.tp;
    c.fn = cap1 - c.tp;
    c.tn = cap - pred - c.fn;
    c.u1 = pos_[g] - cap1;
    c.u0 = size_[g] - pos_[g] - (cap - cap1);
  }
}

void FairPrune::child_cells(const std::vector<GroupCells>& parent, const Bits& uncaptured,
                            const Bits& rule, bool prediction, std::vector<GroupCells>& out) const {
  out = parent;
  for (std::size_t g = 0; g < out.size(); ++g) {
    const auto fresh =
        static_cast<std::uint32_t>(fast_count_and3(uncaptured, rule, set_.groups[g]));
    const auto fresh1 =
        static_cast<std::uint32_t>(fast_count_and3(uncaptured, rule, group_pos_[g]));
    auto& c = out[g];
    (prediction ? c.tp : c.fn) += fresh1;
    (prediction ? c.fp : c.tn) += fresh - fresh1;
    c.u1 -= fresh1;
    c.u0 -= fresh - fresh1;
  }
}

void FairPrune::load_classes(const Bits& captured, ClassState& out) const {
  if (classes_) classes_->load(captured, out);
}

double FairPrune::least_errors(const std::vector<GroupCells>& cells,
                               const ClassState* state) const {
  const double delta = 1.0 - fair_.epsilon + kUnfairnessSlack;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double rows = min_fair_errors(cells, fair_.metric, delta, fair_.accept_undefined, kInf);
  if (!classes_ || !state || rows == kInf) return rows;
  return std::max(rows, classes_->min_errors(cells, *state, -1, delta, kInf));
}

FairPrune::Verdict FairPrune::check(const std::vector<GroupCells>& cells, std::size_t errors,
                                    std::size_t length, double threshold, const ClassState* state,
                                    int rule, double* least) const {
  double dummy = 0.0;
  double& lb_out = least ? *least : dummy;
  lb_out = 0.0;
  const double delta = 1.0 - fair_.epsilon + kUnfairnessSlack;
  const bool use_classes = classes_ && state;
  // Where (c) covers (a) and (b), they are skipped (they cost more than (c) here).
  const bool rows = !(use_classes && classes_->covers_rows());
  if (rows && unfairness_ && min_unfairness(cells, fair_.metric, fair_.accept_undefined) > delta)
    return Verdict::Unfair;
  if (!(rows && errors_) && !use_classes) return Verdict::Keep;
  // The most errors on the uncaptured rows that still leave an objective <= threshold.
  double budget = std::numeric_limits<double>::infinity();
  if (std::isfinite(threshold)) {
    auto objective = [&](long long extra) {
      return objective_value(errors + static_cast<std::size_t>(extra), length, inv_rows_, lambda_);
    };
    const double room = std::floor((threshold - lambda_ * static_cast<double>(length)) *
                                   static_cast<double>(set_.rows)) -
                        static_cast<double>(errors);
    long long most = room < -1 ? -1 : static_cast<long long>(room);
    while (most >= 0 && objective(most) > threshold) --most;
    while (objective(most + 1) <= threshold) ++most;
    if (most < 0) return Verdict::Costly;  // even no more errors is too many
    budget = static_cast<double>(most) + kErrorSlack;
  }
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (rows && errors_) {
    const double lb = min_fair_errors(cells, fair_.metric, delta, fair_.accept_undefined, budget);
    if (lb == kInf) return Verdict::Unfair;
    lb_out = lb;
    if (lb > budget) return Verdict::Costly;
  }
  if (use_classes) {
    lb_out = std::max(lb_out, classes_->min_errors(cells, *state, rule, delta, budget));
    if (lb_out > budget) return Verdict::Classes;
  }
  return Verdict::Keep;
}

}  // namespace adm::methods::rulelist
