#pragma once
// Private to src/parallel: the node budget (FrontierOptions::max_nodes) of a search on several
// ranks. Rank 0 holds the pool; every rank expands only within an allowance leased from it, so the
// units spent over all ranks never exceed the budget, whatever the scheduling. A lease is a share
// of what is left (pool / (2 ranks), at least what the asker's next node costs), so the leases
// shrink as the pool empties and little budget sits unused on a rank that has run out of work.
#include <algorithm>
#include <cstdint>

namespace adm::dist {

class NodeBudget {
 public:
  NodeBudget(std::uint64_t max_nodes, int ranks, bool holds_pool)
      : limited_(max_nodes > 0),
        pool_(holds_pool ? max_nodes : 0),
        share_(2 * static_cast<std::uint64_t>(std::max(ranks, 1))) {}

  bool limited() const { return limited_; }
  // Whether this rank may expand a node costing `cost` now.
  bool affords(std::uint64_t cost) const { return !limited_ || cost <= allowance_; }
  // The largest step this rank may take.
  std::uint64_t cap(std::uint64_t wanted) const {
    return limited_ ? std::min(wanted, allowance_) : wanted;
  }
  void spend(std::uint64_t units) { allowance_ -= limited_ ? std::min(units, allowance_) : 0; }
  // How much more this rank needs to expand a node costing `cost`.
  std::uint64_t need(std::uint64_t cost) const { return cost > allowance_ ? cost - allowance_ : 0; }

  // On rank 0: a lease of at least `need` units, or 0 when the pool cannot cover it.
  std::uint64_t grant(std::uint64_t need) {
    if (need == 0 || pool_ < need) return 0;
    const std::uint64_t lease = std::min(pool_, std::max(need, pool_ / share_));
    pool_ -= lease;
    ++leases_;
    return lease;
  }
  // A lease arrived: 0 means the pool is spent for this rank's next node, which is final.
  void receive(std::uint64_t lease) {
    pending = false;
    if (lease == 0)
      exhausted = true;
    else
      allowance_ += lease;
  }
  std::uint64_t leases() const { return leases_; }

  bool pending = false;    // a lease was asked for and has not arrived
  bool exhausted = false;  // the pool could not cover this rank's next node: it expands no more

 private:
  bool limited_;
  std::uint64_t pool_, share_, allowance_ = 0, leases_ = 0;
};

}  // namespace adm::dist
