#pragma once
// The InfoGram pipeline (paper sections 2-3): relevance and net (core) or safety (fair) information
// of every feature from ML-powered CMI, each model fit a task of the farm; the L-region and the
// admissible set; the ALFA test of the outcome and of model decisions given the admissible set,
// with model-based bootstrap p-values; AIR and CAIR; an SVG infogram next to the result.
#include <string>
#include <utility>
#include <vector>

#include "core/codec.hpp"
#include "pipelines/stage.hpp"

namespace adm::pipelines {

void check_infogram_inputs(const ExperimentConfig& config, const data::Dataset& data);
// `describe_data` = false when another pipeline of the same run already described the data.
void run_infogram(StageContext& context, Timings& timings, bool describe_data = true);

// Stages (one file each).
struct InfogramOutcome {
  std::vector<std::string> admissible;
  // Every feature with its normalised axes (0 for features screened out before the net step):
  // relevance R_j and net C_j (core) or safety F_j (fair), as on the plot.
  std::vector<std::string> features;
  std::vector<double> relevance;
  std::vector<double> net;
};
// Collective; every rank returns the outcome.
InfogramOutcome infogram_stage(StageContext& context);
void alfa_stage(StageContext& context, const std::vector<std::string>& admissible);

// ALFA test of one response R (the outcome or a model's decisions): alpha = MI(R, S | X_A) with
// its model-based bootstrap p-value, written under `base`.
struct AlfaResult {
  double alpha = 0, in_sample = 0, cross_fitted = 0, p_value = 0;
};
struct AlfaRequest {
  std::string name;  // "outcome", a decision column, "model.<name>"
  const std::vector<std::int32_t>* codes = nullptr;
  std::size_t classes = 0;
  std::string base;  // where its results go
};
// Several responses on the same X_A: their estimates are one farm stage ("alfa.estimate" +
// `stage_suffix`, a task per response, so they run side by side) and their replicates another
// ("alfa.null" + suffix). A response's tasks draw from the streams "alfa.estimate.<name>" and
// "alfa.null.<name>" whatever the stage, so its results do not depend on the other responses.
std::vector<AlfaResult> alfa_of_responses(StageContext& context,
                                          const std::vector<AlfaRequest>& requests,
                                          const std::vector<std::string>& given,
                                          const std::string& stage_suffix);
// One response, as stages "alfa.estimate.<name>" and "alfa.null.<name>".
AlfaResult alfa_of_response(StageContext& context, const std::string& name,
                            const std::vector<std::int32_t>& codes, std::size_t classes,
                            const std::vector<std::string>& given, const std::string& base);

}  // namespace adm::pipelines

namespace adm {

template <>
struct Codec<pipelines::InfogramOutcome> {
  using Names = Codec<std::vector<std::string>>;
  using Values = Codec<std::vector<double>>;
  static void put(ByteWriter& w, const pipelines::InfogramOutcome& o) {
    Names::put(w, o.admissible);
    Names::put(w, o.features);
    Values::put(w, o.relevance);
    Values::put(w, o.net);
  }
  static pipelines::InfogramOutcome take(ByteReader& r) {
    pipelines::InfogramOutcome o;
    o.admissible = Names::take(r);
    o.features = Names::take(r);
    o.relevance = Values::take(r);
    o.net = Values::take(r);
    return o;
  }
};

}  // namespace adm
