#pragma once
// The typed config of an experiment: every key, its type, default, range and meaning is declared
// once in experiment_config.cpp, which drives reading, validation, the resolved config written into
// result files, and `admissible config-keys`.
#include <any>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/config_fields.hpp"
#include "data/spec.hpp"
#include "learn/gbm_params.hpp"
#include "methods/infogram/infogram_config.hpp"
#include "pipelines/fairforest/fairforest_config.hpp"
#include "pipelines/models/models_config.hpp"
#include "pipelines/patterns/patterns_config.hpp"
#include "pipelines/rulelist/rulelist_config.hpp"
#include "pipelines/shapley/shapley_config.hpp"

namespace adm::pipelines {

struct RunSection {
  std::string name = "experiment";
  std::uint64_t seed = 20261130;  // the master seed: every random stream derives from it
  std::string out;                // result file; empty = results/<name>.h5
  std::string pipeline = "audit";
};

struct DiscretizeSection {
  std::string method = "quantile";  // none | quantile | equal_width | mdlp
  std::int64_t bins = 5;
  std::uint64_t split_value_table = std::uint64_t{1} << 20;  // see experiment_config.cpp
};

struct InfoSection {
  bool enabled = true;
  bool miller_madow = false;
};

struct FairnessSection {
  bool enabled = true;
  std::string prediction;  // column holding a model's decisions (empty: audit data only)
  std::string prediction_positive =
      "1";                        // level of `prediction` that means the favourable decision
  std::uint64_t bootstrap = 200;  // replicates for confidence intervals (0 = none)
  double confidence = 0.95;
};

// Which probabilistic learner the ML-powered estimators fit.
struct LearnerSection {
  std::string kind = "gbm";  // gbm | frequency
  double smoothing = 0.0;    // frequency learner: additive smoothing (0 = exact plug-in)
  learn::GbmParams gbm;
};

// ALFA test of the outcome (and of model decisions) given the admissible features.
struct AlfaSection {
  bool enabled = true;
  std::vector<std::string> predictions;  // columns of model decisions to rank by their alpha
  std::string cair_strata;               // optional column D for the conditional AIR
  std::vector<std::string> admissible;   // override the InfoGram's admissible set (empty = use it)
  double min_group_size = 0;             // AIR/CAIR leave out smaller groups (weighted rows)
};

struct ExperimentConfig {
  std::string file;  // where it was read from ("<embedded demo>" for the demo)
  RunSection run;
  data::DataSpec data;
  DiscretizeSection discretize;
  InfoSection info;
  FairnessSection fairness;
  LearnerSection learner;
  methods::InfogramOptions infogram;
  AlfaSection alfa;
  ModelsSection models;
  ShapleySection shapley;
  RulelistSection rulelist;
  PatternsSection patterns;
  FairforestSection fairforest;
  // Sections of pipelines registered with extension_section (registry.hpp), by key.
  std::map<std::string, std::any> extensions;

  // The extension section `key` (std::bad_any_cast for a wrong type; the reader creates every
  // registered one, so a missing key means the pipeline was registered after the config was read).
  template <class Section>
  const Section& extension(const std::string& key) const {
    return std::any_cast<const Section&>(extensions.at(key));
  }
};

void describe(config::Fields& f, RunSection& s);
void describe(config::Fields& f, DiscretizeSection& s);
void describe(config::Fields& f, InfoSection& s);
void describe(config::Fields& f, FairnessSection& s);
void describe(config::Fields& f, LearnerSection& s);
void describe(config::Fields& f, AlfaSection& s);
void describe(config::Fields& f, ExperimentConfig& c);

// Parse and validate a config file; errors are InputErrors naming file:line:column and the key.
ExperimentConfig load_config(const std::string& path);
// The data files a run of `config` reads, embedded datasets excluded (for the checkpoint's digests
// and the check that the result does not overwrite an input).
std::vector<std::string> data_files(const ExperimentConfig& config);
// Parse config text (`origin` names it in messages).
ExperimentConfig parse_config(const std::string& text, const std::string& origin);
// The resolved config (every key, defaults included) as TOML text.
std::string resolved_text(const ExperimentConfig& config);
// One entry per key: "path (type) = default" and its meaning.
std::vector<std::string> config_reference();
// The embedded demo experiment (same text as configs/demo.toml).
const char* demo_config_text();

}  // namespace adm::pipelines
