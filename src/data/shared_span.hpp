#pragma once
// A read-only array that keeps its storage alive: a vector it took over, or a view into memory
// someone else owns (the block a node's ranks share) together with a handle on that memory.
// Copies share the storage, which is safe because nothing writes through it; so copying a Column
// or a Dataset copies no cells.
#include <memory>
#include <span>
#include <vector>

namespace adm::data {

template <class T>
class SharedSpan {
 public:
  SharedSpan() = default;
  // Owns the cells from now on (one allocation for the handle; the elements do not move).
  explicit SharedSpan(std::vector<T> cells) {
    auto held = std::make_shared<const std::vector<T>>(std::move(cells));
    view_ = std::span<const T>(*held);
    keeper_ = std::move(held);
  }
  // Views memory that `keeper` keeps alive (it may be null for memory that outlives the program).
  SharedSpan(std::span<const T> view, std::shared_ptr<const void> keeper)
      : view_(view), keeper_(std::move(keeper)), owned_(false) {}

  std::span<const T> span() const { return view_; }
  std::size_t size() const { return view_.size(); }
  const T& operator[](std::size_t i) const { return view_[i]; }
  // False for a view into memory this array did not take over.
  bool owned() const { return owned_; }

 private:
  std::span<const T> view_;
  std::shared_ptr<const void> keeper_;
  bool owned_ = true;
};

// An explicit copy of the cells, where a caller needs a vector of its own.
template <class T>
std::vector<T> to_vector(std::span<const T> cells) {
  return {cells.begin(), cells.end()};
}

}  // namespace adm::data
