#pragma once
// Shared by the fair naive Bayes tests: the paper's binarised data (../shared/data/fairnb, read
// with the feature order and sensitive flags of its *_binary.net.txt) and small random models.
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "data/csv_reader.hpp"
#include "learn/naive_bayes.hpp"

namespace adm::test {

struct FairnbData {
  learn::NbTable table;
  std::vector<bool> sensitive;
  bool ok = false;
};

inline std::string fairnb_dir() { return std::string(ADM_SHARED_DATA) + "/fairnb"; }

// Empty (ok = false, with a WARN) when the shared data folder is absent.
inline FairnbData load_fairnb(const std::string& name) {
  FairnbData out;
  const std::string csv = fairnb_dir() + "/" + name + "_binerized.csv";
  const std::string net = fairnb_dir() + "/" + name + "_binary.net.txt";
  if (!std::filesystem::exists(csv) || !std::filesystem::exists(net)) return out;
  std::ifstream in(net);
  std::string line, target, fav;
  std::getline(in, line);
  std::getline(in, line);
  std::istringstream(line) >> target >> fav;
  std::vector<std::string> order;
  for (std::string name_, flag; in >> name_ >> flag;) {
    order.push_back(name_);
    out.sensitive.push_back(flag == "1");
  }
  std::ifstream head(csv);
  std::getline(head, line);
  std::map<std::string, data::ColumnType> types;
  std::stringstream s(line);
  for (std::string c; std::getline(s, c, ',');) types[c] = data::ColumnType::Categorical;
  auto d = data::read_csv(csv, {}, types);
  auto col = [&](const std::string& n) -> const data::Column& {
    return d.has(n) ? d.column(n) : d.column(n + "_");  // their loader strips a trailing '_'
  };
  for (const auto& f : order) {
    out.table.names.push_back(f);
    out.table.levels.push_back(2);
    out.table.x.push_back(data::to_vector(col(f).codes()));
  }
  for (auto c : col(target).codes()) out.table.d.push_back(col(target).levels()[c] == fav ? 1 : 0);
  out.ok = true;
  return out;
}

// A random naive Bayes model: `levels` per feature, parameters drawn from `rng`.
inline learn::NaiveBayes random_nb(const std::vector<std::size_t>& levels, Rng& rng) {
  learn::NaiveBayes nb(levels);
  nb.set_prior(0.15 + 0.7 * rng.uniform());
  for (std::size_t f = 0; f < levels.size(); ++f)
    for (int d = 0; d < 2; ++d) {
      std::vector<double> w(levels[f]);
      double sum = 0;
      for (auto& x : w) sum += (x = 0.05 + rng.uniform());
      for (std::size_t v = 0; v < levels[f]; ++v) nb.set_cond(f, v, d, w[v] / sum);
    }
  return nb;
}

}  // namespace adm::test
