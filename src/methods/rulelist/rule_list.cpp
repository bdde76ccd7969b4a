#include "methods/rulelist/rule_list.hpp"

#include <sstream>

#include "core/error.hpp"

namespace adm::methods::rulelist {

Bits predict(const RuleSet& set, const RuleList& list) {
  Bits captured(set.rows), positive(set.rows);
  for (std::size_t k = 0; k < list.rules.size(); ++k) {
    Bits fresh = set.rules.at(list.rules[k]).captures;
    fresh.and_not(captured);
    captured |= fresh;
    if (list.predictions[k]) positive |= fresh;
  }
  if (list.default_prediction) positive |= ~captured;
  return positive;
}

GroupCounter::GroupCounter(const RuleSet& set) : set_(&set) {
  for (const auto& g : set.groups) {
    sizes_.push_back(static_cast<double>(g.count()));
    positives_.push_back(static_cast<double>(count_and(g, set.labels)));
  }
}

std::vector<fairness::GroupRates> GroupCounter::rates(const Bits& predicted_positive) const {
  std::vector<fairness::GroupRates> out(sizes_.size());
  for (std::size_t g = 0; g < sizes_.size(); ++g) {
    const auto& group = set_->groups[g];
    const double predicted = static_cast<double>(count_and(predicted_positive, group));
    const double tp = static_cast<double>(count_and3(predicted_positive, group, set_->labels));
    auto& r = out[g];
    r.rows = r.count = sizes_[g];
    r.tp = tp;
    r.fp = predicted - tp;
    r.fn = positives_[g] - tp;
    r.tn = sizes_[g] - predicted - r.fn;
    fairness::finish_rates(r);
  }
  return out;
}

double GroupCounter::unfairness(const Bits& predicted_positive, fairness::GapMetric metric) const {
  return fairness::gap(rates(predicted_positive), metric).value;
}

Evaluation evaluate(const RuleSet& set, const RuleList& list, double lambda) {
  Evaluation e;
  e.rows = set.rows;
  const Bits positive = predict(set, list);
  Bits wrong = positive;
  wrong.and_not(set.labels);  // false positives
  e.errors = wrong.count() + (set.labels.count() - count_and(positive, set.labels));
  e.accuracy = set.rows ? 1.0 - static_cast<double>(e.errors) / static_cast<double>(set.rows) : 0;
  e.objective = objective_value(e.errors, list.length(),
                                set.rows ? 1.0 / static_cast<double>(set.rows) : 0.0, lambda);
  const GroupCounter counter(set);
  const auto rates = counter.rates(positive);
  for (std::size_t m = 0; m < 6; ++m)
    e.unfairness[m] =
        counter.groups() ? fairness::gap(rates, fairness::kAllGapMetrics[m]).value : fairness::kNaN;
  return e;
}

std::string describe(const RuleSet& set, const RuleList& list) {
  auto label = [&](std::uint8_t p) { return p ? set.positive_name : set.negative_name; };
  std::ostringstream out;
  for (std::size_t k = 0; k < list.rules.size(); ++k)
    out << (k ? "else if [" : "if [") << set.rules.at(list.rules[k]).name << "] then ["
        << label(list.predictions[k]) << "]\n";
  out << (list.rules.empty() ? "[" : "else [") << label(list.default_prediction) << "]";
  return out.str();
}

std::string encode(const RuleList& list) {
  std::string s;
  for (std::size_t k = 0; k < list.rules.size(); ++k)
    s += (k ? "," : "") + std::to_string(list.rules[k]) + ":" + std::to_string(list.predictions[k]);
  return s + "|" + std::to_string(list.default_prediction);
}

RuleList decode_rule_list(const std::string& text) {
  RuleList list;
  const auto bar = text.find('|');
  auto bad = [&] { return InputError("rulelist: malformed rule list text '" + text + "'"); };
  if (bar == std::string::npos || bar + 2 != text.size()) throw bad();
  list.default_prediction = text[bar + 1] == '1' ? 1 : 0;
  std::istringstream in(text.substr(0, bar));
  std::string item;
  while (std::getline(in, item, ',')) {
    const auto colon = item.find(':');
    if (colon == std::string::npos || colon + 2 != item.size()) throw bad();
    list.rules.push_back(static_cast<std::uint16_t>(std::stoul(item.substr(0, colon))));
    list.predictions.push_back(item[colon + 1] == '1' ? 1 : 0);
  }
  return list;
}

}  // namespace adm::methods::rulelist
