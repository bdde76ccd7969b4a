#include "pipelines/models/learner_factory.hpp"

#include "learn/frequency_classifier.hpp"
#include "learn/gbm.hpp"

namespace adm::pipelines {

std::unique_ptr<learn::ProbabilisticClassifier> make_learner(const LearnerSection& section) {
  if (section.kind == "frequency")
    return std::make_unique<learn::FrequencyClassifier>(section.smoothing);
  return std::make_unique<learn::GradientBoosting>(section.gbm);
}

}  // namespace adm::pipelines
