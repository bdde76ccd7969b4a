#include "methods/shapley/fairness_utility.hpp"

#include <algorithm>
#include <numeric>

#include "core/error.hpp"

namespace adm::methods::shapley {

std::vector<double> critical_alphas(const std::vector<double>& phi_acc,
                                    const std::vector<double>& phi_d) {
  if (phi_acc.size() != phi_d.size()) throw InternalError("critical_alphas: size mismatch");
  std::vector<double> out;
  for (std::size_t i = 0; i < phi_acc.size(); ++i)
    if (phi_d[i] > 0 && phi_acc[i] > 0) out.push_back(phi_acc[i] / phi_d[i]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<double> default_alpha_sweep(const std::vector<double>& phi_acc,
                                        const std::vector<double>& phi_d) {
  const auto c = critical_alphas(phi_acc, phi_d);
  std::vector<double> out{0.0};
  for (std::size_t k = 0; k < c.size(); ++k)
    out.push_back(k + 1 < c.size() ? 0.5 * (c[k] + c[k + 1]) : 2 * c[k]);
  return out;
}

std::vector<UtilityRow> fairness_utility(const std::vector<double>& phi_acc,
                                         const std::vector<double>& phi_d,
                                         const std::vector<double>& alphas) {
  if (phi_acc.size() != phi_d.size()) throw InternalError("fairness_utility: size mismatch");
  const std::size_t n = phi_acc.size();
  std::vector<UtilityRow> rows;
  for (double alpha : alphas) {
    UtilityRow r;
    r.alpha = alpha;
    for (std::size_t i = 0; i < n; ++i) r.score.push_back(phi_acc[i] - alpha * phi_d[i]);
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return r.score[a] > r.score[b]; });
    for (auto i : order) r.ranking.push_back(static_cast<std::int64_t>(i));
    for (std::size_t i = 0; i < n; ++i) r.selected.push_back(r.score[i] > 0 ? 1 : 0);
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace adm::methods::shapley
