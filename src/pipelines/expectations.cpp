#include "pipelines/expectations.hpp"

#include <algorithm>
#include <filesystem>

#include "core/config_fields.hpp"
#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/toml_text.hpp"

namespace adm::pipelines {
namespace {

const std::vector<std::string> kComparisons = {"within",   "equal",    "at_least", "at_most",
                                               "less",     "greater",  "factor",   "equal_set",
                                               "contains", "ordering", "info"};

struct PaperSection {
  std::string title, source;
};

void describe(config::Fields& f, PaperSection& p) {
  f.text("title", p.title, "The paper, as cited.");
  f.text("source", p.source, "Where its text is (e.g. ../shared/papers/<name>.txt).");
}

// The keys each comparison needs, checked after reading so a mistake is named at its table.
void check(config::Fields& f, const Expectation& e) {
  for (const char* key : {"figure", "config", "path", "compare"}) {
    const std::string& v = key == std::string("figure")   ? e.figure
                           : key == std::string("config") ? e.config
                           : key == std::string("path")   ? e.path
                                                          : e.compare;
    if (v.empty()) f.fail(key, "is required");
  }
  const std::string& c = e.compare;
  const bool number = c == "within" || c == "at_least" || c == "at_most" || c == "less" ||
                      c == "greater" || c == "factor";
  const bool has_value = e.value || !e.value_path.empty();
  if (e.value && !e.value_path.empty()) f.fail("value_path", "give value or value_path, not both");
  if (number && !has_value)
    f.fail("value", "is required (or value_path) with compare = \"" + c + "\"");
  if (c == "equal" && !has_value == e.text.empty())
    f.fail("value", "compare = \"equal\" takes either value (a number) or text");
  if (c == "contains" && e.text.empty()) f.fail("text", "is required with compare = \"contains\"");
  if ((c == "equal_set" || c == "ordering") && e.set.empty())
    f.fail("set", "is required with compare = \"" + c + "\"");
  if (c == "within" && e.tolerance < 0) f.fail("tolerance", "must be >= 0");
  if (c == "factor" && e.tolerance < 1)
    f.fail("tolerance", "must be >= 1 with compare = \"factor\"");
  if (e.reduce == "argmax" && (e.key_path.empty() || !e.key.empty()))
    f.fail("reduce", "reduce = \"argmax\" needs key_path (the labels) and no key");
  if (e.reduce == "argmax" && (c != "equal" || e.text.empty()))
    f.fail("reduce", "reduce = \"argmax\" is compared with compare = \"equal\" and text");
  if (e.reduce != "argmax" && e.key.empty() != e.key_path.empty())
    f.fail("key", "key and key_path go together");
  if (e.where_path.empty() != !e.where_at_most)
    f.fail("where_path", "where_path and where_at_most go together");
  const bool picks = !e.among.empty() || !e.where_path.empty() || !e.pick_min.empty();
  if (picks && e.pick_min.empty()) f.fail("pick_min", "is required with among or where_path");
  if (int(e.index >= 0) + int(!e.key.empty()) + int(picks) + int(!e.reduce.empty()) > 1)
    f.fail("index", "index, key, pick_min and reduce each select ours: give at most one");
  if (e.config.find('/') != std::string::npos || e.config.size() < 6 ||
      e.config.substr(e.config.size() - 5) != ".toml")
    f.fail("config", "must name a .toml file in the paper's folder, without a folder");
}

}  // namespace

void describe(config::Fields& f, Expectation& e) {
  f.text("figure", e.figure, "The paper's table, figure or row this figure is.");
  f.text("config", e.config, "Config file (in the paper's folder) whose result holds ours.");
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
         "Reduce the dataset to one number (argmax: to the label, in key_path, of its largest).",
         {"", "max", "min", "sum", "size", "argmax"});
  f.real("scale", e.scale, "Ours is multiplied by this.");
  f.boolean("absolute", e.absolute, "Take the absolute value of ours (before scale).");
  f.text("compare", e.compare, "How ours and the published value are compared.", kComparisons);
  f.optional_real("value", e.value, "The published number.");
  f.text("value_path", e.value_path, "Instead of value: another dataset of ours.");
  f.integer("value_index", e.value_index, "Element of value_path; -1: its only element.", {-1});
  f.real("tolerance", e.tolerance, "within: largest |ours - value|; factor: largest ratio.");
  f.text("text", e.text, "The published text (equal, contains).");
  f.text_list("set", e.set, "The published set (equal_set) or order (ordering).");
  f.text("explanation", e.explanation,
         "Why ours may differ; an explained difference is no failure.");
  f.boolean("full", e.full, "Only with reproduce --full (a long run).");
  if (f.mode() == config::Fields::Mode::Read) check(f, e);
}

std::vector<std::string> PaperExpectations::configs() const {
  std::vector<std::string> out;
  for (const auto& e : expectations)
    if (std::find(out.begin(), out.end(), e.config) == out.end()) out.push_back(e.config);
  return out;
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
  fields.section_list("expect", p.expectations, "One reproduced figure.");
  fields.reject_unknown_keys();
  if (p.expectations.empty()) throw InputError(file + ": no [[expect]] tables");
  p.title = head.title;
  p.source = head.source;
  const toml::array* tables = table["expect"].as_array();
  for (std::size_t i = 0; i < p.expectations.size(); ++i) {
    const auto& e = p.expectations[i];
    std::error_code ec;
    if (std::filesystem::is_regular_file(std::filesystem::path(folder) / e.config, ec)) continue;
    const toml::node* at = tables->get(i)->as_table()->get("config");
    throw_input(file, at->source().begin.line, at->source().begin.column,
                "config key 'expect[" + std::to_string(i) + "].config': " + e.config +
                    " is not a file in " + folder);
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
