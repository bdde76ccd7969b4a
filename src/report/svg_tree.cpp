#include <algorithm>
#include <cstdint>

#include "report/svg.hpp"
#include "report/svg_plots.hpp"

namespace adm::report::svg {
namespace {

constexpr std::size_t kLongest = 30;  // characters of node text drawn
constexpr int kDeepest = 64;          // deeper nodes end their branch (a hostile file's chain)

// Text cut to kLongest bytes, not inside a UTF-8 sequence, with "..." when cut.
std::string shortened(const std::string& text) {
  if (text.size() <= kLongest) return text;
  std::size_t end = kLongest - 3;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end) + "...";
}

struct Placed {
  int node;
  int depth;
  double slot;  // horizontal position in leaf widths
  int parent;   // index into the placed list, -1 for the root
  bool yes;     // reached over the parent's left edge
  bool leaf;
};

// Places the subtree of `node`: leaves take the next free slot, a split sits above the middle of
// its children. Returns the node's slot.
double place(const TreeDiagram& t, int node, int depth, int parent, bool yes,
             std::vector<char>& seen, double& next_leaf, std::vector<Placed>& out) {
  const auto valid = [&](int i) {
    return i >= 0 && static_cast<std::size_t>(i) < t.nodes.size() && !seen[i];
  };
  const auto& n = t.nodes[node];
  seen[node] = 1;
  const int self = static_cast<int>(out.size());
  out.push_back({node, depth, 0, parent, yes, true});
  if (depth < kDeepest && valid(n.left) && valid(n.right) && n.left != n.right) {
    out[self].leaf = false;
    const double a = place(t, n.left, depth + 1, self, true, seen, next_leaf, out);
    const double b = place(t, n.right, depth + 1, self, false, seen, next_leaf, out);
    out[self].slot = (a + b) / 2;
  } else {
    out[self].slot = next_leaf;
    next_leaf += 1;
  }
  return out[self].slot;
}

}  // namespace

std::string tree_diagram(const TreeDiagram& t) {
  std::vector<Placed> placed;
  double leaves = 0;
  if (!t.nodes.empty()) {
    std::vector<char> seen(t.nodes.size(), 0);
    place(t, 0, 0, -1, true, seen, leaves, placed);
  }
  std::size_t longest = 0;
  int deepest = 0;
  for (const auto& p : placed) {
    const auto& n = t.nodes[p.node];
    longest = std::max({longest, shortened(n.label).size(), n.detail.size()});
    deepest = std::max(deepest, p.depth);
  }
  const double col_w = std::clamp(6.4 * static_cast<double>(longest) + 18, 84.0, 210.0);
  const double box_w = col_w - 12, box_h = 34, row_h = 76, margin = 16, top = 44;
  const double width = std::max(2 * margin + col_w * std::max(leaves, 1.0), 320.0);
  const double height = top + row_h * (deepest + 1) + 8;
  // Centre the tree when the title is wider than it.
  const double offset = (width - col_w * leaves) / 2;
  const auto cx = [&](const Placed& p) { return offset + col_w * (p.slot + 0.5); };
  const auto cy = [&](const Placed& p) { return top + row_h * p.depth; };
  Document d(width, height, t.title,
             "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\"");
  d.text(width / 2, 22, t.title, "text-anchor=\"middle\" font-size=\"14\"");
  d.open_group("class=\"tree-edges\" stroke=\"#888\"");
  for (const auto& p : placed) {
    if (p.parent < 0) continue;
    const auto& q = placed[static_cast<std::size_t>(p.parent)];
    const double x1 = cx(q), y1 = cy(q) + box_h, x2 = cx(p), y2 = cy(p);
    d.line(x1, y1, x2, y2, "class=\"tree-edge\"");
    d.text((x1 + x2) / 2 + (p.yes ? -6 : 6), (y1 + y2) / 2 + 3, p.yes ? t.yes : t.no,
           std::string("stroke=\"none\" fill=\"#555\" font-size=\"10\" text-anchor=\"") +
               (p.yes ? "end" : "start") + "\"");
  }
  d.close_group();
  for (const auto& p : placed) {
    const auto& n = t.nodes[p.node];
    const double x = cx(p) - box_w / 2, y = cy(p);
    const std::string fill =
        !p.leaf ? "#f4f6fa"
                : (n.colour >= 0 ? palette(static_cast<std::size_t>(n.colour)) : "#ddd");
    d.open_group(p.leaf ? "class=\"tree-leaf\"" : "class=\"tree-split\"");
    d.rect(x, y, box_w, box_h,
           "rx=\"4\" fill=\"" + fill + "\" fill-opacity=\"" + (p.leaf ? "0.35" : "1") +
               "\" stroke=\"" + (p.leaf ? "#666" : "#1f5fbf") + "\"",
           n.label + (n.detail.empty() ? "" : "\n" + n.detail));
    d.text(cx(p), y + (n.detail.empty() ? 21 : 14), shortened(n.label),
           std::string("text-anchor=\"middle\"") + (p.leaf ? " font-weight=\"bold\"" : ""));
    if (!n.detail.empty())
      d.text(cx(p), y + 28, n.detail, "text-anchor=\"middle\" font-size=\"10\" fill=\"#555\"");
    d.close_group();
  }
  return d.finish();
}

}  // namespace adm::report::svg
