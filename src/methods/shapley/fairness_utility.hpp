#pragma once
// The fairness-utility score F_i = phi_acc_i - alpha phi_D_i (Section 3 of the paper) over a
// sweep of alpha, and the ranking and selection it implies: features ranked by F (ties by index),
// selected when F_i > 0, i.e. when a feature's accuracy contribution outweighs its weighted
// discrimination contribution.
#include <cstdint>
#include <vector>

namespace adm::methods::shapley {

struct UtilityRow {
  double alpha = 0;
  std::vector<double> score;           // F_i per feature
  std::vector<std::int64_t> ranking;   // feature indices, best first
  std::vector<std::int64_t> selected;  // 1 where F_i > 0
};

// The alphas at which a feature's score changes sign, phi_acc_i / phi_D_i (phi_D_i > 0), sorted
// and without duplicates: between two of them the selection is constant.
std::vector<double> critical_alphas(const std::vector<double>& phi_acc,
                                    const std::vector<double>& phi_d);

// A sweep: 0, then for each critical alpha the midpoint to the next one (and twice the largest),
// so every distinct selection appears once.
std::vector<double> default_alpha_sweep(const std::vector<double>& phi_acc,
                                        const std::vector<double>& phi_d);

std::vector<UtilityRow> fairness_utility(const std::vector<double>& phi_acc,
                                         const std::vector<double>& phi_d,
                                         const std::vector<double>& alphas);

}  // namespace adm::methods::shapley
