// DecisionTree as text (rpart's print layout) and as a flat vector of doubles (for the task farm).
#include <cmath>
#include <functional>
#include <sstream>

#include "core/error.hpp"
#include "learn/cart.hpp"

namespace adm::learn {

std::string DecisionTree::to_text(const std::vector<std::string>& names,
                                  const LevelLabels& levels) const {
  const std::vector<std::string>& cols = names.empty() ? names_ : names;
  std::ostringstream out;
  out.precision(4);
  if (nodes_.empty()) return "(unfitted tree)\n";
  out << "n= " << nodes_[0].rows << "\n\n"
      << (regression() ? "node), split, n, deviance, yval\n"
                       : "node), split, n, loss, yval, (yprob)\n")
      << "      * denotes terminal node\n\n";
  auto level_set = [&](const Node& n, std::int8_t side) {
    const auto f = static_cast<std::size_t>(n.feature);
    const std::vector<std::string>* named = f < levels.size() ? &levels[f] : nullptr;
    std::string s = "{";
    for (std::size_t l = 0; l < n.go.size(); ++l) {
      if (n.go[l] != side) continue;
      if (s.size() > 1) s += ',';
      s += named && l < named->size() ? (*named)[l] : std::to_string(l);
    }
    return s + "}";
  };
  std::function<void(int, std::uint64_t, const std::string&)> print =
      [&](int i, std::uint64_t number, const std::string& rule) {
        const Node& n = nodes_[static_cast<std::size_t>(i)];
        out << std::string(2 * n.depth, ' ') << number << ") " << rule << ' ' << n.rows << ' '
            << n.risk << ' ' << n.value;
        if (!regression()) {
          out << " (";
          for (std::size_t j = 0; j < classes_; ++j) {
            out << (j ? " " : "") << n.counts[j] / n.weight;
          }
          out << ')';
        }
        out << (n.feature < 0 ? " *" : "") << '\n';
        if (n.feature < 0) return;
        const auto f = static_cast<std::size_t>(n.feature);
        const std::string name = f < cols.size() ? cols[f] : "x" + std::to_string(f);
        std::ostringstream t;
        t.precision(6);
        t << n.threshold;
        if (n.categorical) {
          print(n.left, 2 * number, name + " in " + level_set(n, 1));
          print(n.right, 2 * number + 1, name + " in " + level_set(n, 0));
        } else {
          print(n.left, 2 * number, name + "< " + t.str());
          print(n.right, 2 * number + 1, name + ">=" + t.str());
        }
      };
  print(0, 1, "root");
  return out.str();
}

namespace {
constexpr double kFormat = 1;  // version of the flat layout
constexpr std::size_t kNodeFields = 16;
}  // namespace

// Layout: format, classes, cols, offset, node count, then per node kNodeFields scalars, the
// counts (classes or 2 values) and go.size() level flags.
std::vector<double> DecisionTree::serialize() const {
  std::vector<double> out{kFormat, static_cast<double>(classes_), static_cast<double>(cols_),
                          offset_, static_cast<double>(nodes_.size())};
  for (const Node& n : nodes_) {
    const double fields[kNodeFields] = {static_cast<double>(n.feature),
                                        n.categorical ? 1.0 : 0.0,
                                        n.threshold,
                                        n.missing_left ? 1.0 : 0.0,
                                        static_cast<double>(n.left),
                                        static_cast<double>(n.right),
                                        n.weight,
                                        static_cast<double>(n.rows),
                                        static_cast<double>(n.depth),
                                        n.gain,
                                        n.improvement,
                                        n.risk,
                                        n.value,
                                        n.complexity,
                                        static_cast<double>(n.counts.size()),
                                        static_cast<double>(n.go.size())};
    out.insert(out.end(), fields, fields + kNodeFields);
    out.insert(out.end(), n.counts.begin(), n.counts.end());
    for (const std::int8_t g : n.go) out.push_back(g);
  }
  return out;
}

DecisionTree DecisionTree::deserialize(std::span<const double> data) {
  auto bad = [] { return InputError("cart: malformed serialized tree"); };
  if (data.size() < 5 || data[0] != kFormat) throw bad();
  DecisionTree tree;
  tree.classes_ = static_cast<std::size_t>(data[1]);
  tree.cols_ = static_cast<std::size_t>(data[2]);
  tree.offset_ = data[3];
  const auto count = static_cast<std::size_t>(data[4]);
  std::size_t at = 5;
  tree.importance_.assign(tree.cols_, 0.0);
  for (std::size_t c = 0; c < tree.cols_; ++c) tree.names_.push_back("x" + std::to_string(c));
  for (std::size_t i = 0; i < count; ++i) {
    if (at + kNodeFields > data.size()) throw bad();
    const double* f = data.data() + at;
    Node n;
    n.feature = static_cast<int>(f[0]);
    n.categorical = f[1] != 0;
    n.threshold = f[2];
    n.missing_left = f[3] != 0;
    n.left = static_cast<int>(f[4]);
    n.right = static_cast<int>(f[5]);
    n.weight = f[6];
    n.rows = static_cast<std::size_t>(f[7]);
    n.depth = static_cast<std::size_t>(f[8]);
    n.gain = f[9];
    n.improvement = f[10];
    n.risk = f[11];
    n.value = f[12];
    n.complexity = f[13];
    const auto k = static_cast<std::size_t>(f[14]), levels = static_cast<std::size_t>(f[15]);
    at += kNodeFields;
    if (at + k + levels > data.size()) throw bad();
    n.counts.assign(data.begin() + static_cast<std::ptrdiff_t>(at),
                    data.begin() + static_cast<std::ptrdiff_t>(at + k));
    at += k;
    for (std::size_t l = 0; l < levels; ++l) n.go.push_back(static_cast<std::int8_t>(data[at + l]));
    at += levels;
    if (n.feature >= 0) {
      if (static_cast<std::size_t>(n.feature) >= tree.cols_ || n.left <= static_cast<int>(i) ||
          n.right <= static_cast<int>(i) ||
          static_cast<std::size_t>(std::max(n.left, n.right)) >= count) {
        throw bad();
      }
      tree.importance_[static_cast<std::size_t>(n.feature)] += n.improvement;
    }
    tree.nodes_.push_back(std::move(n));
  }
  if (at != data.size() || tree.nodes_.empty()) throw bad();
  tree.build_routes();
  return tree;
}

}  // namespace adm::learn
