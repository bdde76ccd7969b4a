#pragma once
// The InfoGram (paper Sec. 3.1.2 core, Sec. 3.2.2 fair) from per-feature numbers: pure functions,
// so the numbers (one model fit or one CMI per feature) can be computed anywhere, in any order.
//
// Axes, each divided by its maximum over the features so both lie in [0, 1]:
//   x = relevance R_j: the learner's importance of X_j in the model of Y on all features (fair
//   mode:
//       all non-sensitive features), or the marginal MI(Y, X_j);
//   y = core mode: net information C_j = MI(Y, X_j | X_-j) (Definition 3, eq. 3.4);
//       fair mode: safety index F_j = MI(Y, X_j | S) (Definition 4, eq. 3.6).
// L-region (Fig. 4 caption: "The L-shaped area with 0.1 width ... contains inadmissible variables
// with either low relevance or high redundancy"; Sec. 3.2.2: "either inadmissible (the horizontal
// slice of L) or inadequate (the vertical slice of L) ... The complementary set L^c comprises of
// the desired admissible features"): in L iff R < t_rel OR C < t_net. Admissible = not in L, i.e.
// R >= t_rel AND C >= t_net (a feature exactly on a threshold line is admissible).
//
// Risky features (fair mode only): highly relevant but unsafe, R >= max(t_rel, t_risky) AND
// F < t_net, such as feature B of the paper's Fig. 9 or Adult's relationship. The paper warns not
// to drop them "blindly ... without consulting domain experts" (Sec. 3.2.2): they carry much of
// the predictive information and most of it through S, so they are the ones to review. t_risky =
// 0.5 by default: at least half the relevance of the most relevant feature.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace adm::methods {

enum class InfogramMode { Core, Fair };
const char* to_string(InfogramMode mode);  // "core", "fair"

struct Thresholds {
  double relevance = 0.1;        // width of the vertical slice of the L
  double net = 0.1;              // width of the horizontal slice (safety threshold in fair mode)
  double risky_relevance = 0.5;  // fair mode: inadmissible features this relevant are risky
};

struct InfogramEntry {
  std::string name;
  double relevance_raw = 0.0;  // importance (learner scale) or MI in bits
  double net_raw = 0.0;        // CMI in bits as estimated (may be slightly < 0 when cross-fitted)
  double relevance = 0.0;      // max(raw, 0) / max over features, in [0, 1]
  double net = 0.0;            // the same for the net (or safety) axis
  double admissible_index = 0.0;  // sqrt(R^2 + C^2) / sqrt(2): distance from the origin, in [0, 1]
  bool admissible = false;
  bool risky = false;  // fair mode: R >= max(t_rel, t_risky) and F < t_net
};

struct InfogramResult {
  InfogramMode mode = InfogramMode::Core;
  Thresholds thresholds;
  // Ordered by admissible index, highest first (ties: input order).
  std::vector<InfogramEntry> features;
  std::vector<std::string> admissible() const;  // names, in the order above
  std::vector<std::string> risky() const;       // names, in the order above
};

// True when (relevance, net), both normalised, lies in the L-region (inadmissible).
bool in_l_region(double relevance, double net, const Thresholds& thresholds);
// True when (relevance, safety), both normalised, marks a risky feature of a fair infogram.
bool is_risky(double relevance, double safety, const Thresholds& thresholds);

// Values divided by their maximum; negative values count as 0; all zero (or empty) -> all 0.
std::vector<double> normalise_by_max(std::span<const double> raw);

// Builds the infogram. names, relevance_raw and net_raw are parallel (InputError otherwise, or on a
// non-finite value, or thresholds outside [0, 1]).
InfogramResult make_infogram(const std::vector<std::string>& names,
                             std::span<const double> relevance_raw, std::span<const double> net_raw,
                             const Thresholds& thresholds = {},
                             InfogramMode mode = InfogramMode::Core);

// Screening: indices of the `top_n` largest scores (all when top_n >= size or top_n == 0), in
// decreasing score order, ties by lower index. H2O screens to the 50 most important features the
// same way before computing the (costly) conditional informations.
std::vector<std::size_t> top_indices(std::span<const double> scores, std::size_t top_n);

}  // namespace adm::methods
