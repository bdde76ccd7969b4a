#include "methods/rulelist/pending_prefixes.hpp"

#include <string>

#include "core/error.hpp"

namespace adm::methods::rulelist {

std::uint32_t PendingPrefixes::add(const std::vector<std::uint16_t>& rules,
                                   const std::vector<std::uint8_t>& predictions,
                                   std::uint32_t errors) {
  if (!fits(rules.size()) || predictions.size() != rules.size())
    throw InternalError("rulelist: a pending prefix of " + std::to_string(rules.size()) + " rules");
  std::uint32_t i;
  if (free_head_ != kPendingTag) {
    i = free_head_;
    free_head_ = records_[i].errors;
  } else {
    if (size_ >= kPendingTag) throw InternalError("rulelist: too many pending prefixes");
    records_.hold(size_ + 1);
    i = static_cast<std::uint32_t>(size_++);
  }
  PendingPrefix& r = records_[i];
  r.errors = errors;
  r.depth = static_cast<std::uint8_t>(rules.size());
  r.predictions = 0;
  for (std::size_t j = 0; j < rules.size(); ++j) {
    r.rules[j] = rules[j];
    if (predictions[j]) r.predictions |= static_cast<std::uint8_t>(1U << j);
  }
  ++live_;
  return i | kPendingTag;
}

void PendingPrefixes::prefix(std::uint32_t tagged, std::vector<std::uint16_t>& rules,
                             std::vector<std::uint8_t>& predictions) const {
  const PendingPrefix& r = at(tagged);
  rules.assign(r.rules.begin(), r.rules.begin() + r.depth);
  predictions.resize(r.depth);
  for (std::size_t j = 0; j < r.depth; ++j) predictions[j] = (r.predictions >> j) & 1U;
}

void PendingPrefixes::remove(std::uint32_t tagged) {
  const std::uint32_t i = tagged & ~kPendingTag;
  // Checked before the record is looked up: an index past the arena has no segment.
  if (!is_pending(tagged) || i >= size_ || records_[i].depth == 0)
    throw InternalError("rulelist: removing a pending prefix that is not there");
  PendingPrefix& r = records_[i];
  r.depth = 0;
  r.errors = free_head_;
  free_head_ = i;
  --live_;
}

}  // namespace adm::methods::rulelist
