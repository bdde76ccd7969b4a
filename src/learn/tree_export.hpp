#pragma once
// A fitted CART tree as flat datasets of a ResultSet (which the runner writes as HDF5), readable
// without our code: one row per node, nodes in the tree's own order ([0] = root).
//   <group>/feature      int64   split column, -1 for a leaf
//   <group>/threshold    double  numeric split: x < threshold goes left (NaN if categorical/leaf)
//   <group>/go_left      int64   nodes x levels: 1 level goes left, 0 right, -1 unseen/not a split
//   <group>/missing_left int64   1 if NaN and unseen levels go left
//   <group>/left, right  int64   child node indices, -1 for leaves
//   <group>/n            int64   training rows;  weight (double): their total weight
//   <group>/depth        int64   root = 0
//   <group>/value        double  nodes x classes class proportions (classification) or the mean
//   <group>/risk, improvement, complexity   double  (see learn/cart.hpp)
//   <group>/feature_names, text            strings (text = the rpart-style listing)
//   <group>/level_names   string   the level table: names of every categorical split column's
//                                  levels, column after column, in code order
//   <group>/level_offsets int64    cols + 1 offsets: level l of column f (the l-th column of
//                                  go_left) is level_names[level_offsets[f] + l]; a numeric column
//                                  has none (equal offsets)
#include <string>
#include <vector>

#include "core/result_set.hpp"
#include "learn/cart.hpp"

namespace adm::learn {

// `group` like "/models/tree" (no trailing slash). InputError if the tree is unfitted.
// `levels`: per column, its level names (learn::level_names), also used by the listing.
void export_tree(const DecisionTree& tree, ResultSet& results, const std::string& group,
                 const std::vector<std::string>& names = {}, const LevelLabels& levels = {});

}  // namespace adm::learn
