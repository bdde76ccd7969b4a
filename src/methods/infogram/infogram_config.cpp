#include "methods/infogram/infogram_config.hpp"

namespace adm::methods {

const char* to_string(RelevanceKind kind) {
  return kind == RelevanceKind::Importance ? "importance" : "mi";
}

info::MlCmiOptions InfogramOptions::both_estimates() const {
  info::MlCmiOptions o;
  o.in_sample = true;
  o.folds = static_cast<int>(folds);
  o.prob_floor = prob_floor;
  return o;
}

info::MlCmiOptions InfogramOptions::cmi_options() const {
  info::MlCmiOptions o;
  o.in_sample = estimate == info::CmiVariant::InSample;
  o.folds = estimate == info::CmiVariant::CrossFitted ? static_cast<int>(folds) : 0;
  o.prob_floor = prob_floor;
  return o;
}

}  // namespace adm::methods
