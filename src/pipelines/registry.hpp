#pragma once
// The one extension point for pipelines. A pipeline declares, once, in its own folder: its name
// (the value of run.pipeline), the config sections it owns, its input checks, its runner, the
// extra input files it reads and the report sections that draw its result groups. The runner,
// the config reader, `config-keys`, the HTML report and `reproduce` all read this registry, so
// adding a pipeline is one folder plus one line in builtin_pipelines.cpp (or one
// register_pipeline call, as the test of a toy pipeline does).
#include <functional>
#include <string>
#include <vector>

#include "core/config_fields.hpp"
#include "pipelines/stage.hpp"
#include "report/stage_section.hpp"

namespace adm::pipelines {

// A [section] of the config a pipeline owns: read, written to the resolved config and documented
// by `describe` (which calls Fields::section with the member it fills).
struct ConfigSection {
  const char* key;          // the TOML table, e.g. "rulelist"
  const char* description;  // one line for `config-keys`
  std::function<void(config::Fields&, ExperimentConfig&)> describe;
};

struct Pipeline {
  std::string name;                     // run.pipeline = name
  std::string summary;                  // what it does, for run.pipeline's documentation
  std::vector<ConfigSection> sections;  // config sections it owns, in documentation order
  std::vector<std::string> stages;      // the stages it runs, in order (for the documentation)
  // Bad-input checks before any computing (every rank alike); may be empty.
  std::function<void(const ExperimentConfig&, const data::Dataset&)> check_inputs;
  // Runs the pipeline's stages; appends (stage, seconds) to the timings.
  std::function<void(StageContext&, Timings&)> run;
  // Files besides data.source that the run reads (checkpoint digests, overwrite check).
  std::function<std::vector<std::string>(const ExperimentConfig&)> extra_inputs;
  std::vector<report::StageSection> report_sections;  // how the report draws its groups
};

// A section stored in a member of ExperimentConfig (the built-in pipelines' sections).
template <class Section>
ConfigSection member_section(const char* key, const char* description,
                             Section ExperimentConfig::*member) {
  return {key, description, [key, description, member](config::Fields& f, ExperimentConfig& c) {
            f.section(key, c.*member, description);
          }};
}

// A section a pipeline brings without touching ExperimentConfig: stored under its key in
// ExperimentConfig::extensions, default-constructed before reading; read it with
// config.extension<Section>(key).
template <class Section>
ConfigSection extension_section(const char* key, const char* description) {
  return {key, description, [key, description](config::Fields& f, ExperimentConfig& c) {
            auto& slot = c.extensions[key];
            if (!slot.has_value()) slot = Section{};
            f.section(key, std::any_cast<Section&>(slot), description);
          }};
}

// Every registered pipeline, built-ins first, in registration order.
const std::vector<Pipeline>& registered_pipelines();
// The pipeline named `name`; InternalError when none is (the config reader refuses such names).
const Pipeline& find_pipeline(const std::string& name);
// Adds a pipeline (InternalError when the name or one of its config sections is taken).
void register_pipeline(Pipeline pipeline);
// Removes a pipeline added by register_pipeline (the toy pipeline's test cleans up with it).
void unregister_pipeline(const std::string& name);

// The report sections of every registered pipeline, in registration order, each group once.
std::vector<report::StageSection> report_sections();

}  // namespace adm::pipelines
