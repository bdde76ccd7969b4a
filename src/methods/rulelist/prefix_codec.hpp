#pragma once
// The wire format of queued prefixes between ranks (routed to their owner, or given to a rank that
// ran dry): the rules and predictions of the prefix with the counts its bounds need, so the
// receiver queues it without touching a bit-vector. Binary, in the host's byte order (the ranks
// of one job run the same build).
#include <cstdint>
#include <string>
#include <vector>

namespace adm::methods::rulelist {

struct WirePrefix {
  std::vector<std::uint16_t> rules;
  std::vector<std::uint8_t> predictions;
  std::uint32_t errors = 0;  // made by the prefix's rules
  // Rows the prefix captures and the objective of the prefix followed by its majority default: 0
  // in a prefix given to a rank whose queue order never reads them (RulelistSearch::give).
  std::uint32_t captured = 0;
  double objective = 0;
  double lower_bound = 0;  // the queue's bound: errors + lambda k, or stronger (fair bounds)
};

void append_prefix(std::string& out, const std::vector<std::uint16_t>& rules,
                   const std::vector<std::uint8_t>& predictions, std::uint32_t errors,
                   std::uint32_t captured, double objective, double lower_bound);

// Reads the next prefix at `pos` (advanced); false at the end. InternalError on a torn record.
bool read_prefix(const std::string& in, std::size_t& pos, WirePrefix& out);
// Steps over the prefix at `pos` (advanced) reading only its number of rules (`depth`); false at
// the end. InternalError on a torn record.
bool skip_prefix(const std::string& in, std::size_t& pos, std::size_t& depth);

}  // namespace adm::methods::rulelist
