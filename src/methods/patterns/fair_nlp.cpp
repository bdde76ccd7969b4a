// The Ipopt program of the delta-fair learner (see fair_learner.hpp for the formulation).
#include <IpIpoptApplication.hpp>
#include <IpTNLP.hpp>
#include <cmath>

#include "core/error.hpp"
#include "methods/patterns/fair_learner.hpp"

namespace adm::methods::patterns {
namespace {

using Ipopt::Index;
using Ipopt::Number;

struct Term {
  Index var;
  double cu, cs;  // coefficients of log(theta_var) in u = log r_x and s = log r_y
};

class FairNlp : public Ipopt::TNLP {
 public:
  FairNlp(const learn::NbCounts& counts, const std::vector<PatternKey>& patterns, double bound,
          double alpha, learn::NaiveBayes& model)
      : model_(model), bound_(bound) {
    const std::size_t nf = counts.nz.size();
    off_.push_back(2);
    for (std::size_t f = 0; f < nf; ++f) off_.push_back(off_.back() + 2 * model.levels(f));
    n_ = static_cast<Index>(off_.back());
    w_.assign(static_cast<std::size_t>(n_), 0.0);
    w_[0] = counts.n[0] + alpha;
    w_[1] = counts.n[1] + alpha;
    for (std::size_t f = 0; f < nf; ++f)
      for (std::size_t i = 0; i < counts.nz[f].size(); ++i)
        w_[off_[f] + i] = counts.nz[f][i] + alpha;
    scale_ = 1.0 / std::max(1.0, counts.n[0] + counts.n[1]);
    for (const auto& key : patterns) {
      std::vector<Term> t{{0, 0, 1}, {1, 0, -1}};  // r_y carries theta_dbar / theta_d
      for (std::size_t f = 0; f < nf; ++f) {
        if (key[f] == 0) continue;
        const std::size_t levels = model.levels(f);
        const bool in_x = key[f] > levels;
        const std::size_t v = in_x ? key[f] - 1 - levels : key[f] - 1u;
        const auto i0 = static_cast<Index>(off_[f] + v * 2), i1 = i0 + 1;
        t.push_back({i0, in_x ? 1.0 : 0.0, in_x ? 0.0 : 1.0});
        t.push_back({i1, in_x ? -1.0 : 0.0, in_x ? 0.0 : -1.0});
      }
      terms_.push_back(std::move(t));
    }
  }

  std::string status;

  bool get_nlp_info(Index& n, Index& m, Index& nnz_jac, Index& nnz_h,
                    IndexStyleEnum& style) override {
    n = n_;
    m = static_cast<Index>(1 + 2 * (off_.size() - 1) + terms_.size());
    nnz_jac = 2;
    for (std::size_t f = 0; f + 1 < off_.size(); ++f)
      nnz_jac += static_cast<Index>(off_[f + 1] - off_[f]);
    for (const auto& t : terms_) nnz_jac += static_cast<Index>(t.size());
    nnz_h = n_ * (n_ + 1) / 2;
    style = C_STYLE;
    return true;
  }

  bool get_bounds_info(Index n, Number* xl, Number* xu, Index m, Number* gl, Number* gu) override {
    for (Index i = 0; i < n; ++i) {
      xl[i] = 1e-12;
      xu[i] = 1.0;
    }
    const Index sums = static_cast<Index>(1 + 2 * (off_.size() - 1));
    for (Index j = 0; j < m; ++j) {
      gl[j] = j < sums ? 1.0 : -bound_;
      gu[j] = j < sums ? 1.0 : bound_;
    }
    return true;
  }

  bool get_starting_point(Index, bool init_x, Number* x, bool, Number*, Number*, Index, bool,
                          Number*) override {
    if (!init_x) return false;
    x[0] = model_.prior(0);
    x[1] = model_.prior(1);
    for (std::size_t f = 0; f + 1 < off_.size(); ++f)
      for (std::size_t i = 0; i < off_[f + 1] - off_[f]; ++i)
        x[off_[f] + i] = std::max(1e-9, model_.cond(f, i / 2, static_cast<int>(i % 2)));
    return true;
  }

  bool eval_f(Index n, const Number* x, bool, Number& f) override {
    f = 0;
    for (Index i = 0; i < n; ++i) f -= w_[i] * std::log(x[i]);
    f *= scale_;
    return true;
  }

  bool eval_grad_f(Index n, const Number* x, bool, Number* g) override {
    for (Index i = 0; i < n; ++i) g[i] = -scale_ * w_[i] / x[i];
    return true;
  }

  // A = 1 / (1 + e^(u+s)) = P(d | xy), B = 1 / (1 + e^s) = P(d | y).
  void ab(const std::vector<Term>& t, const Number* x, double& a, double& b) const {
    double u = 0, s = 0;
    for (const auto& term : t) {
      const double l = std::log(x[term.var]);
      u += term.cu * l;
      s += term.cs * l;
    }
    a = 1 / (1 + std::exp(u + s));
    b = 1 / (1 + std::exp(s));
  }

  bool eval_g(Index n, const Number* x, bool, Index, Number* g) override {
    (void)n;
    Index row = 0;
    g[row++] = x[0] + x[1];
    for (std::size_t f = 0; f + 1 < off_.size(); ++f)
      for (int d = 0; d < 2; ++d) {
        double s = 0;
        for (std::size_t i = off_[f] + d; i < off_[f + 1]; i += 2) s += x[i];
        g[row++] = s;
      }
    for (const auto& t : terms_) {
      double a, b;
      ab(t, x, a, b);
      g[row++] = a - b;
    }
    return true;
  }

  bool eval_jac_g(Index, const Number* x, bool, Index, Index, Index* rows, Index* cols,
                  Number* values) override {
    Index k = 0, row = 0;
    auto put = [&](Index r, Index c, double v) {
      if (values) {
        values[k++] = v;
      } else {
        rows[k] = r;
        cols[k++] = c;
      }
    };
    put(row, 0, 1);
    put(row++, 1, 1);
    for (std::size_t f = 0; f + 1 < off_.size(); ++f)
      for (int d = 0; d < 2; ++d) {
        for (std::size_t i = off_[f] + d; i < off_[f + 1]; i += 2)
          put(row, static_cast<Index>(i), 1);
        ++row;
      }
    for (const auto& t : terms_) {
      double a = 0, b = 0, du = 0, ds = 0;
      if (values) {
        ab(t, x, a, b);
        du = -a * (1 - a);
        ds = -a * (1 - a) + b * (1 - b);
      }
      for (const auto& term : t)
        put(row, term.var, values ? (du * term.cu + ds * term.cs) / x[term.var] : 0.0);
      ++row;
    }
    return true;
  }

  bool eval_h(Index n, const Number* x, bool, Number obj_factor, Index, const Number* lambda, bool,
              Index, Index* rows, Index* cols, Number* values) override {
    if (!values) {
      Index k = 0;
      for (Index i = 0; i < n; ++i)
        for (Index j = 0; j <= i; ++j) {
          rows[k] = i;
          cols[k++] = j;
        }
      return true;
    }
    auto at = [&](Index i, Index j) -> Number& {
      return i >= j ? values[i * (i + 1) / 2 + j] : values[j * (j + 1) / 2 + i];
    };
    for (Index k = 0; k < n * (n + 1) / 2; ++k) values[k] = 0;
    for (Index i = 0; i < n; ++i) at(i, i) = obj_factor * scale_ * w_[i] / (x[i] * x[i]);
    const Index first = static_cast<Index>(1 + 2 * (off_.size() - 1));
    for (std::size_t p = 0; p < terms_.size(); ++p) {
      const double lam = lambda[first + static_cast<Index>(p)];
      if (lam == 0) continue;
      double a, b;
      ab(terms_[p], x, a, b);
      const double du = -a * (1 - a), ds = -a * (1 - a) + b * (1 - b);
      const double huu = a * (1 - a) * (1 - 2 * a), hss = huu - b * (1 - b) * (1 - 2 * b);
      for (const auto& ti : terms_[p]) {
        for (const auto& tj : terms_[p]) {
          if (tj.var > ti.var) continue;
          const double h2 =
              huu * (ti.cu * tj.cu + ti.cu * tj.cs + ti.cs * tj.cu) + hss * ti.cs * tj.cs;
          at(ti.var, tj.var) += lam * h2 / (x[ti.var] * x[tj.var]);
        }
        at(ti.var, ti.var) -= lam * (du * ti.cu + ds * ti.cs) / (x[ti.var] * x[ti.var]);
      }
    }
    return true;
  }

  void finalize_solution(Ipopt::SolverReturn code, Index, const Number* x, const Number*,
                         const Number*, Index, const Number*, const Number*, Number,
                         const Ipopt::IpoptData*, Ipopt::IpoptCalculatedQuantities*) override {
    status = code == Ipopt::SUCCESS                    ? "success"
             : code == Ipopt::STOP_AT_ACCEPTABLE_POINT ? "acceptable"
             : code == Ipopt::LOCAL_INFEASIBILITY      ? "infeasible"
             : code == Ipopt::MAXITER_EXCEEDED         ? "max_iterations"
                                                       : "failed(" + std::to_string(code) + ")";
    // Renormalise exactly: the solver meets the sums only to its tolerance.
    model_.set_prior(x[1] / (x[0] + x[1]));
    for (std::size_t f = 0; f + 1 < off_.size(); ++f)
      for (int d = 0; d < 2; ++d) {
        double s = 0;
        for (std::size_t i = off_[f] + d; i < off_[f + 1]; i += 2) s += x[i];
        for (std::size_t i = off_[f] + d; i < off_[f + 1]; i += 2)
          model_.set_cond(f, (i - off_[f]) / 2, d, x[i] / s);
      }
  }

 private:
  learn::NaiveBayes& model_;
  double bound_;
  std::vector<std::size_t> off_;
  Index n_ = 0;
  std::vector<double> w_;
  double scale_ = 1;
  std::vector<std::vector<Term>> terms_;
};

}  // namespace

std::string solve_constrained(const learn::NbCounts& counts, const std::vector<bool>&,
                              const std::vector<PatternKey>& patterns, double bound, double alpha,
                              learn::NaiveBayes& model) {
  Ipopt::SmartPtr<FairNlp> nlp = new FairNlp(counts, patterns, bound, alpha, model);
  Ipopt::SmartPtr<Ipopt::IpoptApplication> app = IpoptApplicationFactory();
  app->Options()->SetIntegerValue("print_level", 0);
  app->Options()->SetStringValue("sb", "yes");
  app->Options()->SetNumericValue("tol", 1e-10);
  app->Options()->SetNumericValue("constr_viol_tol", 1e-10);
  app->Options()->SetIntegerValue("max_iter", 3000);
  app->Options()->SetStringValue("mu_strategy", "adaptive");
  if (app->Initialize() != Ipopt::Solve_Succeeded)
    throw InternalError("delta-fair learner: Ipopt failed to initialise");
  app->OptimizeTNLP(Ipopt::SmartPtr<Ipopt::TNLP>(GetRawPtr(nlp)));
  if (nlp->status.empty()) throw InternalError("delta-fair learner: Ipopt returned no solution");
  return nlp->status;
}

}  // namespace adm::methods::patterns
