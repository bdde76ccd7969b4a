#include "parallel/relay_tree.hpp"

#include <algorithm>
#include <cstddef>

#include "parallel/frontier_search.hpp"

namespace adm::dist {

// Leaders are numbered by distinct_leaders(), the order every rank derives alike from the same
// layout, so the ranks agree on each other's links without a message.
std::vector<int> relay_links(const NodeLayout& layout, int me) {
  const std::vector<int> leaders = layout.distinct_leaders();
  const auto at = std::find(leaders.begin(), leaders.end(), me);
  if (leaders.size() < 2 || at == leaders.end()) return {};
  const auto i = static_cast<std::size_t>(at - leaders.begin());
  const std::size_t fanout = kRelayFanout;
  std::vector<int> links;
  if (i > 0) links.push_back(leaders[(i - 1) / fanout]);
  for (std::size_t c = fanout * i + 1; c <= fanout * i + fanout && c < leaders.size(); ++c)
    links.push_back(leaders[c]);
  return links;
}

}  // namespace adm::dist
