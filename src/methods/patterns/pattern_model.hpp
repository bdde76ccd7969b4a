#pragma once
// Discrimination patterns of a naive Bayes model (Choi et al., "Learning fair naive Bayes
// classifiers by discovering and eliminating discrimination patterns", ../shared/papers/
// fair-naive-bayes-patterns.txt): scores of one pattern (Definitions 1, 4) and bounds on every
// pattern that extends it (Proposition 1 with Lemma 1; divergence bounds in the spirit of
// Propositions 3 and 4, derived here because the paper's formulas did not survive its text).
//
// A pattern assigns each feature a state: absent, in y with a value, or (sensitive features only)
// in x with a value. The decision value d is code 1 of the model.
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "learn/naive_bayes.hpp"
#include "report/pattern_text.hpp"

namespace adm::methods::patterns {

// state[f]: 0 = absent, 1 + v = y assigns value v, 1 + levels(f) + v = x assigns value v.
using PatternKey = std::vector<std::uint8_t>;

// Products a pattern needs, built feature by feature in increasing feature order (the same
// operations whether built at once or extended one feature at a time, so every rank and every
// path computes bit-identical scores).
struct PatternProducts {
  double ax = 1, bx = 1;          // P(x | d), P(x | d-bar)
  double ay = 0, by = 0;          // P(d, y), P(d-bar, y)
  double xa_max = 1, xb_max = 1;  // the x features at their d-maximising values (Lemma 1)
  double xa_min = 1, xb_min = 1;  // ... at their d-minimising values
  bool has_x = false;
};

struct PatternScores {
  double delta = 0;       // P(d | xy) - P(d | y)
  double divergence = 0;  // Div_{P,d,delta}(x, y), natural log
  double p_xy = 0;        // P(xy)
  double p_d_xy = 0;      // P(d | xy)
  double p_d_y = 0;       // P(d | y)
};

// The score a mine ranks patterns by: the divergence, or |Delta|.
inline double ranked_score(const PatternScores& s, bool divergence) {
  return divergence ? s.divergence : std::abs(s.delta);
}

struct PatternBounds {
  double delta_max = 0;       // >= Delta of every extension on the free features (Prop. 1)
  double delta_min = 0;       // <= Delta of every extension
  double divergence_max = 0;  // >= Div of every extension (min of the two bounds below)
  double divergence_prop3 = 0;
  double divergence_prop4 = 0;
};

class PatternModel {
 public:
  PatternModel(const learn::NaiveBayes& nb, std::vector<bool> sensitive, double delta);

  std::size_t features() const { return levels_.size(); }
  std::size_t levels(std::size_t f) const { return levels_[f]; }
  bool sensitive(std::size_t f) const { return sensitive_[f]; }
  double delta() const { return delta_; }
  // Number of states of feature f (absent, y values, x values).
  std::size_t options(std::size_t f) const { return 1 + levels(f) * (sensitive_[f] ? 2 : 1); }

  PatternProducts empty() const;
  // The products after giving feature f (the highest so far) state `state` (non-zero).
  PatternProducts extend(const PatternProducts& p, std::size_t f, std::uint8_t state) const;
  PatternProducts products(const PatternKey& key) const;
  // The same for a key the search made (features() states, each valid): no checks.
  PatternProducts products_of(const std::uint8_t* key) const;

  // `divergence` false: leave the divergence score 0 (saves two logs where it is not ranked).
  PatternScores scores(const PatternProducts& p, bool divergence = true) const;
  // scores(products_of(keys[i])) for many keys (a mine's findings), bit for bit: only the four
  // products that scores() reads, from a table with a factor 1 where a state leaves a product
  // alone (x * 1 is exact), so there is no branch per feature, and four keys at a time, so their
  // chains of multiplications overlap.
  void scores_of(const std::uint8_t* const* keys, std::size_t count, PatternScores* out) const;
  // Bounds over the pattern and all its extensions on features first_free .. features()-1;
  // `divergence` false: the Delta bounds only.
  PatternBounds bounds(const PatternProducts& p, std::size_t first_free,
                       bool divergence = true) const;

  // Human-readable "x: A=a, B=b | y: C=c" with the given names and level names (many patterns:
  // PatternDescriber).
  static std::string describe(const PatternKey& key, const std::vector<std::string>& names,
                              const std::vector<std::vector<std::string>>& level_names,
                              const std::vector<std::size_t>& levels);

 private:
  void multiply(PatternProducts& q, std::size_t f, std::uint8_t state) const;  // state != 0

  // The factors of every (feature, state != 0) in one flat table (state s of feature f at
  // first_state_[f] + s - 1), read in the hot loops without the nested vectors' indirections.
  struct StateFactors {
    double a, b;          // P(v | d), P(v | d-bar) of the state's value
    double a_max, b_max;  // x states: the feature at its d-maximising value (Lemma 1)
    double a_min, b_min;  // ... at its d-minimising value
    bool x;               // the state puts the feature in x
  };
  std::vector<StateFactors> factors_;
  std::vector<std::size_t> first_state_;
  // scores_of()'s table: every (feature, state), state 0 included, at first_state_[f] + f + state.
  struct ScoreFactors {
    double ax, bx, ay, by;  // 1 where the state leaves the product alone
    bool x;
  };
  std::vector<ScoreFactors> score_factors_;
  std::vector<std::size_t> levels_;  // per feature
  std::vector<bool> sensitive_;
  double prior_d_ = 0.5, prior_nd_ = 0.5, delta_ = 0;
  // Suffix products over features >= j at the extreme values: all features, sensitive only.
  std::vector<double> sa_max_, sb_max_, sa_min_, sb_min_;
  std::vector<double> ssa_max_, ssb_max_, ssa_min_, ssb_min_;
};

// max / min over gamma in [l, u] of Delta~(alpha, beta, gamma) = alpha gamma / (alpha gamma +
// beta (1 - gamma)) - gamma (Appendix A.2, the optimum clipped to [l, u]).
double delta_tilde(double alpha, double beta, double gamma);
double delta_tilde_max(double alpha, double beta, double l, double u);
double delta_tilde_min(double alpha, double beta, double l, double u);

// PatternModel::describe for many patterns (report/pattern_text.hpp: the report renders stored
// pattern keys with the same code).
using PatternDescriber = report::PatternDescriber;

}  // namespace adm::methods::patterns
