#include "data/split_tally.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.hpp"

namespace adm::data {
namespace {

constexpr std::size_t kDecisionTexts = 3;  // decision_codes refuses a third distinct value

void put_counts(ByteWriter& w, const std::vector<std::uint64_t>& v) {
  w.put<std::uint64_t>(v.size());
  for (auto x : v) w.put(x);
}

std::vector<std::uint64_t> get_counts(ByteReader& r) {
  std::vector<std::uint64_t> v(static_cast<std::size_t>(r.get<std::uint64_t>()));
  for (auto& x : v) x = r.get<std::uint64_t>();
  return v;
}

void add_counts(std::vector<std::uint64_t>& to, const std::vector<std::uint64_t>& from) {
  for (std::size_t i = 0; i < to.size(); ++i) to[i] += from[i];
}

}  // namespace

std::string AuditTally::to_bytes() const {
  ByteWriter w;
  w.put(rows);
  put_counts(w, missing);
  w.put<std::uint64_t>(filters.size());
  for (const auto& f : filters) {
    put_counts(w, f.level_rows);
    put_counts(w, f.wanted_rows);
    w.put(f.passed);
  }
  w.put(missing_line);
  w.put(missing_column);
  put_counts(w, target_counts);
  w.put(non_integer_line);
  w.put_text(non_integer_text);
  w.put<std::uint64_t>(sensitive_counts.size());
  for (const auto& s : sensitive_counts) put_counts(w, s);
  w.put<std::uint64_t>(decision_texts.size());
  for (const auto& [text, line] : decision_texts) {
    w.put_text(text);
    w.put(line);
  }
  w.put(decision_missing_line);
  put_counts(w, value_rows);
  w.put<std::uint64_t>(overflow.size());
  for (auto o : overflow) w.put(o);
  put_counts(w, histogram);
  w.put<std::uint64_t>(values.size());
  for (const auto& m : values) {
    w.put<std::uint64_t>(m.size());
    for (const auto& [v, n] : m) {
      w.put(v);
      w.put(n);
    }
  }
  w.put<std::uint8_t>(has_cells);
  if (has_cells) {
    w.put<std::uint64_t>(info.size());
    for (const auto& c : info) c.write(w);
    fair.write(w);
  }
  return w.take();
}

AuditTally AuditTally::from_bytes(const std::string& bytes) {
  ByteReader r(bytes);
  AuditTally t;
  t.rows = r.get<std::uint64_t>();
  t.missing = get_counts(r);
  t.filters.resize(static_cast<std::size_t>(r.get<std::uint64_t>()));
  for (auto& f : t.filters) {
    f.level_rows = get_counts(r);
    f.wanted_rows = get_counts(r);
    f.passed = r.get<std::uint64_t>();
  }
  t.missing_line = r.get<std::uint64_t>();
  t.missing_column = r.get<std::uint64_t>();
  t.target_counts = get_counts(r);
  t.non_integer_line = r.get<std::uint64_t>();
  t.non_integer_text = r.get_text();
  t.sensitive_counts.resize(static_cast<std::size_t>(r.get<std::uint64_t>()));
  for (auto& s : t.sensitive_counts) s = get_counts(r);
  t.decision_texts.resize(static_cast<std::size_t>(r.get<std::uint64_t>()));
  for (auto& [text, line] : t.decision_texts) {
    text = r.get_text();
    line = r.get<std::uint64_t>();
  }
  t.decision_missing_line = r.get<std::uint64_t>();
  t.value_rows = get_counts(r);
  t.overflow.resize(static_cast<std::size_t>(r.get<std::uint64_t>()));
  for (auto& o : t.overflow) o = r.get<std::uint8_t>();
  t.histogram = get_counts(r);
  t.values.resize(static_cast<std::size_t>(r.get<std::uint64_t>()));
  for (auto& m : t.values) {
    const auto n = r.get<std::uint64_t>();
    for (std::uint64_t i = 0; i < n; ++i) {
      const auto v = r.get<double>();
      m.emplace_hint(m.end(), v, r.get<std::uint64_t>());
    }
  }
  t.has_cells = r.get<std::uint8_t>() != 0;
  if (t.has_cells) {
    t.info.resize(static_cast<std::size_t>(r.get<std::uint64_t>()));
    for (auto& c : t.info) c = CellCounts::read(r);
    t.fair = CellCounts::read(r);
  }
  return t;
}

void AuditTally::merge(const AuditTally& later, std::uint64_t value_limit) {
  const std::uint64_t offset = rows;
  rows += later.rows;
  add_counts(missing, later.missing);
  for (std::size_t k = 0; k < filters.size(); ++k) {
    add_counts(filters[k].level_rows, later.filters[k].level_rows);
    add_counts(filters[k].wanted_rows, later.filters[k].wanted_rows);
    filters[k].passed += later.filters[k].passed;
  }
  // First occurrences: this part's rows come first, so a later one only fills a gap.
  if (missing_line == 0) {
    missing_line = later.missing_line;
    missing_column = later.missing_column;
  }
  add_counts(target_counts, later.target_counts);
  if (non_integer_line == 0) {
    non_integer_line = later.non_integer_line;
    non_integer_text = later.non_integer_text;
  }
  for (std::size_t i = 0; i < sensitive_counts.size(); ++i)
    add_counts(sensitive_counts[i], later.sensitive_counts[i]);
  for (const auto& later_text : later.decision_texts) {
    const bool seen = std::any_of(decision_texts.begin(), decision_texts.end(),
                                  [&](const auto& d) { return d.first == later_text.first; });
    if (!seen) decision_texts.push_back(later_text);
  }
  std::stable_sort(decision_texts.begin(), decision_texts.end(),
                   [](const auto& a, const auto& b) { return a.second < b.second; });
  if (decision_texts.size() > kDecisionTexts) decision_texts.resize(kDecisionTexts);
  if (decision_missing_line == 0) decision_missing_line = later.decision_missing_line;
  add_counts(value_rows, later.value_rows);
  add_counts(histogram, later.histogram);
  for (std::size_t j = 0; j < values.size(); ++j) {
    overflow[j] = overflow[j] || later.overflow[j];
    if (!overflow[j])
      for (const auto& [v, n] : later.values[j]) values[j][v] += n;
    if (overflow[j] || values[j].size() > value_limit) {
      overflow[j] = 1;
      values[j].clear();
    }
  }
  if (has_cells) {
    for (std::size_t j = 0; j < info.size(); ++j) info[j].merge(later.info[j], offset);
    fair.merge(later.fair, offset);
  }
}

AuditTallier::AuditTallier(const SplitPlan& plan, TallyPass pass, std::uint64_t keep_records,
                           const FeatureCuts* cuts, const std::vector<OrderSearch>* searches)
    : plan_(plan), pass_(pass), cuts_(cuts), searches_(searches), keep_records_(keep_records) {
  if ((pass == TallyPass::Cells) != (cuts != nullptr) ||
      (pass == TallyPass::Refine) != (searches != nullptr))
    throw InternalError("AuditTallier: cut points are for Cells, searches for Refine");
  AuditTally& t = tally_;
  t.missing.assign(plan.names.size(), 0);
  for (const auto& f : plan.filters) {
    FilterCounts fc;
    if (f.categorical) fc.level_rows.assign(plan.levels_of(f.column), 0);
    fc.wanted_rows.assign(f.wanted_values.size(), 0);
    t.filters.push_back(std::move(fc));
  }
  t.target_counts.assign(plan.target_levels, 0);
  for (auto s : plan.sensitive) t.sensitive_counts.emplace_back(plan.levels_of(s), 0);
  t.value_rows.assign(plan.features.size(), 0);
  t.overflow.assign(plan.features.size(), 0);
  t.values.resize(plan.features.size());
  if (searches != nullptr) {
    std::size_t counters = 0;
    for (const auto& s : *searches) counters += s.counters();
    t.histogram.assign(counters, 0);
  }
  t.has_cells = cuts != nullptr;
  std::vector<std::size_t> sensitive_levels;
  for (auto s : plan.sensitive) sensitive_levels.push_back(plan.levels_of(s));
  if (t.has_cells) {
    // Information measures only: a numeric feature is not binned without them.
    for (std::size_t j = 0; plan.settings.info && j < plan.features.size(); ++j) {
      std::vector<std::size_t> levels = {
          plan.binned[j] ? (*cuts)[j].size() + 1 : plan.levels_of(plan.features[j]),
          plan.target_levels};
      levels.insert(levels.end(), sensitive_levels.begin(), sensitive_levels.end());
      t.info.emplace_back(levels);
    }
    std::vector<std::size_t> levels = {plan.target_levels, 2};
    levels.insert(levels.end(), sensitive_levels.begin(), sensitive_levels.end());
    t.fair = CellCounts(levels);
  }
  tuple_.resize(2 + plan.sensitive.size());
}

// The filters in order, then the missing-value policy (load_dataset's order).
bool AuditTallier::keep(const SliceRecord& record, SplitPlan::Row& row) {
  plan_.read(record.cells, row);
  for (std::size_t k = 0; k < plan_.filters.size(); ++k) {
    const SplitFilter& f = plan_.filters[k];
    FilterCounts& fc = tally_.filters[k];
    if (!row.missing[f.column]) {
      if (f.categorical) ++fc.level_rows[static_cast<std::size_t>(row.code[f.column])];
      for (std::size_t i = 0; i < f.wanted_values.size(); ++i)
        if (row.value[f.column] == f.wanted_values[i]) ++fc.wanted_rows[i];
    }
    if (!plan_.passes(k, row)) return false;
    ++fc.passed;
  }
  if (plan_.spec.missing == MissingPolicy::Keep) return true;
  for (const auto& [column, role] : plan_.role_columns) {
    if (!row.missing[column]) continue;
    if (plan_.spec.missing == MissingPolicy::Error && tally_.missing_line == 0) {
      tally_.missing_line = record.line;
      tally_.missing_column = column;
    }
    return false;
  }
  return true;
}

void AuditTallier::collect_values(const SplitPlan::Row& row) {
  AuditTally& t = tally_;
  std::uint64_t* counters = t.histogram.data();
  for (std::size_t j = 0; j < plan_.features.size(); ++j) {
    const std::size_t c = plan_.features[j];
    if (pass_ == TallyPass::Refine) {
      const OrderSearch& search = (*searches_)[j];
      if (!row.missing[c] && search.counters() > 0) search.count(row.value[c], counters);
      counters += search.counters();
      continue;
    }
    if (!plan_.binned[j] || row.missing[c]) continue;
    ++t.value_rows[j];
    if (t.overflow[j]) continue;
    auto& values = t.values[j];
    ++values[row.value[c]];
    // Past the limit the table is dropped: the cut points come from order searches instead.
    if (values.size() > plan_.settings.value_table_limit) {
      t.overflow[j] = 1;
      values.clear();
    }
  }
}

void AuditTallier::add(const SliceRecord& record) {
  if (record.index >= keep_records_) return;  // trailing blank lines
  SplitPlan::Row& row = row_;
  if (!keep(record, row)) return;
  AuditTally& t = tally_;
  const std::uint64_t r = t.rows++;
  for (std::size_t c = 0; c < row.missing.size(); ++c) t.missing[c] += row.missing[c];

  const std::size_t tc = plan_.target;
  std::int32_t y = -1;
  if (!row.missing[tc]) {
    if (plan_.positive_value) {
      const double v = row.value[tc];
      if (v != std::floor(v) && t.non_integer_line == 0) {
        t.non_integer_line = record.line;
        t.non_integer_text = plan_.cell_text(tc, row);
      }
      y = v == *plan_.positive_value ? 1 : 0;
    } else if (!plan_.spec.positive.empty()) {
      y = row.code[tc] == plan_.positive_code ? 1 : 0;
    } else {
      y = row.code[tc];
    }
    ++t.target_counts[static_cast<std::size_t>(y)];
  }
  for (std::size_t i = 0; i < plan_.sensitive.size(); ++i) {
    const std::size_t s = plan_.sensitive[i];
    tuple_[2 + i] = row.missing[s] ? -1 : row.code[s];
    if (!row.missing[s]) ++t.sensitive_counts[i][static_cast<std::size_t>(row.code[s])];
  }
  std::int32_t p = y;  // without a model, the outcome itself is audited
  if (plan_.prediction) {
    const std::size_t pc = *plan_.prediction;
    if (row.missing[pc]) {
      if (t.decision_missing_line == 0) t.decision_missing_line = record.line;
      p = -1;
    } else {
      const std::string text = plan_.cell_text(pc, row);
      const bool seen = std::any_of(t.decision_texts.begin(), t.decision_texts.end(),
                                    [&](const auto& d) { return d.first == text; });
      if (!seen && t.decision_texts.size() < kDecisionTexts)
        t.decision_texts.emplace_back(text, record.line);
      p = text == plan_.settings.prediction_positive ? 1 : 0;
    }
  }
  if (pass_ != TallyPass::Cells) {
    collect_values(row);
    return;
  }
  tuple_[1] = y;
  for (std::size_t j = 0; j < t.info.size(); ++j) {
    const std::size_t c = plan_.features[j];
    std::int32_t x = -1;
    if (!row.missing[c]) {
      if (plan_.binned[j]) {
        // Number of cuts <= value = the left-closed interval holding it (as discretize()).
        const auto& cuts = (*cuts_)[j];
        x = static_cast<std::int32_t>(std::upper_bound(cuts.begin(), cuts.end(), row.value[c]) -
                                      cuts.begin());
      } else {
        x = row.code[c];
      }
    }
    tuple_[0] = x;
    t.info[j].add(t.info[j].key(tuple_.data()), r);
  }
  tuple_[0] = y;
  tuple_[1] = p;
  t.fair.add(t.fair.key(tuple_.data()), r);
}

}  // namespace adm::data
