#pragma once
// The 1973 UC Berkeley admissions table (R's UCBAdmissions: counts per Admit x Gender x Dept) from
// the shared data folder, for the appendix A.4 reproduction. Absent file -> loaded = false.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace adm::test {

struct UcbTable {
  bool loaded = false;
  std::vector<std::int32_t> admitted, female, dept;  // 1 = admitted; 1 = female; dept letter - 'A'
  std::vector<double> count;
};

inline std::string ucb_path() {
  return std::string(ADM_SHARED_DATA) + "/ucb_admissions/UCBAdmissions.csv";
}

// Rows of departments in `keep` (letters), one per table cell, counts as weights.
inline UcbTable load_ucb(const std::string& keep) {
  UcbTable t;
  std::ifstream in(ucb_path());
  if (!in) return t;
  std::string line;
  std::getline(in, line);  // header "Admit","Gender","Dept","Freq"
  while (std::getline(in, line)) {
    for (char& c : line)
      if (c == '"' || c == '\r') c = ' ';
    std::stringstream row(line);
    std::string admit, gender, dept, freq;
    std::getline(row, admit, ',');
    std::getline(row, gender, ',');
    std::getline(row, dept, ',');
    std::getline(row, freq, ',');
    const char d = dept.at(dept.find_first_not_of(' '));
    if (keep.find(d) == std::string::npos) continue;
    t.admitted.push_back(admit.find("Admitted") != std::string::npos ? 1 : 0);
    t.female.push_back(gender.find("Female") != std::string::npos ? 1 : 0);
    t.dept.push_back(d - 'A');
    t.count.push_back(std::stod(freq));
  }
  t.loaded = !t.count.empty();
  return t;
}

}  // namespace adm::test
