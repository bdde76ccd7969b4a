#pragma once
// Per-group confusion counts and rates for a binary outcome and a binary prediction. Everything
// else in src/fairness (the six FairCORELS gaps, disparate impact) is computed from these tallies.
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace adm::fairness {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Views of the inputs (never copied, so bootstrap replicates can index rows of the original data).
struct FairnessInputs {
  std::span<const std::int32_t> y_true;  // 0/1 codes (1 = positive outcome)
  std::span<const std::int32_t> y_pred;  // 0/1 codes (1 = positive decision)
  std::span<const std::int32_t> group;   // 0..G-1; intersections arrive as one combined column
  std::span<const double> weights = {};  // empty = unit weights; else finite, non-negative, per row
  // G. 0 = infer max(group) + 1 from ALL rows, also in evaluate_on_rows, so every bootstrap
  // replicate has the same layout even when a group is absent from it. Must be >= 2.
  std::size_t groups = 0;
  // Rows with a -1 (missing) code in y_true, y_pred or group: InputError (false) or skipped and
  // counted in rows_skipped (true).
  bool skip_missing = false;
};

// Confusion counts are weighted (sums of weights); `rows` is the unweighted number of rows.
// A rate whose denominator is 0 is NaN (undefined), never 0.
struct GroupRates {
  double rows = 0.0;
  double count = 0.0;  // weighted size = tp + fp + tn + fn
  double tp = 0.0, fp = 0.0, tn = 0.0, fn = 0.0;
  double base_rate = kNaN;       // P(Y=1)            = (tp + fn) / count
  double selection_rate = kNaN;  // P(Yhat=1)         = (tp + fp) / count
  double tpr = kNaN;             // P(Yhat=1 | Y=1)   = tp / (tp + fn)
  double fpr = kNaN;             // P(Yhat=1 | Y=0)   = fp / (fp + tn)
  double fnr = kNaN;             // P(Yhat=0 | Y=1)   = fn / (tp + fn)
  double ppv = kNaN;             // P(Y=1 | Yhat=1)   = tp / (tp + fp)
  double npv = kNaN;             // P(Y=0 | Yhat=0)   = tn / (tn + fn)
  double accuracy = kNaN;        // (tp + tn) / count
};

// Fills the rates of `r` from its confusion counts.
void finish_rates(GroupRates& r);

struct GroupTally {
  std::size_t groups = 0;
  std::vector<GroupRates> per_group;  // size groups; an absent group has count 0 and NaN rates
  GroupRates overall;                 // all used rows pooled
  std::size_t rows_used = 0;          // repeats counted in a bootstrap sample
  std::size_t rows_skipped = 0;
  double total_weight = 0.0;
};

// Adds `count` unit-weight rows of group g with outcome y and decision p (0/1) to `t`, before
// finish_rates: as `count` rows one at a time, since unit weights add up to exact integers.
void add_unit_rows(GroupTally& t, std::int32_t g, std::int32_t y, std::int32_t p,
                   std::uint64_t count);

// Validates the inputs (lengths, codes, weights; InputError) and tallies every row.
GroupTally tally_groups(const FairnessInputs& in);
// The same over the given rows, which may repeat (a bootstrap sample); out-of-range rows are an
// InternalError. Nothing is copied.
GroupTally tally_groups(const FairnessInputs& in, std::span<const std::size_t> rows);

// Tallies of bootstrap replicates given as row multiplicities (data::bootstrap_counts). Every row
// is validated and reduced to one cell code once, so a replicate is one sequential pass over two
// compact arrays instead of reading three code arrays (and validating) at each drawn row; the
// audit's replicates are memory-bound, and two ranks on one socket share its bandwidth.
// Bitwise equal to tally_groups over the sorted sample of the same draws: unit weights add up to
// exact integers, and weights are added one draw at a time in row order, as there.
class ReplicateTally {
 public:
  explicit ReplicateTally(const FairnessInputs& in);  // the inputs must outlive this
  GroupTally operator()(std::span<const std::uint32_t> times) const;

 private:
  FairnessInputs in_;
  std::size_t groups_ = 0;
  std::int32_t skip() const { return static_cast<std::int32_t>(4 * groups_); }
  std::vector<std::int32_t> cell_;  // 4 g + 2 y + p, or skip(): a row skipped as missing
};

}  // namespace adm::fairness
