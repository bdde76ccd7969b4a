#include "report/result_data.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>

namespace adm::report {

std::string leaf(const std::string& path) {
  const auto at = path.rfind('/');
  return at == std::string::npos ? path : path.substr(at + 1);
}

std::vector<double> ResultData::doubles(const std::string& path) const {
  const auto* e = doc_.results.find(path);
  if (!e) return {};
  if (const auto* d = std::get_if<std::vector<double>>(&e->values)) return *d;
  if (const auto* i = std::get_if<std::vector<std::int64_t>>(&e->values))
    return {i->begin(), i->end()};
  return {};
}

std::size_t ResultData::columns(const std::string& path) const {
  const auto* e = doc_.results.find(path);
  if (!e) return 0;
  return e->dims.size() >= 2 ? e->dims.back() : 1;
}

std::vector<std::int64_t> ResultData::integers(const std::string& path) const {
  const auto* e = doc_.results.find(path);
  if (!e) return {};
  if (const auto* i = std::get_if<std::vector<std::int64_t>>(&e->values)) return *i;
  return {};
}

std::vector<std::string> ResultData::strings(const std::string& path) const {
  const auto* e = doc_.results.find(path);
  if (!e) return {};
  if (const auto* s = std::get_if<std::vector<std::string>>(&e->values)) return *s;
  return {};
}

std::vector<std::string> ResultData::texts(const std::string& path) const {
  const auto* e = doc_.results.find(path);
  std::vector<std::string> out;
  if (!e) return out;
  std::visit(
      [&](const auto& values) {
        for (const auto& v : values) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::string>)
            out.push_back(v);
          else if constexpr (std::is_same_v<T, double>)
            out.push_back(number_text(v));
          else
            out.push_back(std::to_string(v));
        }
      },
      e->values);
  return out;
}

namespace {
// The part of `path` after `group` + "/", or empty when path is not inside group.
std::string inside(const std::string& path, const std::string& group) {
  const std::string prefix = group == "/" ? "/" : group + "/";
  return path.rfind(prefix, 0) == 0 ? path.substr(prefix.size()) : "";
}
}  // namespace

std::vector<std::string> ResultData::datasets_in(const std::string& group) const {
  std::vector<std::string> out;
  for (const auto& e : doc_.results.entries()) {
    const std::string rest = inside(e.path, group);
    if (!rest.empty() && rest.find('/') == std::string::npos) out.push_back(e.path);
  }
  return out;
}

std::vector<std::string> ResultData::subgroups(const std::string& group) const {
  std::vector<std::string> out;
  for (const auto& e : doc_.results.entries()) {
    const std::string rest = inside(e.path, group);
    const auto slash = rest.find('/');
    if (rest.empty() || slash == std::string::npos) continue;
    const std::string sub = (group == "/" ? "" : group) + "/" + rest.substr(0, slash);
    if (out.empty() || out.back() != sub) {
      bool seen = false;
      for (const auto& o : out) seen = seen || o == sub;
      if (!seen) out.push_back(sub);
    }
  }
  return out;
}

std::vector<std::string> ResultData::top_groups() const {
  std::vector<std::string> out = subgroups("/");
  return out;
}

void ResultData::shown_under(const std::string& prefix) const {
  for (const auto& e : doc_.results.entries())
    if (e.path == prefix || e.path.rfind(prefix + "/", 0) == 0) shown_.insert(e.path);
}

std::vector<std::string> ResultData::remaining(const std::string& prefix) const {
  std::vector<std::string> out;
  for (const auto& e : doc_.results.entries())
    if ((e.path == prefix || e.path.rfind(prefix + "/", 0) == 0 || prefix == "/") &&
        !shown_.count(e.path))
      out.push_back(e.path);
  return out;
}

std::string path_relative_to(const std::string& file, const std::string& base) {
  if (base.empty() || file.empty()) return file;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path abs_file = fs::absolute(file, ec);
  if (ec) return file;
  const fs::path abs_base = fs::absolute(base, ec);
  if (ec) return file;
  const auto rel = abs_file.lexically_normal().lexically_relative(abs_base.lexically_normal());
  return rel.empty() || *rel.begin() == ".." ? file : rel.generic_string();
}

}  // namespace adm::report
