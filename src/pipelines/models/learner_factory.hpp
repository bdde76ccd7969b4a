#pragma once
#include <memory>

#include "learn/classifier.hpp"
#include "pipelines/experiment_config.hpp"

namespace adm::pipelines {

// The learner prototype a config asks for; tasks clone() it for each fit.
std::unique_ptr<learn::ProbabilisticClassifier> make_learner(const LearnerSection& section);

}  // namespace adm::pipelines
