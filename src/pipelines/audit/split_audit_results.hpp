#pragma once
// The audit's results from the merged tally of a file read in slices (data/split_tally.hpp):
// /data, /info and /fairness exactly as the row-based stages compute them from the rows, and
// bootstrap replicates drawn over the table's cells (data/bootstrap_cells.hpp). Serial: every rank
// holds the same merged tally.
#include <vector>

#include "core/rng.hpp"
#include "data/split_checks.hpp"
#include "data/split_tally.hpp"
#include "pipelines/audit/audit_stages.hpp"

namespace adm::pipelines {

DataDescription describe_split(const data::DataSpec& spec, const data::SplitPlan& plan,
                               const data::AuditTally& tally,
                               const std::vector<data::KeptGroups>& kept);

// Per feature: H(X), I(Y;X), I(Y;X|S), I(X;S), as information_stage computes them.
std::vector<std::vector<double>> split_information(const data::SplitPlan& plan,
                                                   const data::AuditTally& tally,
                                                   bool miller_madow);

// The decision cells of the tally as fairness tallies: one attribute's groups (kept codes), or a
// bootstrap replicate's counts per cell (`draws`, in the order of tally.fair.cells()).
class SplitFairness {
 public:
  SplitFairness(const data::SplitPlan& plan, const data::AuditTally& tally,
                const std::vector<data::KeptGroups>& kept);
  // From cells given directly: per cell its codes (target, decision, sensitive...) and count.
  SplitFairness(std::vector<std::vector<std::int32_t>> codes, std::vector<std::uint64_t> counts,
                std::vector<data::KeptGroups> kept, bool skip_missing);
  std::size_t attributes() const { return kept_.size(); }
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  fairness::FairnessReport report(std::size_t attribute,
                                  const std::vector<std::uint64_t>& draws) const;
  // One bootstrap replicate: the headline metrics of every attribute in turn.
  std::vector<double> replicate(std::uint64_t rows, Rng& rng) const;

 private:
  std::vector<data::KeptGroups> kept_;
  bool skip_missing_ = false;
  std::vector<std::vector<std::int32_t>> codes_;  // per cell: target, decision, sensitive...
  std::vector<std::uint64_t> counts_;
};

}  // namespace adm::pipelines
