#include <toml++/toml.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/config_fields.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "data/dataset.hpp"
#include "learn/frequency_classifier.hpp"
#include "methods/infogram/infogram.hpp"
#include "methods/infogram/infogram_compute.hpp"
#include "pipelines/infogram/infogram_config.hpp"  // the options and their config section

using namespace adm;
using namespace adm::methods;
using V = std::vector<std::int32_t>;

namespace {
data::Column binary(const std::string& name, const V& codes) {
  return data::Column::categorical(name, codes, {"0", "1"});
}
const InfogramEntry& entry(const InfogramResult& g, const std::string& name) {
  for (const auto& e : g.features)
    if (e.name == name) return e;
  FAIL("no feature " << name);
  throw;
}
}  // namespace

TEST_CASE("infogram: normalisation, L-region and ordering on hand-built numbers", "[infogram]") {
  // raw relevance max 4, raw net max 0.5 (bits); one cross-fitted net slightly negative.
  const std::vector<std::string> names{"core", "imitator", "weak", "edge", "probe"};
  const std::vector<double> rel{4.0, 3.6, 0.2, 0.4, 0.0}, net{0.5, 0.01, 0.45, 0.05, -0.002};
  const auto g = make_infogram(names, rel, net);
  REQUIRE(g.features.size() == 5);
  CHECK(entry(g, "core").relevance == 1.0);
  CHECK(entry(g, "core").net == 1.0);
  CHECK(entry(g, "core").admissible_index == Approx(1.0));
  CHECK(entry(g, "imitator").relevance == Approx(0.9));
  CHECK(entry(g, "imitator").net == Approx(0.02));
  CHECK_FALSE(entry(g, "imitator").admissible);  // horizontal slice: redundant
  CHECK_FALSE(entry(g, "weak").admissible);      // vertical slice: R = 0.05 < 0.1
  CHECK(entry(g, "edge").relevance == Approx(0.1));
  CHECK(entry(g, "edge").net == Approx(0.1));
  CHECK(entry(g, "edge").admissible);   // on both threshold lines: outside the (open) L
  CHECK(entry(g, "probe").net == 0.0);  // negative estimate counts as 0
  CHECK(entry(g, "probe").net_raw == -0.002);
  CHECK(g.admissible() == std::vector<std::string>{"core", "edge"});
  CHECK(g.features.front().name == "core");
  for (std::size_t i = 1; i < g.features.size(); ++i)
    CHECK(g.features[i - 1].admissible_index >= g.features[i].admissible_index);
  CHECK(entry(g, "imitator").admissible_index == Approx(std::hypot(0.9, 0.02) / std::sqrt(2.0)));
  // Custom thresholds.
  const auto strict = make_infogram(names, rel, net, {0.5, 0.5});
  CHECK(strict.admissible() == std::vector<std::string>{"core"});
  CHECK(in_l_region(0.09, 0.9, {}));
  CHECK(in_l_region(0.9, 0.09, {}));
  CHECK_FALSE(in_l_region(0.2, 0.2, {}));
  // All zero: no division by zero.
  const auto zero = make_infogram({"a"}, std::vector<double>{0.0}, std::vector<double>{0.0});
  CHECK(zero.features[0].relevance == 0.0);
  CHECK_THROWS_AS(make_infogram({"a"}, std::vector<double>{1.0}, std::vector<double>{}),
                  InputError);
  CHECK_THROWS_AS(make_infogram({"a"}, std::vector<double>{NAN}, std::vector<double>{1.0}),
                  InputError);
}

TEST_CASE("infogram: screening keeps the top N by relevance", "[infogram]") {
  const std::vector<double> s{0.1, 0.9, 0.5, 0.9, 0.0};
  CHECK(top_indices(s, 2) == std::vector<std::size_t>{1, 3});
  CHECK(top_indices(s, 0) == std::vector<std::size_t>{1, 3, 2, 0, 4});
  CHECK(top_indices(s, 50).size() == 5);
}

TEST_CASE("core infogram separates core features from an imitator and probes", "[infogram]") {
  // Discrete analogue of Example 3: Y = X1 OR X2 (10% label noise); the imitator is a noisy copy
  // of X1 (predictive, but no information beyond X1); probes are pure noise.
  Rng rng(31, "infogram.core");
  const std::size_t n = 3000;
  V x1(n), x2(n), imit(n), p1(n), p2(n), y(n);
  for (std::size_t i = 0; i < n; ++i) {
    x1[i] = rng.bernoulli(0.5), x2[i] = rng.bernoulli(0.3);
    imit[i] = rng.bernoulli(0.85) ? x1[i] : rng.bernoulli(0.5);
    p1[i] = rng.bernoulli(0.5), p2[i] = rng.bernoulli(0.5);
    y[i] = rng.bernoulli(0.1) ? 1 - (x1[i] | x2[i]) : (x1[i] | x2[i]);
  }
  data::Dataset d("core");
  for (auto& [name, v] : std::vector<std::pair<std::string, V>>{
           {"x1", x1}, {"x2", x2}, {"imitator", imit}, {"probe1", p1}, {"probe2", p2}, {"y", y}})
    d.add(binary(name, v));
  const learn::FrequencyClassifier freq;
  InfogramOptions opt;
  const InfogramInputs in{d, "y", {"x1", "x2", "imitator", "probe1", "probe2"}, {}};
  const auto g = compute_infogram(freq, in, opt, 5);
  CHECK(g.admissible() == std::vector<std::string>{"x1", "x2"});
  CHECK(entry(g, "imitator").relevance > 0.1);  // relevant ...
  CHECK(entry(g, "imitator").net < 0.1);        // ... but redundant
  // Cross-fitted estimate and MI relevance tell the same story.
  opt.estimate = info::CmiVariant::CrossFitted;
  opt.relevance = RelevanceKind::MutualInformation;
  auto admissible = compute_infogram(freq, in, opt, 5).admissible();
  std::sort(admissible.begin(), admissible.end());
  CHECK(admissible == std::vector<std::string>{"x1", "x2"});
  // Screening to 2 keeps the two most relevant features only.
  opt.top_n = 2;
  CHECK(compute_infogram(freq, in, opt, 5).features.size() == 2);
}

TEST_CASE("fair infogram flags a proxy of the sensitive attribute", "[infogram]") {
  // Y depends on S and on `merit`; `proxy` is a noisy copy of S (predictive only through S).
  Rng rng(32, "infogram.fair");
  const std::size_t n = 3000;
  V s(n), proxy(n), merit(n), noise(n), y(n);
  for (std::size_t i = 0; i < n; ++i) {
    s[i] = rng.bernoulli(0.5);
    proxy[i] = rng.bernoulli(0.9) ? s[i] : 1 - s[i];
    merit[i] = rng.bernoulli(0.5);
    noise[i] = rng.bernoulli(0.5);
    y[i] = rng.bernoulli(0.15 + 0.35 * s[i] + 0.4 * merit[i]);
  }
  data::Dataset d("fair");
  for (auto& [name, v] : std::vector<std::pair<std::string, V>>{
           {"s", s}, {"proxy", proxy}, {"merit", merit}, {"noise", noise}, {"y", y}})
    d.add(binary(name, v));
  InfogramOptions opt;
  opt.mode = InfogramMode::Fair;
  const InfogramInputs in{d, "y", {"s", "proxy", "merit", "noise"}, {"s"}};
  CHECK(candidate_features(in, opt.mode) == Names{"proxy", "merit", "noise"});
  const auto g = compute_infogram(learn::FrequencyClassifier{}, in, opt, 9);
  CHECK(g.mode == InfogramMode::Fair);
  CHECK(g.admissible() == std::vector<std::string>{"merit"});
  CHECK(entry(g, "proxy").relevance > 0.1);
  CHECK(entry(g, "proxy").net < 0.1);  // safety index ~ 0
  InfogramOptions no_s = opt;
  CHECK_THROWS_AS(compute_infogram(learn::FrequencyClassifier{}, {d, "y", {"merit"}, {}}, no_s, 1),
                  InputError);
}

TEST_CASE("infogram config section: defaults, reading, documentation", "[infogram]") {
  InfogramOptions o;
  CHECK(o.bootstrap == 500);
  CHECK(o.top_n == 50);
  CHECK(o.thresholds.net == 0.1);
  const auto table = toml::parse(
      "mode = \"fair\"\nnet_threshold = 0.2\nrelevance = \"mi\"\nestimate = \"cross_fitted\"\n"
      "folds = 3\nbootstrap = 99\ntop_n = 10\n");
  auto reader = config::Fields::reader(table, "infogram", "cfg.toml");
  describe(reader, o);
  reader.reject_unknown_keys();
  CHECK(o.mode == InfogramMode::Fair);
  CHECK(o.thresholds.net == 0.2);
  CHECK(o.thresholds.relevance == 0.1);
  CHECK(o.relevance == RelevanceKind::MutualInformation);
  CHECK(o.cmi_options().folds == 3);
  CHECK_FALSE(o.cmi_options().in_sample);
  CHECK(o.bootstrap == 99);
  std::vector<std::string> lines;
  InfogramOptions defaults;
  auto doc = config::Fields::documenter("infogram", &lines);
  describe(doc, defaults);
  CHECK(lines.size() == 11);
  const auto bad = toml::parse("net_threshold = 1.5\n");
  auto bad_reader = config::Fields::reader(bad, "infogram", "cfg.toml");
  CHECK_THROWS_AS(describe(bad_reader, o), InputError);
}
