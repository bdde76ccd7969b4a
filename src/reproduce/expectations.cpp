#include "reproduce/expectations.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>

#include "core/config_fields.hpp"
#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/toml_text.hpp"

namespace adm::pipelines {
namespace {

const std::vector<std::string> kComparisons = {
    "within",    "equal",     "at_least", "at_most",  "less",     "greater", "factor",
    "equal_set", "subset_of", "contains", "excludes", "ordering", "info"};

struct PaperSection {
  std::string title, authors, venue, source;
};

void describe(config::Fields& f, PaperSection& p) {
  f.text("title", p.title, "The paper's title.");
  f.text("authors", p.authors, "Its authors, as cited (shown with the title in the report).");
  f.text("venue", p.venue, "Where and when it appeared (journal or conference, year).");
  f.text("source", p.source, "Where its text is (e.g. ../shared/papers/<name>.txt).");
}

bool is_config_name(const std::string& config) {
  return config.find('/') == std::string::npos && config.size() >= 6 &&
         config.substr(config.size() - 5) == ".toml";
}

// normalise, select, more_paths and the value_key/value_offset of value_path.
void check_derived(config::Fields& f, const Expectation& e) {
  const bool picks = !e.among.empty() || !e.where_path.empty() || !e.pick_min.empty();
  if (!e.select.empty() && (e.index >= 0 || !e.key.empty() || picks))
    f.fail("select", "keeps elements of path: not with index, key or pick_min (they pick one)");
  const bool numeric_reduce =
      e.reduce == "max" || e.reduce == "min" || e.reduce == "sum" || e.reduce == "size";
  if (!e.select.empty() && !e.reduce.empty() && !numeric_reduce)
    f.fail("select", "goes with reduce = \"max\", \"min\", \"sum\" or \"size\" (or none)");
  if (!e.more_paths.empty() && !numeric_reduce)
    f.fail("more_paths", "goes with reduce = \"max\", \"min\", \"sum\" or \"size\"");
  if (!e.more_paths.empty() && (!e.select.empty() || !e.normalise.empty()))
    f.fail("more_paths", "is not available with select or normalise (they act on path alone)");
  if (e.value_key.empty() != e.value_key_path.empty())
    f.fail("value_key", "value_key and value_key_path go together");
  if (!e.value_key.empty() && e.value_index >= 0)
    f.fail("value_key", "give value_index or value_key, not both");
  if ((!e.value_key.empty() || e.value_offset != 0) && e.value_path.empty())
    f.fail(e.value_key.empty() ? "value_offset" : "value_key", "goes with value_path");
}

// The keys each comparison needs, checked after reading so a mistake is named at its table.
void check(config::Fields& f, const Expectation& e) {
  for (const char* key : {"figure", "path", "compare"}) {
    const std::string& v = key == std::string("figure") ? e.figure
                           : key == std::string("path") ? e.path
                                                        : e.compare;
    if (v.empty()) f.fail(key, "is required");
  }
  if (e.config.empty() == e.runs.empty()) f.fail("config", "give config or runs (one of them)");
  if (e.runs.empty() && (e.run || !e.over.empty() || e.holds_at_least))
    f.fail(e.run ? "run" : !e.over.empty() ? "over" : "holds_at_least", "goes with runs");
  if (!e.runs.empty() && !e.run == e.over.empty())
    f.fail("over", "runs takes either run (one of them) or over (a reduction over all)");
  if (e.run && *e.run != static_cast<double>(static_cast<std::int64_t>(*e.run)))
    f.fail("run", "must be an integer (a value of the run set's key)");
  if ((e.over == "fraction") != e.holds_at_least.has_value())
    f.fail("holds_at_least", "goes with over = \"fraction\", and it with this");
  if (e.holds_at_least && !(*e.holds_at_least > 0 && *e.holds_at_least <= 1))
    f.fail("holds_at_least", "must be in (0, 1]");
  const bool numeric_over = !e.over.empty() && e.over != "fraction";
  if (numeric_over && (e.compare == "info" || e.reduce == "argmax" || e.reduce == "descending" ||
                       e.reduce == "ascending" || !e.text.empty() || !e.set.empty()))
    f.fail("over", "over = \"" + e.over + "\" reduces numbers: compare each run's number");
  if (numeric_over && !e.value_path.empty())
    f.fail("value_path", "is not available with over (whose run would it read?)");
  const std::string& c = e.compare;
  const bool number = c == "within" || c == "at_least" || c == "at_most" || c == "less" ||
                      c == "greater" || c == "factor";
  const bool has_value = e.value || !e.value_path.empty();
  if (e.value && !e.value_path.empty()) f.fail("value_path", "give value or value_path, not both");
  if (number && !has_value)
    f.fail("value", "is required (or value_path) with compare = \"" + c + "\"");
  if (c == "equal" && !has_value == e.text.empty())
    f.fail("value", "compare = \"equal\" takes either value (a number) or text");
  if ((c == "contains" || c == "excludes") && e.text.empty())
    f.fail("text", "is required with compare = \"" + c + "\"");
  if ((c == "equal_set" || c == "subset_of" || c == "ordering") && e.set.empty())
    f.fail("set", "is required with compare = \"" + c + "\"");
  if (c == "within" && e.tolerance < 0) f.fail("tolerance", "must be >= 0");
  if (c == "factor" && e.tolerance < 1)
    f.fail("tolerance", "must be >= 1 with compare = \"factor\"");
  if (e.reduce == "argmax" && (e.key_path.empty() || !e.key.empty()))
    f.fail("reduce", "reduce = \"argmax\" needs key_path (the labels) and no key");
  if (e.reduce == "argmax" && (c != "equal" || e.text.empty()))
    f.fail("reduce", "reduce = \"argmax\" is compared with compare = \"equal\" and text");
  const bool order = e.reduce == "descending" || e.reduce == "ascending";
  if (order && (e.key_path.empty() || !e.key.empty()))
    f.fail("reduce", "reduce = \"" + e.reduce + "\" needs key_path (the labels) and no key");
  if (order && c != "ordering" && c != "equal_set" && c != "contains")
    f.fail("reduce", "reduce = \"" + e.reduce +
                         "\" gives labels: compare ordering, equal_set "
                         "or contains");
  if (e.top != 0 && !order) f.fail("top", "goes with reduce = \"descending\" or \"ascending\"");
  if (e.reduce != "argmax" && !order && e.key.empty() != e.key_path.empty())
    f.fail("key", "key and key_path go together");
  if (e.where_path.empty() != !e.where_at_most)
    f.fail("where_path", "where_path and where_at_most go together");
  const bool picks = !e.among.empty() || !e.where_path.empty() || !e.pick_min.empty();
  if (picks && e.pick_min.empty()) f.fail("pick_min", "is required with among or where_path");
  if (int(e.index >= 0) + int(!e.key.empty()) + int(picks) + int(!e.reduce.empty()) > 1)
    f.fail("index", "index, key, pick_min and reduce each select ours: give at most one");
  check_derived(f, e);
  if (!e.config.empty() && !is_config_name(e.config))
    f.fail("config", "must name a .toml file in the paper's folder, without a folder");
}

}  // namespace

void describe(config::Fields& f, RunAxis& a) {
  f.text("key", a.key, "The dotted config key this axis sets, e.g. patterns.k.");
  f.real_list("values", a.values, "Its numbers (integral ones are written as integers).");
  f.text_list("texts", a.texts, "Or its texts (each becomes part of the runs' names).");
  if (f.mode() != config::Fields::Mode::Read) return;
  if (a.key.empty()) f.fail("key", "is required (e.g. \"patterns.k\")");
  if (a.values.empty() == a.texts.empty()) f.fail("values", "give values or texts (one of them)");
  for (const auto& t : a.texts)  // a text is part of a file name
    if (t.empty() || t.find_first_of("/ ") != std::string::npos)
      f.fail("texts", "'" + t + "' must be a non-empty text without '/' or spaces");
}

void describe(config::Fields& f, RunSet& r) {
  f.text("name", r.name, "The runs' name: results <name>_<value>.h5.");
  f.text("config", r.config, "The base config, a file in the paper's folder.");
  f.text("key", r.key, "The integer config key set per run, e.g. data.draw.");
  f.integer("from", r.from, "First value of key.");
  f.integer("to", r.to, "Last value of key (inclusive).");
  f.section_list("grid", r.grid,
                 "Instead of key, from, to: a run for every combination of these keys' values.");
  if (f.mode() != config::Fields::Mode::Read) return;
  if (r.name.empty() || r.name.find_first_of("/. ") != std::string::npos)
    f.fail("name", "is required: a name without '/', '.' or spaces");
  if (!is_config_name(r.config))
    f.fail("config", "must name a .toml file in the paper's folder, without a folder");
  if (!r.grid.empty()) {
    if (!r.key.empty() || r.from != 0 || r.to != -1)
      f.fail("grid", "give key, from and to, or grid (not both)");
    for (std::size_t i = 0; i < r.grid.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (r.grid[i].key == r.grid[j].key) f.fail("grid", "sets " + r.grid[i].key + " twice");
    return;
  }
  if (r.key.empty()) f.fail("key", "is required (e.g. \"data.draw\"), or grid");
  if (r.to < r.from) f.fail("to", "must be >= from");
}

void describe(config::Fields& f, Condition& c) {
  f.text("path", c.path, "Dataset with one element per element of the expectation's path.");
  f.text("normalise", c.normalise, "max: divided by its largest element (negatives as 0).",
         {"", "max"});
  f.text("compare", c.compare, "How each element is compared with value.",
         {"at_least", "at_most", "less", "greater"});
  f.optional_real("value", c.value, "The bound.");
  if (f.mode() != config::Fields::Mode::Read) return;
  if (c.path.empty()) f.fail("path", "is required");
  if (c.compare.empty()) f.fail("compare", "is required (at_least, at_most, less or greater)");
  if (!c.value) f.fail("value", "is required");
}

void describe(config::Fields& f, Expectation& e) {
  f.text("figure", e.figure, "The paper's table, figure or row this figure is.");
  f.text("config", e.config, "Config file (in the paper's folder) whose result holds ours.");
  f.text("runs", e.runs, "Instead of config: the [[runs]] set whose results hold ours.");
  f.optional_real("run", e.run, "With runs: the run (value of its key) that holds ours.");
  f.text("over", e.over, "With runs: reduce over all runs (fraction: of runs where it holds).",
         {"", "mean", "sd", "min", "max", "fraction"});
  f.optional_real("holds_at_least", e.holds_at_least,
                  "With over = fraction: the least fraction of runs in which it must hold.");
  f.text("path", e.path, "Dataset of ours in that result.");
  f.integer("index", e.index, "Element of the dataset; -1: its only element, or all for sets.",
            {-1});
  f.text("key_path", e.key_path, "Labels dataset: with key, picks the element labelled key.");
  f.text("key", e.key, "The label of the element (with key_path).");
  f.text("among", e.among, "Integer dataset of candidate indices (with pick_min).");
  f.text("where_path", e.where_path, "Candidates need where_path[i] <= where_at_most.");
  f.optional_real("where_at_most", e.where_at_most, "Bound for where_path.");
  f.text("pick_min", e.pick_min, "Among the candidates, the one of least pick_min[i].");
  f.text("reduce", e.reduce,
         "Reduce the dataset to one number (argmax: to the label, in key_path, of its largest; "
         "descending/ascending: to the labels by value).",
         {"", "max", "min", "sum", "size", "argmax", "descending", "ascending"});
  f.integer("top", e.top, "With descending/ascending: keep the first top labels (0: all).", {0});
  f.text("normalise", e.normalise, "max: ours' dataset divided by its largest (negatives as 0).",
         {"", "max"});
  f.section_list("select", e.select,
                 "Keep the elements of path at which every condition holds (a derived set).");
  f.text_list("more_paths", e.more_paths, "With reduce: datasets whose elements join path's.");
  f.real("scale", e.scale, "Ours (and value_path's number) is multiplied by this.");
  f.boolean("absolute", e.absolute,
            "Take the absolute value of ours (before scale); also value_path's.");
  f.text("compare", e.compare, "How ours and the published value are compared.", kComparisons);
  f.optional_real("value", e.value, "The published number.");
  f.text("value_path", e.value_path, "Instead of value: another dataset of ours.");
  f.integer("value_index", e.value_index, "Element of value_path; -1: its only element.", {-1});
  f.text("value_key_path", e.value_key_path, "Labels of value_path (with value_key).");
  f.text("value_key", e.value_key, "The label of value_path's element (in value_key_path).");
  f.real("value_offset", e.value_offset, "Added to value_path's number.");
  f.real("tolerance", e.tolerance, "within: largest |ours - value|; factor: largest ratio.");
  f.text("text", e.text, "The published text (equal, contains).");
  f.text_list("set", e.set, "The published set (equal_set, subset_of) or order (ordering).");
  f.text("explanation", e.explanation,
         "Why ours may differ; an explained difference is no failure.");
  f.boolean("full", e.full, "Only with reproduce --full (a long run).");
  if (f.mode() == config::Fields::Mode::Read) check(f, e);
}

std::vector<RunCase> RunSet::cases() const {
  std::vector<RunAxis> axes = grid;
  if (axes.empty()) {  // key from..to: a grid of one integer axis
    axes.push_back({key, {}, {}});
    for (std::int64_t v = from; v <= to; ++v) axes.back().values.push_back(static_cast<double>(v));
  }
  std::vector<RunCase> out{{name, {}}};
  for (const auto& axis : axes) {  // each run so far, extended by each value of this axis
    std::vector<RunCase> next;
    for (const auto& run : out) {
      const std::size_t n = axis.texts.empty() ? axis.values.size() : axis.texts.size();
      for (std::size_t i = 0; i < n; ++i) {
        RunCase c = run;
        RunSetting s{axis.key, {}, {}};
        if (axis.texts.empty())
          s.number = axis.values[i];
        else
          s.text = axis.texts[i];
        c.config += "_" + (s.number ? run_value_text(*s.number) : s.text);
        c.settings.push_back(std::move(s));
        next.push_back(std::move(c));
      }
    }
    out = std::move(next);
  }
  for (auto& c : out) c.config += ".toml";
  return out;
}

std::vector<std::string> RunSet::configs() const {
  std::vector<std::string> out;
  for (const auto& c : cases()) out.push_back(c.config);
  return out;
}

std::string run_value_text(double v) {
  // Integral values as integers (k = 10, draw 7: "10", "7"), others in their shortest exact form
  // ("0.05"), so a run's name reads as the value it sets.
  if (std::nearbyint(v) == v && std::fabs(v) < 9.0e15)
    return std::to_string(static_cast<std::int64_t>(v));
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  return std::string(buffer, end);
}

const RunSet* PaperExpectations::run_set(const std::string& name) const {
  for (const auto& r : runs)
    if (r.name == name) return &r;
  return nullptr;
}

std::vector<std::string> PaperExpectations::configs_of(const Expectation& e) const {
  if (e.runs.empty()) return {e.config};
  const RunSet* set = run_set(e.runs);
  if (!set) return {};
  if (e.run) return {e.runs + "_" + std::to_string(static_cast<std::int64_t>(*e.run)) + ".toml"};
  return set->configs();
}

std::vector<std::string> PaperExpectations::configs() const {
  std::vector<std::string> out;
  for (const auto& e : expectations)
    for (const auto& config : configs_of(e))
      if (std::find(out.begin(), out.end(), config) == out.end()) out.push_back(config);
  return out;
}

bool is_run_config(const PaperExpectations& paper, const std::string& config) {
  return std::any_of(paper.runs.begin(), paper.runs.end(), [&](const RunSet& set) {
    const auto names = set.configs();
    return std::find(names.begin(), names.end(), config) != names.end();
  });
}

PaperExpectations parse_expectations(const std::string& text, const std::string& file,
                                     const std::string& paper, const std::string& folder) {
  const toml::table table = config::parse_toml(text, file);
  PaperExpectations p;
  p.paper = paper;
  p.folder = folder;
  p.file = file;
  PaperSection head;
  auto fields = config::Fields::reader(table, "", file);
  fields.section("paper", head, "The paper these figures are from.");
  fields.section_list("runs", p.runs, "A config run several times (a key set per run).");
  fields.section_list("expect", p.expectations, "One reproduced figure.");
  fields.reject_unknown_keys();
  if (p.expectations.empty()) throw InputError(file + ": no [[expect]] tables");
  p.title = head.title;
  p.authors = head.authors;
  p.venue = head.venue;
  p.source = head.source;
  // at(TABLE, i, KEY) throws MESSAGE at that key's line.
  const auto fail_at = [&](const char* list, std::size_t i, const char* key, const std::string& m) {
    const toml::node* at = table[list].as_array()->get(i)->as_table()->get(key);
    throw_input(
        file, at->source().begin.line, at->source().begin.column,
        std::string("config key '") + list + "[" + std::to_string(i) + "]." + key + "': " + m);
  };
  const auto in_folder = [&](const std::string& config) {
    std::error_code ec;
    return std::filesystem::is_regular_file(std::filesystem::path(folder) / config, ec);
  };
  for (std::size_t i = 0; i < p.runs.size(); ++i) {
    if (!in_folder(p.runs[i].config))
      fail_at("runs", i, "config", p.runs[i].config + " is not a file in " + folder);
    for (std::size_t j = 0; j < i; ++j)
      if (p.runs[j].name == p.runs[i].name) fail_at("runs", i, "name", "a second run set of it");
  }
  for (std::size_t i = 0; i < p.expectations.size(); ++i) {
    const auto& e = p.expectations[i];
    if (!e.runs.empty()) {
      const RunSet* set = p.run_set(e.runs);
      if (!set) fail_at("expect", i, "runs", "no [[runs]] named '" + e.runs + "'");
      if (e.run && !set->grid.empty())
        fail_at("expect", i, "run",
                set->name + " is a grid: name one of its runs with config = \"" + set->name +
                    "_<values>.toml\"");
      if (e.run && (*e.run < double(set->from) || *e.run > double(set->to)))
        fail_at("expect", i, "run",
                "not in " + set->name + "'s runs (" + std::to_string(set->from) + ".." +
                    std::to_string(set->to) + ")");
    } else if (!in_folder(e.config) && !is_run_config(p, e.config)) {
      fail_at("expect", i, "config",
              e.config + " is not a file in " + folder + " nor a run of a [[runs]] set");
    }
  }
  return p;
}

PaperExpectations load_expectations(const std::string& folder) {
  const std::string file = (std::filesystem::path(folder) / "expect.toml").string();
  auto normal = std::filesystem::path(folder).lexically_normal();
  if (normal.filename().empty()) normal = normal.parent_path();  // "configs/fairnb/"
  const std::string paper = normal.filename().string();
  return parse_expectations(read_regular_file(file, "expectations file"), file, paper, folder);
}

}  // namespace adm::pipelines
