// CART and random-forest fit times and test accuracies on Adult, set beside R's rpart and
// ranger/randomForest by bench/trees_vs_r.sh (same settings: rpart minsplit 20, minbucket 7,
// cp 0.01, maxdepth 30; forest mtry floor(sqrt(p)), node size 1, bootstrap with replacement).
// Usage: bench_trees TRAIN_CSV TEST_CSV [TREES] [TARGET]
// The last column (or TARGET) is the class; a column is numeric when every cell parses as a
// number, otherwise categorical with levels shared by train and test ("?" is a level, as in R's
// read.csv). Prints "key value" lines.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/elapsed.hpp"
#include "core/rng.hpp"
#include "learn/cart.hpp"
#include "learn/cart_prune.hpp"
#include "learn/random_forest.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using Table = std::vector<std::vector<std::string>>;

Table read(const std::string& path, std::vector<std::string>& header) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  Table rows;
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) cells.push_back(cell);
    if (first) {
      header = cells;
      first = false;
    } else {
      rows.push_back(cells);
    }
  }
  return rows;
}

bool numeric(const std::string& s) {
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size();
}

struct Encoded {
  adm::learn::FeatureMatrix train, test;
  std::vector<std::int32_t> ytrain, ytest;
};

Encoded encode(const Table& train, const Table& test, const std::vector<std::string>& header,
               std::size_t target) {
  Encoded e;
  std::vector<std::size_t> cols;
  for (std::size_t c = 0; c < header.size(); ++c) {
    if (c != target) cols.push_back(c);
  }
  std::vector<std::map<std::string, int>> levels(header.size());
  std::vector<bool> is_num(header.size(), true);
  for (const Table* t : {&train, &test}) {
    for (const auto& row : *t) {
      for (std::size_t c = 0; c < header.size(); ++c) {
        is_num[c] = is_num[c] && numeric(row[c]);
        levels[c][row[c]] = 0;
      }
    }
  }
  for (auto& m : levels) {
    int k = 0;
    for (auto& [name, code] : m) code = k++;  // sorted, like R's factor levels
  }
  auto fill = [&](const Table& t, adm::learn::FeatureMatrix& x, std::vector<std::int32_t>& y) {
    x.rows = t.size();
    x.cols = cols.size();
    x.values.resize(x.rows * x.cols);
    for (std::size_t j = 0; j < cols.size(); ++j) {
      const std::size_t c = cols[j];
      x.names.push_back(header[c]);
      x.categorical.push_back(is_num[c] ? 0 : 1);
      x.levels.push_back(is_num[c] ? 0 : static_cast<std::uint32_t>(levels[c].size()));
      for (std::size_t r = 0; r < t.size(); ++r) {
        x.values[r * x.cols + j] =
            is_num[c] ? std::stof(t[r][c]) : static_cast<float>(levels[c].at(t[r][c]));
      }
    }
    for (const auto& row : t) y.push_back(levels[target].at(row[target]));
  };
  fill(train, e.train, e.ytrain);
  fill(test, e.test, e.ytest);
  return e;
}

double accuracy(const std::vector<double>& pred, const std::vector<std::int32_t>& y) {
  double ok = 0;
  for (std::size_t r = 0; r < y.size(); ++r) ok += pred[r] == y[r];
  return ok / static_cast<double>(y.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_trees TRAIN_CSV TEST_CSV [TREES] [TARGET]\n");
    return 2;
  }
  const std::size_t trees = argc > 3 ? std::stoul(argv[3]) : 200;
  std::vector<std::string> header, header_test;
  const Table train = read(argv[1], header), test = read(argv[2], header_test);
  std::size_t target = header.size() - 1;
  for (std::size_t c = 0; argc > 4 && c < header.size(); ++c) {
    if (header[c] == argv[4]) target = c;
  }
  const Encoded d = encode(train, test, header, target);
  std::printf("rows_train %zu\nrows_test %zu\ncolumns %zu\n", d.train.rows, d.test.rows,
              d.train.cols);

  adm::learn::CartParams p;  // rpart defaults
  auto t0 = Clock::now();
  adm::learn::DecisionTree tree(p);
  tree.fit(d.train, d.ytrain, 2);
  const double fit_s = adm::seconds_since(t0);
  std::printf("cart_fit_s %.4f\n", fit_s);
  std::printf("cart_splits %zu\n", (tree.nodes().size() - 1) / 2);
  std::printf("cart_test_accuracy %.4f\n", accuracy(tree.predict(d.test), d.ytest));

  adm::learn::TreeTarget t;
  t.labels = d.ytrain;
  t.classes = 2;
  adm::Rng rng(1, "bench-trees-cv");
  t0 = Clock::now();
  const auto cv = adm::learn::cross_validate(tree, d.train, t, {},
                                             adm::learn::make_folds(d.train.rows, 10, rng));
  std::printf("cart_fit_xval10_s %.4f\n", fit_s + adm::seconds_since(t0));  // as rpart(xval = 10)
  std::printf("cart_xerror_min %.4f\n", cv[adm::learn::choose_row(cv, false)].xerror);

  adm::learn::ForestParams fp;
  fp.trees = trees;
  fp.seed = 1;
  adm::learn::RandomForest forest(fp);
  t0 = Clock::now();
  forest.fit(d.train, d.ytrain, 2);
  std::printf("forest_trees %zu\nforest_mtry %zu\n", trees, forest.mtry(d.train.cols, false));
  std::printf("forest_fit_s %.4f\n", adm::seconds_since(t0));
  std::printf("forest_oob_error %.4f\n", forest.oob_error());
  std::printf("forest_test_accuracy %.4f\n", accuracy(forest.predict(d.test), d.ytest));
  return 0;
}
