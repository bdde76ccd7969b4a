#include "methods/patterns/pattern_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace adm::methods::patterns {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// KL(Bern(p) || Bern(q)), natural log, 0 log 0 = 0.
double kl(double p, double q) {
  double out = 0;
  if (p > 0) out += q > 0 ? p * std::log(p / q) : kInf;
  if (p < 1) out += q < 1 ? (1 - p) * std::log((1 - p) / (1 - q)) : kInf;
  return out;
}

// max over the vertices of a convex region of the jointly convex KL(pi || q).
double kl_max(std::initializer_list<std::pair<double, double>> vertices) {
  double out = 0;
  for (auto [p, q] : vertices) out = std::max(out, kl(p, q));
  return out;
}

}  // namespace

double delta_tilde(double alpha, double beta, double gamma) {
  const double den = alpha * gamma + beta * (1 - gamma);
  return den > 0 ? alpha * gamma / den - gamma : 0.0;
}

// Positive and concave in gamma when alpha > beta, negative and convex when alpha < beta.
static double gamma_opt(double alpha, double beta, double l, double u) {
  const double g = (beta - std::sqrt(alpha * beta)) / (beta - alpha);
  return std::clamp(g, l, u);
}

double delta_tilde_max(double alpha, double beta, double l, double u) {
  if (alpha > beta) return delta_tilde(alpha, beta, gamma_opt(alpha, beta, l, u));
  return std::max(delta_tilde(alpha, beta, l), delta_tilde(alpha, beta, u));
}

double delta_tilde_min(double alpha, double beta, double l, double u) {
  if (alpha < beta) return delta_tilde(alpha, beta, gamma_opt(alpha, beta, l, u));
  return std::min(delta_tilde(alpha, beta, l), delta_tilde(alpha, beta, u));
}

PatternModel::PatternModel(const learn::NaiveBayes& nb, std::vector<bool> sensitive, double delta)
    : sensitive_(std::move(sensitive)), delta_(delta) {
  const std::size_t n = nb.features();
  if (sensitive_.size() != n) throw InternalError("PatternModel: sensitive flags per feature");
  if (n > 250) throw InputError("pattern mining: at most 250 features");
  prior_d_ = nb.prior(1);
  prior_nd_ = nb.prior(0);
  // P(v | d), P(v | d-bar), and (Lemma 1) the values maximising / minimising a / b: the factors
  // and suffix products below are made of them.
  std::vector<std::vector<double>> a(n), b(n);
  std::vector<std::size_t> vmax(n, 0), vmin(n, 0);
  for (std::size_t f = 0; f < n; ++f) {
    if (nb.levels(f) > 127) throw InputError("pattern mining: at most 127 levels per feature");
    levels_.push_back(nb.levels(f));
    for (std::size_t v = 0; v < nb.levels(f); ++v) {
      a[f].push_back(nb.cond(f, v, 1));
      b[f].push_back(nb.cond(f, v, 0));
    }
    // Ratios compared as a_v b_w vs a_w b_v (no division by zero); ties keep the lower value.
    for (std::size_t v = 1; v < a[f].size(); ++v) {
      if (a[f][v] * b[f][vmax[f]] > a[f][vmax[f]] * b[f][v]) vmax[f] = v;
      if (a[f][v] * b[f][vmin[f]] < a[f][vmin[f]] * b[f][v]) vmin[f] = v;
    }
  }
  first_state_.assign(n, 0);
  for (std::size_t f = 0; f < n; ++f) {
    first_state_[f] = factors_.size();
    const double xa = a[f][vmax[f]], xb = b[f][vmax[f]];
    const double na = a[f][vmin[f]], nb_ = b[f][vmin[f]];
    score_factors_.push_back({1, 1, 1, 1, false});  // state 0
    for (std::size_t s = 1; s < options(f); ++s) {
      const bool x = s > levels(f);
      const std::size_t v = x ? s - 1 - levels(f) : s - 1;
      factors_.push_back({a[f][v], b[f][v], xa, xb, na, nb_, x});
      if (x)
        score_factors_.push_back({a[f][v], b[f][v], 1, 1, true});
      else
        score_factors_.push_back({1, 1, a[f][v], b[f][v], false});
    }
  }
  for (auto* s :
       {&sa_max_, &sb_max_, &sa_min_, &sb_min_, &ssa_max_, &ssb_max_, &ssa_min_, &ssb_min_})
    s->assign(n + 1, 1.0);
  for (std::size_t j = n; j-- > 0;) {
    sa_max_[j] = sa_max_[j + 1] * a[j][vmax[j]];
    sb_max_[j] = sb_max_[j + 1] * b[j][vmax[j]];
    sa_min_[j] = sa_min_[j + 1] * a[j][vmin[j]];
    sb_min_[j] = sb_min_[j + 1] * b[j][vmin[j]];
    const bool s = sensitive_[j];
    ssa_max_[j] = ssa_max_[j + 1] * (s ? a[j][vmax[j]] : 1.0);
    ssb_max_[j] = ssb_max_[j + 1] * (s ? b[j][vmax[j]] : 1.0);
    ssa_min_[j] = ssa_min_[j + 1] * (s ? a[j][vmin[j]] : 1.0);
    ssb_min_[j] = ssb_min_[j + 1] * (s ? b[j][vmin[j]] : 1.0);
  }
}

PatternProducts PatternModel::empty() const {
  PatternProducts p;
  p.ay = prior_d_;
  p.by = prior_nd_;
  return p;
}

PatternProducts PatternModel::extend(const PatternProducts& p, std::size_t f,
                                     std::uint8_t state) const {
  PatternProducts q = p;
  if (state != 0) multiply(q, f, state);
  return q;
}

void PatternModel::multiply(PatternProducts& q, std::size_t f, std::uint8_t state) const {
  const StateFactors& s = factors_[first_state_[f] + state - 1];
  if (!s.x) {
    q.ay *= s.a;
    q.by *= s.b;
  } else {
    q.ax *= s.a;
    q.bx *= s.b;
    q.xa_max *= s.a_max;
    q.xb_max *= s.b_max;
    q.xa_min *= s.a_min;
    q.xb_min *= s.b_min;
    q.has_x = true;
  }
}

PatternProducts PatternModel::products(const PatternKey& key) const {
  if (key.size() != features()) throw InternalError("pattern key of the wrong length");
  for (std::size_t f = 0; f < key.size(); ++f)
    if (key[f] >= options(f)) throw InternalError("pattern key: state out of range");
  return products_of(key.data());
}

PatternProducts PatternModel::products_of(const std::uint8_t* key) const {
  PatternProducts p = empty();
  for (std::size_t f = 0; f < features(); ++f)  // in place: extend()'s operations, no copies
    if (key[f] != 0) multiply(p, f, key[f]);
  return p;
}

void PatternModel::scores_of(const std::uint8_t* const* keys, std::size_t count,
                             PatternScores* out) const {
  constexpr std::size_t kLanes = 4;
  const std::size_t n = features();
  for (std::size_t i = 0; i < count; i += kLanes) {
    const std::size_t lanes = std::min(kLanes, count - i);
    PatternProducts p[kLanes];
    const std::uint8_t* key[kLanes];
    for (std::size_t l = 0; l < kLanes; ++l) {
      p[l] = empty();
      key[l] = keys[i + (l < lanes ? l : 0)];  // a short batch repeats its first key
    }
    for (std::size_t f = 0; f < n; ++f) {
      const ScoreFactors* row = &score_factors_[first_state_[f] + f];
      for (std::size_t l = 0; l < kLanes; ++l) {  // the same operations, in the same order, as
        const ScoreFactors& t = row[key[l][f]];   // products_of (times 1 where it does nothing)
        p[l].ax *= t.ax;
        p[l].bx *= t.bx;
        p[l].ay *= t.ay;
        p[l].by *= t.by;
        p[l].has_x = p[l].has_x || t.x;
      }
    }
    for (std::size_t l = 0; l < lanes; ++l) out[i + l] = scores(p[l]);
  }
}

PatternScores PatternModel::scores(const PatternProducts& p, bool divergence) const {
  PatternScores s;
  const double pdxy = p.ax * p.ay, pndxy = p.bx * p.by;
  const double py = p.ay + p.by;
  s.p_xy = pdxy + pndxy;
  s.p_d_y = p.ay / py;
  s.p_d_xy = s.p_xy > 0 ? pdxy / s.p_xy : s.p_d_y;
  s.delta = p.has_x ? s.p_d_xy - s.p_d_y : 0.0;
  if (!divergence || std::fabs(s.delta) <= delta_) return s;
  // Appendix B.1: the smallest change r of P(d x y) making the pattern fair, and its KL cost.
  const double c = s.delta > 0 ? delta_ - s.delta : -delta_ - s.delta;
  const double r = c / (1 / s.p_xy - 1 / py);
  const double t1 = pdxy > 0 ? pdxy * std::log(pdxy / (pdxy + r)) : 0.0;
  const double t2 = pndxy > 0 ? pndxy * std::log(pndxy / (pndxy - r)) : 0.0;
  s.divergence = std::max(0.0, t1 + t2);
  return s;
}

PatternBounds PatternModel::bounds(const PatternProducts& p, std::size_t j, bool divergence) const {
  PatternBounds out;
  // Proposition 1: x' over the free sensitive features at their extremes (Lemma 1); gamma =
  // P(d | y y') over y' on every free feature (a superset of the possible y', so still a bound).
  const double au = p.ax * ssa_max_[j], bu = p.bx * ssb_max_[j];
  const double al = p.ax * ssa_min_[j], bl = p.bx * ssb_min_[j];
  const double yl_a = p.ay * sa_min_[j], yl_b = p.by * sb_min_[j];
  const double yu_a = p.ay * sa_max_[j], yu_b = p.by * sb_max_[j];
  const double l = yl_a / (yl_a + yl_b), u = yu_a / (yu_a + yu_b);
  out.delta_max = delta_tilde_max(au, bu, l, u);
  out.delta_min = delta_tilde_min(al, bl, l, u);
  if (!divergence) return out;
  if (out.delta_max <= delta_ && out.delta_min >= -delta_) return out;  // nothing qualifies

  const double dd = delta_;
  const double pdxy = p.ax * p.ay, pndxy = p.bx * p.by, pxy = pdxy + pndxy;
  // P(d | x x' y y') over all extensions, and P(d | y w) with w on the x and free features.
  const double all_max_a = pdxy * sa_max_[j], all_max_b = pndxy * sb_max_[j];
  const double all_min_a = pdxy * sa_min_[j], all_min_b = pndxy * sb_min_[j];
  const double pmax_all = all_max_a / (all_max_a + all_max_b);
  const double pmin_all = all_min_a / (all_min_a + all_min_b);
  const double bmax_a = yu_a * p.xa_max, bmax_b = yu_b * p.xb_max;
  const double bmin_a = yl_a * p.xa_min, bmin_b = yl_b * p.xb_min;
  const double pmax_base = bmax_a / (bmax_a + bmax_b);
  const double pmin_base = bmin_a / (bmin_a + bmin_b);

  // Proposition 3: Q with Delta_Q = 0 is feasible, Q(d | x y) = P(d | not-x, y); each term of its
  // KL cost is at most P(. x y) times the log of the extreme ratio of the two conditionals.
  double prop3 = kInf;
  if (pmin_base > 0 && pmax_base < 1)
    prop3 =
        pdxy * std::log(pmax_all / pmin_base) + pndxy * std::log((1 - pmin_all) / (1 - pmax_base));

  // Proposition 4 (our derivation): Div = P(x'y') KL(pi || pi') with pi = P(d | pattern) in
  // [pmin_all, pmax_all], |pi - pi'| <= (|Delta| - delta) / (1 - P(x x' | y y')), and pi' >= delta
  // (resp. <= 1 - delta). KL is jointly convex, so its maximum over that region is at a vertex.
  // P(x | y y') is linear in gamma = P(d | y y'), so its maximum is at l or u.
  const double px_max = std::max(p.ax * l + p.bx * (1 - l), p.ax * u + p.bx * (1 - u));
  const double spread = px_max < 1 ? 1 / (1 - px_max) : kInf;
  double k = 0;
  if (out.delta_max > dd) {
    const double t = (out.delta_max - dd) * spread;
    const double lo = std::max(pmin_all, dd), hi = pmax_all;
    if (lo <= hi) {
      k = std::max(k, kl_max({{lo, std::max(dd, lo - t)}, {hi, std::max(dd, hi - t)}}));
      if (lo < dd + t && dd + t < hi) k = std::max(k, kl(dd + t, dd));
    }
  }
  if (out.delta_min < -dd) {
    const double t = (-dd - out.delta_min) * spread;
    const double lo = pmin_all, hi = std::min(pmax_all, 1 - dd);
    if (lo <= hi) {
      k = std::max(k, kl_max({{lo, std::min(1 - dd, lo + t)}, {hi, std::min(1 - dd, hi + t)}}));
      if (lo < 1 - dd - t && 1 - dd - t < hi) k = std::max(k, kl(1 - dd - t, 1 - dd));
    }
  }
  out.divergence_prop3 = std::max(0.0, prop3);
  out.divergence_prop4 = pxy * k;
  out.divergence_max = std::min(out.divergence_prop3, out.divergence_prop4);
  return out;
}

std::string PatternModel::describe(const PatternKey& key, const std::vector<std::string>& names,
                                   const std::vector<std::vector<std::string>>& level_names,
                                   const std::vector<std::size_t>& levels) {
  return PatternDescriber(names, level_names, levels)(key);
}

}  // namespace adm::methods::patterns
