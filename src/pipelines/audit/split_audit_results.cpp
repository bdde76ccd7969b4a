#include "pipelines/audit/split_audit_results.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/error.hpp"
#include "data/bootstrap_cells.hpp"
#include "data/used_columns.hpp"
#include "info/count_measures.hpp"

namespace adm::pipelines {
namespace {

using Tuple = std::vector<std::int32_t>;

struct Group {
  std::uint64_t count = 0;
  std::uint64_t first = 0;
};

Tuple pick(const Tuple& codes, const std::vector<std::size_t>& parts) {
  Tuple out;
  for (auto p : parts) out.push_back(codes[p]);
  return out;
}

// The table's cells projected on `parts`, over the rows where none of them is missing, in order of
// first appearance: the order in which info/joint_codes numbers them, hence the order in which
// the plug-in formulas add their terms.
std::vector<std::pair<Tuple, Group>> projected(const data::CellCounts& table,
                                               const std::vector<std::size_t>& parts) {
  std::map<Tuple, Group> by_tuple;
  for (const auto& [key, cell] : table.cells()) {
    const Tuple t = pick(table.codes(key), parts);
    if (std::find(t.begin(), t.end(), -1) != t.end()) continue;
    Group& g = by_tuple[t];
    if (g.count == 0 || cell.first < g.first) g.first = cell.first;
    g.count += cell.count;
  }
  std::vector<std::pair<Tuple, Group>> out(by_tuple.begin(), by_tuple.end());
  std::sort(out.begin(), out.end(),
            [](const auto& a, const auto& b) { return a.second.first < b.second.first; });
  return out;
}

double entropy_of(const data::CellCounts& table, const std::vector<std::size_t>& x, bool mm) {
  std::vector<double> counts;
  for (const auto& [tuple, g] : projected(table, x)) counts.push_back(static_cast<double>(g.count));
  return info::entropy_from_counts(counts, mm);
}

// I(A;B|Z) over the components a, b, z of the table (z may be empty), as
// info::conditional_mutual_information sums it.
double cmi_of(const data::CellCounts& table, const std::vector<std::size_t>& a,
              const std::vector<std::size_t>& b, const std::vector<std::size_t>& z, bool mm) {
  std::vector<std::size_t> all = a;
  all.insert(all.end(), b.begin(), b.end());
  all.insert(all.end(), z.begin(), z.end());
  info::CellTable t;
  std::map<Tuple, std::int32_t> az_index, bz_index, z_index;
  const auto index_of = [](std::map<Tuple, std::int32_t>& index, std::vector<double>& margin,
                           const Tuple& key) {
    const auto [it, fresh] = index.emplace(key, static_cast<std::int32_t>(margin.size()));
    if (fresh) margin.push_back(0.0);
    return it->second;
  };
  const std::size_t na = a.size(), nb = b.size();
  for (const auto& [tuple, g] : projected(table, all)) {
    const Tuple ta(tuple.begin(), tuple.begin() + long(na));
    const Tuple tb(tuple.begin() + long(na), tuple.begin() + long(na + nb));
    const Tuple tz(tuple.begin() + long(na + nb), tuple.end());
    Tuple taz = ta, tbz = tb;
    taz.insert(taz.end(), tz.begin(), tz.end());
    tbz.insert(tbz.end(), tz.begin(), tz.end());
    const double c = static_cast<double>(g.count);
    t.xyz.push_back(c);
    t.xz_of.push_back(index_of(az_index, t.xz, taz));
    t.yz_of.push_back(index_of(bz_index, t.yz, tbz));
    t.z_of.push_back(index_of(z_index, t.z, tz));
    t.xz[static_cast<std::size_t>(t.xz_of.back())] += c;
    t.yz[static_cast<std::size_t>(t.yz_of.back())] += c;
    t.z[static_cast<std::size_t>(t.z_of.back())] += c;
  }
  return info::conditional_mutual_information(t, mm);
}

}  // namespace

DataDescription describe_split(const data::DataSpec& spec, const data::SplitPlan& plan,
                               const data::AuditTally& tally,
                               const std::vector<data::KeptGroups>& kept) {
  DataDescription d;
  d.source = plan.source;
  d.rows = tally.rows;
  // The columns the row layout would hold: the used columns of the file, then the derived ones
  // (the row loader keeps only what the run uses, data/used_columns.hpp).
  const data::ColumnSelection used = data::used_columns(spec);
  std::set<std::string> derived;
  for (const auto& column : spec.derived) derived.insert(column.name);
  for (std::size_t c = 0; c < plan.names.size(); ++c) {
    if (!used.wants(plan.names[c]) && derived.count(plan.names[c]) == 0) continue;
    d.names.push_back(plan.names[c]);
    d.types.push_back(data::to_string(plan.types[c]));
    d.missing.push_back(static_cast<std::int64_t>(tally.missing[c]));
  }
  d.features = plan.feature_names;
  d.sensitive = plan.sensitive_names;
  d.target = plan.names[plan.target];
  d.binary = plan.target_levels == 2;
  const auto cells = tally.fair.cells();
  for (std::size_t i = 0; i < kept.size(); ++i) {
    DataDescription::Groups g{plan.sensitive_names[i], kept[i].levels,
                              std::vector<std::int64_t>(kept[i].levels.size(), 0),
                              std::vector<double>(kept[i].levels.size(), 0.0)};
    for (const auto& [key, cell] : cells) {
      const auto codes = tally.fair.codes(key);
      const std::int32_t s = codes[2 + i];
      if (codes[0] < 0 || s < 0) continue;
      const auto k = static_cast<std::size_t>(kept[i].code_of[static_cast<std::size_t>(s)]);
      g.count[k] += static_cast<std::int64_t>(cell.count);
      if (codes[0] == 1) g.positives[k] += static_cast<double>(cell.count);
    }
    d.groups.push_back(std::move(g));
  }
  return d;
}

std::vector<std::vector<double>> split_information(const data::SplitPlan& plan,
                                                   const data::AuditTally& tally,
                                                   bool miller_madow) {
  // Components of each feature's table: 0 = feature, 1 = target, 2.. = sensitive attributes.
  const std::vector<std::size_t> x = {0}, y = {1};
  std::vector<std::size_t> s;
  for (std::size_t i = 0; i < plan.sensitive.size(); ++i) s.push_back(2 + i);
  std::vector<std::vector<double>> rows;
  for (const auto& table : tally.info)
    rows.push_back({entropy_of(table, x, miller_madow), cmi_of(table, y, x, {}, miller_madow),
                    cmi_of(table, y, x, s, miller_madow), cmi_of(table, x, s, {}, miller_madow)});
  return rows;
}

SplitFairness::SplitFairness(const data::SplitPlan& plan, const data::AuditTally& tally,
                             const std::vector<data::KeptGroups>& kept)
    : kept_(kept), skip_missing_(plan.spec.missing == data::MissingPolicy::Keep) {
  for (const auto& [key, cell] : tally.fair.cells()) {
    codes_.push_back(tally.fair.codes(key));
    counts_.push_back(cell.count);
  }
}

SplitFairness::SplitFairness(std::vector<std::vector<std::int32_t>> codes,
                             std::vector<std::uint64_t> counts, std::vector<data::KeptGroups> kept,
                             bool skip_missing)
    : kept_(std::move(kept)),
      skip_missing_(skip_missing),
      codes_(std::move(codes)),
      counts_(std::move(counts)) {}

// As fairness::tally_groups over the rows the counts stand for: unit weights add up to exact
// integers whatever the order, so the result is the rows' bitwise.
fairness::FairnessReport SplitFairness::report(std::size_t attribute,
                                               const std::vector<std::uint64_t>& draws) const {
  const data::KeptGroups& kept = kept_[attribute];
  fairness::GroupTally t;
  t.groups = kept.levels.size();
  t.per_group.assign(t.groups, fairness::GroupRates{});
  for (std::size_t c = 0; c < codes_.size(); ++c) {
    if (draws[c] == 0) continue;
    const auto& codes = codes_[c];
    const std::int32_t y = codes[0], p = codes[1], s = codes[2 + attribute];
    const std::int32_t g = s < 0 ? -1 : kept.code_of[static_cast<std::size_t>(s)];
    if (y < 0 || p < 0 || g < 0) {
      if (!skip_missing_) throw InternalError("split audit: a missing code in a fairness cell");
      t.rows_skipped += draws[c];
      continue;
    }
    fairness::add_unit_rows(t, g, y, p, draws[c]);
  }
  for (auto& r : t.per_group) fairness::finish_rates(r);
  fairness::finish_rates(t.overall);
  t.total_weight = t.overall.count;
  return fairness::report_from_tally(std::move(t));
}

std::vector<double> SplitFairness::replicate(std::uint64_t rows, Rng& rng) const {
  const auto draws = data::draw_multinomial(rows, counts_, rng);
  std::vector<double> out;
  for (std::size_t a = 0; a < kept_.size(); ++a) {
    const auto h = headline_metrics(report(a, draws));
    out.insert(out.end(), h.begin(), h.end());
  }
  return out;
}

}  // namespace adm::pipelines
