#include "pipelines/audit/split_audit.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "core/elapsed.hpp"
#include "core/error.hpp"
#include "data/discretize.hpp"
#include "data/mapped_file.hpp"
#include "data/spec_error.hpp"
#include "parallel/range_scan.hpp"
#include "pipelines/audit/audit_stages.hpp"
#include "pipelines/audit/split_audit_results.hpp"

namespace adm::pipelines {
namespace {

[[noreturn]] void refuse(const ExperimentConfig& config, const std::string& key,
                         const std::string& why) {
  throw InputError(config.file + ": config key '" + key + "': not supported with data.layout = " +
                   "\"split\" (" + why + "); use data.layout = \"rows\"");
}

// Where this rank's records are, and how the ranks' rows divide.
struct Layout {
  std::unique_ptr<data::MappedFile> file;
  data::CsvHeader header;
  data::ByteRange range;
  data::RecordSlice slice;
  std::uint64_t passes = 0;  // reads of the slice
};

Layout cut_file(const ExperimentConfig& config, dist::Communicator& comm) {
  const std::string& path = config.data.source;
  const auto& csv = config.data.csv;
  Layout l;
  data::RangeCounts counts;
  comm.agree([&] {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
      data::throw_spec(path, config.data.key + ".source", "no such file");
    l.file = std::make_unique<data::MappedFile>(path);
    l.header = data::read_csv_header(path, l.file->bytes(), csv);
    l.range = data::rank_byte_range(l.file->bytes().size(), l.header.data_begin, comm.rank(),
                                    comm.size());
    // In pieces that stay in cache, handing pages back as it goes: the range can be larger than
    // the rank's memory. A CR at a piece's end looks past it, so the sum is the range's count.
    constexpr std::size_t kPiece = std::size_t{1} << 20, kRelease = std::size_t{64} << 20;
    for (std::size_t at = l.range.begin, released = at; at < l.range.end;) {
      const std::size_t end = std::min(at + kPiece, l.range.end);
      const auto piece = data::count_range(l.file->bytes(), {at, end}, csv.quote);
      counts.quotes += piece.quotes;
      counts.line_breaks += piece.line_breaks;
      at = end;
      if (at - released >= kRelease || at == l.range.end) {
        l.file->release(released, at);
        released = at;
      }
    }
  });
  const auto before = dist::exclusive_prefix_sum(comm, {counts.quotes, counts.line_breaks});
  data::RecordStart start;
  comm.agree([&] {
    start = data::first_record_start(l.file->bytes(), l.header.data_begin, l.range.begin,
                                     before[0] % 2 == 1, csv.quote);
  });
  const auto starts = dist::all_gather_values(comm, start.offset);
  l.slice = data::rank_slice({starts.begin(), starts.end()}, comm.rank(), l.file->bytes().size(),
                             l.header.lines_before_data + before[1] + start.line_breaks);
  return l;
}

// Runs `add` on every record of this rank's slice (a collective step), then merges every rank's
// tally in rank order on every rank.
template <class Tally, class Add>
std::string read_slice(const ExperimentConfig& config, dist::Communicator& comm, Layout& l,
                       Tally& tally, Add add) {
  comm.agree([&] {
    data::for_each_record(config.data.source, l.file->bytes(), l.file.get(), l.slice,
                          config.data.csv, l.header.names.size(),
                          [&](const data::SliceRecord& r) { add(tally, r); });
  });
  ++l.passes;
  return tally.to_bytes();
}

// Records each rank keeps: all up to the last non-blank record of the file (trailing blank lines
// are ignored, as by the whole-file reader).
std::uint64_t kept_records(const std::vector<data::TypeScan>& scans, int rank) {
  int last = -1;
  for (std::size_t r = 0; r < scans.size(); ++r)
    if (scans[r].kept_records > 0) last = int(r);
  if (rank < last) return scans[std::size_t(rank)].records;
  return rank == last ? scans[std::size_t(rank)].kept_records : 0;
}

// A pass of `pass` over this rank's records; every rank's tally merged in rank order.
data::AuditTally tally_pass(const ExperimentConfig& config, dist::Communicator& comm, Layout& l,
                            data::AuditTallier& tallier) {
  const auto all = comm.all_gather(
      read_slice(config, comm, l, tallier.tally(), [&](auto&, const auto& r) { tallier.add(r); }));
  data::AuditTally merged;
  comm.agree([&] {
    merged = data::AuditTally::from_bytes(all[0]);
    for (std::size_t r = 1; r < all.size(); ++r)
      merged.merge(data::AuditTally::from_bytes(all[r]), tallier.plan().settings.value_table_limit);
  });
  return merged;
}

// Cut points of the binned features, exact: from the merged value tables (census pass), or, for a
// feature with too many distinct values, from order searches (refinement passes).
data::FeatureCuts find_cuts(const ExperimentConfig& config, dist::Communicator& comm, Layout& l,
                            const data::SplitPlan& plan, std::uint64_t keep) {
  data::FeatureCuts cuts(plan.features.size());
  if (std::find(plan.binned.begin(), plan.binned.end(), true) == plan.binned.end()) return cuts;
  data::AuditTallier census(plan, data::TallyPass::Census, keep);
  const data::AuditTally values = tally_pass(config, comm, l, census);
  const bool quantile = config.discretize.method == "quantile";
  const int bins = static_cast<int>(config.discretize.bins);
  std::vector<data::OrderSearch> searches;
  for (std::size_t j = 0; j < cuts.size(); ++j) {
    const std::uint64_t n = values.value_rows[j];
    std::vector<std::uint64_t> ranks;
    if (plan.binned[j] && values.overflow[j])
      ranks = quantile ? data::quantile_ranks(n, bins) : std::vector<std::uint64_t>{0, n - 1};
    searches.emplace_back(std::move(ranks));
  }
  for (;;) {
    bool done = true;
    for (const auto& s : searches) done = done && s.done();
    if (done) break;
    data::AuditTallier refine(plan, data::TallyPass::Refine, keep, nullptr, &searches);
    const data::AuditTally counted = tally_pass(config, comm, l, refine);
    std::size_t at = 0;
    for (auto& s : searches) {
      s.narrow({counted.histogram.begin() + long(at),
                counted.histogram.begin() + long(at + s.counters())});
      at += s.counters();
    }
  }
  for (std::size_t j = 0; j < cuts.size(); ++j) {
    if (!plan.binned[j]) continue;
    std::map<double, std::uint64_t> table = values.values[j];
    if (values.overflow[j]) {
      if (quantile) {
        cuts[j] = data::quantile_cuts_at(values.value_rows[j], searches[j].values(), bins);
        continue;
      }
      for (const auto& [rank, v] : searches[j].values()) table[v] = 1;  // the minimum and maximum
    }
    cuts[j] = quantile ? data::quantile_cuts(table, bins) : data::equal_width_cuts(table, bins);
  }
  return cuts;
}

}  // namespace

void check_split_supported(const ExperimentConfig& config) {
  const auto& d = config.data;
  if (config.run.pipeline != "audit")
    throw InputError(config.file + ": config key 'data.layout': \"split\" serves the audit " +
                     "pipeline only (run.pipeline = \"" + config.run.pipeline +
                     "\" needs every row on a rank); use data.layout = \"rows\"");
  if (d.source.rfind("embedded:", 0) == 0) refuse(config, "data.source", "a CSV file is read");
  if (!d.types.empty()) refuse(config, "data.types", "types are inferred from the file");
  if (!d.drop.empty()) refuse(config, "data.drop", "list the features instead");
  for (const auto& derived : d.derived)
    if (derived.kind != data::DeriveKind::Threshold)
      refuse(config, derived.key + ".kind", "only threshold columns are derived");
  if (!d.counts.empty()) refuse(config, "data.counts", "rows are not repeated");
  if (!d.roles.weights.empty())
    refuse(config, "data.weights",
           "weighted sums would depend on the order of additions across ranks, and the cell "
           "bootstrap draws unit-weight rows");
  if (d.sensitive_bins != 0) refuse(config, "data.sensitive_bins", "bin it with data.derive");
  if (d.intersect_sensitive) refuse(config, "data.intersect", "no intersection column");
  if (config.info.enabled && config.discretize.method == "mdlp")
    refuse(config, "discretize.method", "mdlp needs every value's class counts; use quantile");
}

SplitAuditData load_split_audit(const ExperimentConfig& config, dist::Communicator& comm) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string& path = config.data.source;
  Layout l = cut_file(config, comm);

  data::SplitAuditSettings settings{config.file,
                                    config.fairness.enabled,
                                    config.info.enabled,
                                    config.fairness.prediction,
                                    config.fairness.prediction_positive,
                                    config.discretize.method,
                                    config.discretize.split_value_table};
  const auto used = data::split_columns_used(l.header.names, config.data, settings);
  data::TypeScan scan(used, config.data.csv);
  const auto scans_bytes =
      comm.all_gather(read_slice(config, comm, l, scan, [](auto& s, const auto& r) { s.add(r); }));

  SplitAuditData d;
  auto& schema = d.schema;
  auto& plan = d.plan;
  std::uint64_t keep = 0;
  comm.agree([&] {
    std::vector<data::TypeScan> scans;
    for (const auto& b : scans_bytes) scans.push_back(data::TypeScan::from_bytes(b));
    keep = kept_records(scans, comm.rank());
    data::TypeScan merged = scans[0];
    for (std::size_t r = 1; r < scans.size(); ++r) merged.merge(scans[r]);
    const std::size_t ncol = l.header.names.size();
    if (merged.first_blank_line != 0)
      throw_input(path, merged.first_blank_line, std::min<std::size_t>(1, ncol) + 1,
                  "expected " + std::to_string(ncol) + " fields, found 1");
    if (merged.kept_records == 0)
      throw_input(path, l.header.line, 0,
                  config.data.csv.header ? "no data rows after the header" : "no data rows");
    schema = std::make_unique<data::SplitSchema>(data::finish_schema(path, l.header.names, merged));
    plan = std::make_unique<data::SplitPlan>(*schema, config.data, settings, path);
  });

  const data::FeatureCuts cuts = find_cuts(config, comm, l, *plan, keep);
  data::AuditTallier tallier(*plan, data::TallyPass::Cells, keep, &cuts);
  d.tally = tally_pass(config, comm, l, tallier);
  comm.agree([&] { d.kept = data::check_split_tally(*plan, d.tally); });
  d.seconds = seconds_since(t0);
  // What each rank read and kept, for /timing (scheduling-dependent) and the log.
  const std::uint64_t range_bytes = l.range.end - l.range.begin;
  d.bytes_per_rank =
      dist::all_gather_values(comm, range_bytes + l.passes * (l.slice.end - l.slice.begin));
  d.rows_per_rank = dist::all_gather_values(comm, tallier.tally().rows);
  d.passes = l.passes;
  d.ranks = comm.size();
  return d;
}

void run_split_audit(const SplitAuditData& d, const ExperimentConfig& config, dist::TaskFarm& farm,
                     ResultSet& results, std::ostringstream& summary, Timings& timings) {
  const data::SplitPlan* plan = d.plan.get();
  const data::AuditTally& tally = d.tally;
  const auto& kept = d.kept;
  const auto& rows_per_rank = d.rows_per_rank;
  const auto& bytes_per_rank = d.bytes_per_rank;
  const double load_seconds = d.seconds;
  timings.emplace_back("load", load_seconds);
  std::uint64_t total_bytes = 0;
  for (auto b : bytes_per_rank) total_bytes += b;
  const auto as_int = [](const std::vector<std::uint64_t>& v) {
    return std::vector<std::int64_t>(v.begin(), v.end());
  };
  results.add("/timing/split_load/layout", std::vector<std::string>{"split by rows"},
              "How the data was read: each rank read only its byte range of the file.");
  results.add("/timing/split_load/rows_per_rank", as_int(rows_per_rank),
              "Dataset rows each rank read and tallied.", "rows");
  results.add("/timing/split_load/bytes_read_per_rank", as_int(bytes_per_rank),
              "Bytes each rank read: its raw range once (quote and line counts), then its records "
              "once per pass.",
              "bytes");
  results.add("/timing/split_load/passes", std::vector<std::int64_t>{std::int64_t(d.passes)},
              "Reads of each rank's records (types; cut points when features are binned; counts).",
              "passes");
  results.add("/timing/split_load/seconds", std::vector<double>{load_seconds},
              "Wall time of the split load on this rank (the coordinator).", "s");
  char line[200];
  std::snprintf(line, sizeof line,
                "load: split by rows over %d rank(s): %llu rows, %llu bytes read, %llu passes, "
                "%.2f s\n",
                d.ranks, static_cast<unsigned long long>(tally.rows),
                static_cast<unsigned long long>(total_bytes),
                static_cast<unsigned long long>(d.passes), load_seconds);
  summary << line;

  timed(timings, "data", [&] {
    write_data_description(describe_split(config.data, *plan, tally, kept), results, summary);
  });
  if (config.info.enabled)
    timed(timings, "info", [&] {
      write_information(config, plan->feature_names, plan->sensitive_names,
                        split_information(*plan, tally, config.info.miller_madow), results,
                        summary);
    });
  if (config.fairness.enabled)
    timed(timings, "fairness", [&] {
      const SplitFairness fair(*plan, tally, kept);
      // Each replicate draws its cell counts from its own stream (seed, "fairness_bootstrap", b).
      const auto boot =
          farm.run("fairness_bootstrap", config.fairness.bootstrap,
                   [&](std::size_t, Rng& rng) { return fair.replicate(tally.rows, rng); });
      if (!farm.is_root()) return;  // the replicates, and what is written, are rank 0's
      std::vector<AuditedAttribute> audited;
      for (std::size_t a = 0; a < fair.attributes(); ++a)
        audited.push_back(
            {plan->sensitive_names[a], kept[a].levels, fair.report(a, fair.counts())});
      write_fairness(config, audited, boot, results, summary);
    });
}

}  // namespace adm::pipelines
