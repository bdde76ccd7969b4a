#include "pipelines/experiment_config.hpp"

#include <sstream>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/toml_text.hpp"
#include "data/spec_fields.hpp"
#include "demo_config.hpp"  // generated from configs/demo.toml
#include "fairness/bootstrap_ci.hpp"
#include "pipelines/pipeline_columns.hpp"
#include "pipelines/registry.hpp"

namespace adm::pipelines {

namespace {

// run.pipeline's documentation and choices, from the registry.
struct PipelineChoices {
  std::string doc = "What the run does: ";
  std::vector<std::string> names;
};

PipelineChoices pipeline_choices() {
  PipelineChoices out;
  const auto& all = registered_pipelines();
  for (std::size_t i = 0; i < all.size(); ++i) {
    out.names.push_back(all[i].name);
    out.doc += (i == 0                ? ""
                : i + 1 == all.size() ? " or "
                                      : ", ") +
               all[i].name + " (" + all[i].summary + ")";
  }
  out.doc += ".";
  return out;
}

}  // namespace

void describe(config::Fields& f, RunSection& s) {
  f.text("name", s.name,
         "Experiment name, a plain file name (no '/'): the default result is results/<name>.h5.");
  f.count("seed", s.seed, "Master seed; every random stream is derived from (seed, stage, task).");
  f.path("out", s.out, "Result file (HDF5); empty = results/<name>.h5. --out overrides it.");
  // The registry can grow while the program runs (tests register pipelines), so it is read here.
  const PipelineChoices choices = pipeline_choices();
  f.text("pipeline", s.pipeline, choices.doc.c_str(), choices.names);
  if (f.mode() != config::Fields::Mode::Read) return;
  if (s.name.empty()) f.fail("name", "must not be empty");
  // The default result is results/<name>.h5: a '/' or a name "." or ".." would put it in another
  // folder (or outside results/), so only a plain file name is accepted.
  if (s.name.find('/') != std::string::npos || s.name == "." || s.name == ".." ||
      s.name.find('\0') != std::string::npos)
    f.fail("name", "'" + s.name +
                       "' is not a plain file name (no '/', not '.' or '..'); name the result "
                       "file with run.out or --out instead");
}

void describe(config::Fields& f, DiscretizeSection& s) {
  f.text("method", s.method, "How numeric features are binned for information measures.",
         {"none", "quantile", "equal_width", "mdlp"});
  f.integer("bins", s.bins, "Bins for quantile and equal-width binning.", {2, 1000});
  f.count("split_value_table", s.split_value_table,
          "data.layout = \"split\": most distinct values of a binned feature a rank sends as a "
          "value -> count table; a feature with more gets its exact cut points by histogram "
          "refinement instead (up to 6 more passes over the file).",
          {1, std::uint64_t{1} << 24});
}

void describe(config::Fields& f, InfoSection& s) {
  f.boolean("enabled", s.enabled, "Compute plug-in information measures per feature.");
  f.boolean("miller_madow", s.miller_madow, "Apply the Miller-Madow bias correction.");
}

void describe(config::Fields& f, FairnessSection& s) {
  f.boolean("enabled", s.enabled, "Compute group fairness metrics.");
  f.text("prediction", s.prediction,
         "Column with a model's binary decisions to audit (empty: audit the outcome only).");
  f.text("prediction_positive", s.prediction_positive, "Level of `prediction` that is favourable.");
  f.count("bootstrap", s.bootstrap, "Bootstrap replicates for confidence intervals (0 = none).",
          {0, 1000000});
  f.real("confidence", s.confidence, "Confidence level of the intervals.", {0.0, 1.0, true, true});
  if (f.mode() == config::Fields::Mode::Read)
    if (const auto why = fairness::too_few_replicates(s.bootstrap, s.confidence); !why.empty())
      f.fail("bootstrap", why);
}

void describe(config::Fields& f, LearnerSection& s) {
  f.text("kind", s.kind,
         "Learner of the ML-powered estimators: gbm (gradient boosting, as the paper and H2O) or "
         "frequency (cell frequencies of discrete inputs: the exact plug-in estimate).",
         {"gbm", "frequency"});
  f.real("smoothing", s.smoothing, "Additive smoothing of the frequency learner.", {0.0, 1e6});
  f.section("gbm", s.gbm, "Gradient boosting (XGBoost) settings.");
}

void describe(config::Fields& f, AlfaSection& s) {
  f.boolean("enabled", s.enabled,
            "Run the ALFA test alpha = MI(Y, S | X_A) with its bootstrap p-value.");
  f.text_list("predictions", s.predictions,
              "Columns holding model decisions; each gets alpha = MI(Yhat, S | X_A) and p-value.");
  f.text("cair_strata", s.cair_strata,
         "Column D for the conditional adverse impact ratio CAIR (empty: AIR only).");
  f.text_list("admissible", s.admissible,
              "Condition on these features instead of the InfoGram's admissible set.");
  f.real("min_group_size", s.min_group_size,
         "AIR and CAIR compare only groups (within a stratum, for CAIR) of at least this many "
         "(weighted) rows, so one tiny group with rate 0 cannot decide the ratio (0 = all groups).",
         {0.0, 1e15});
}

void describe(config::Fields& f, ExperimentConfig& c) {
  f.section("run", c.run, "What to run and where results go.");
  f.section("data", c.data, "The dataset and the part each column plays.");
  f.section("discretize", c.discretize, "Binning of numeric features.");
  f.section("info", c.info, "Plug-in information measures.");
  f.section("fairness", c.fairness, "Group fairness metrics.");
  f.section("learner", c.learner, "The learner behind ML-powered information estimates.");
  // Each pipeline's own sections, as its registration declares them.
  for (const auto& pipeline : registered_pipelines())
    for (const auto& section : pipeline.sections) section.describe(f, c);
}

ExperimentConfig parse_config(const std::string& text, const std::string& origin) {
  const toml::table table = config::parse_toml(text, origin);
  ExperimentConfig c;
  c.file = origin;
  auto fields = config::Fields::reader(table, "", origin);
  describe(fields, c);
  fields.reject_unknown_keys();
  if (c.data.roles.target.empty())
    throw InputError(origin + ": config key 'data.target' is required");
  if (c.run.out.empty()) c.run.out = "results/" + c.run.name + ".h5";
  c.data.pipeline_columns = pipeline_columns(c);  // so the data readers load them
  return c;
}

ExperimentConfig load_config(const std::string& path) {
  return parse_config(read_regular_file(path, "config file"), path);
}

std::vector<std::string> data_files(const ExperimentConfig& config) {
  std::vector<std::string> files;
  auto add = [&](const std::string& path) {
    if (!path.empty() && path.rfind("embedded:", 0) != 0) files.push_back(path);
  };
  add(config.data.source);
  if (const auto& extra = find_pipeline(config.run.pipeline).extra_inputs)
    for (const auto& path : extra(config)) add(path);
  return files;
}

std::string resolved_text(const ExperimentConfig& config) {
  auto copy = config;
  auto fields = config::Fields::writer("");
  describe(fields, copy);
  std::ostringstream out;
  out << toml::toml_formatter(*fields.take_table());
  return out.str();
}

std::vector<std::string> config_reference() {
  ExperimentConfig defaults;
  std::vector<std::string> lines;
  auto fields = config::Fields::documenter("", &lines);
  describe(fields, defaults);
  return lines;
}

const char* demo_config_text() { return kDemoConfigText; }

}  // namespace adm::pipelines
