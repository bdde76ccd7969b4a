#include "data/level_coder.hpp"

#include <algorithm>

#include "data/number_text.hpp"

namespace adm::data {

std::int32_t LevelCoder::code(std::string_view text) {
  // While there are few levels, comparing with each in turn costs less than hashing the cell
  // (most columns have a handful of levels).
  constexpr std::size_t kFewLevels = 8;
  if (levels_.size() <= kFewLevels) {
    const auto at = std::find(levels_.begin(), levels_.end(), text);
    if (at != levels_.end()) return static_cast<std::int32_t>(at - levels_.begin());
  }
  auto it = index_.find(text);  // by the view: no string is built for a level seen before
  if (it == index_.end()) {
    it = index_.emplace(std::string(text), static_cast<std::int32_t>(levels_.size())).first;
    levels_.emplace_back(text);
  }
  return it->second;
}

Column LevelCoder::finish(std::string name, std::vector<std::int32_t> codes,
                          std::vector<std::uint8_t> missing) const {
  std::vector<std::string> sorted = levels_;
  sort_levels(sorted);
  std::vector<std::int32_t> remap(levels_.size());
  for (std::size_t i = 0; i < sorted.size(); ++i)
    remap[static_cast<std::size_t>(index_.find(sorted[i])->second)] = std::int32_t(i);
  for (auto& code : codes)
    if (code != Column::kMissingCode) code = remap[static_cast<std::size_t>(code)];
  return Column::categorical(std::move(name), std::move(codes), std::move(sorted),
                             std::move(missing));
}

}  // namespace adm::data
