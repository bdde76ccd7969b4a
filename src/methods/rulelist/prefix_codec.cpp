#include "methods/rulelist/prefix_codec.hpp"

#include <cstring>

#include "core/error.hpp"

namespace adm::methods::rulelist {
namespace {

template <class T>
void put(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

template <class T>
T get(const std::string& in, std::size_t& pos) {
  if (pos + sizeof(T) > in.size()) throw InternalError("rulelist: torn prefix record");
  T value;
  std::memcpy(&value, in.data() + pos, sizeof(T));
  pos += sizeof(T);
  return value;
}

}  // namespace

void append_prefix(std::string& out, const std::vector<std::uint16_t>& rules,
                   const std::vector<std::uint8_t>& predictions, std::uint32_t errors,
                   std::uint32_t captured, double objective, double lower_bound) {
  put<std::uint8_t>(out, static_cast<std::uint8_t>(rules.size()));
  for (auto r : rules) put(out, r);
  for (auto p : predictions) put<std::uint8_t>(out, p);
  put(out, errors);
  put(out, captured);
  put(out, objective);
  put(out, lower_bound);
}

bool read_prefix(const std::string& in, std::size_t& pos, WirePrefix& out) {
  if (pos >= in.size()) return false;
  const std::size_t depth = get<std::uint8_t>(in, pos);
  out.rules.resize(depth);
  out.predictions.resize(depth);
  for (auto& r : out.rules) r = get<std::uint16_t>(in, pos);
  for (auto& p : out.predictions) p = get<std::uint8_t>(in, pos);
  out.errors = get<std::uint32_t>(in, pos);
  out.captured = get<std::uint32_t>(in, pos);
  out.objective = get<double>(in, pos);
  out.lower_bound = get<double>(in, pos);
  return true;
}

bool skip_prefix(const std::string& in, std::size_t& pos, std::size_t& depth) {
  if (pos >= in.size()) return false;
  depth = static_cast<std::uint8_t>(in[pos]);
  // The depth byte, 2 + 1 bytes a rule, errors and captured (4 each), objective and bound (8 each).
  pos += 1 + 3 * depth + 2 * sizeof(std::uint32_t) + 2 * sizeof(double);
  if (pos > in.size()) throw InternalError("rulelist: torn prefix record");
  return true;
}

}  // namespace adm::methods::rulelist
