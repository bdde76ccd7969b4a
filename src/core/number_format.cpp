#include "core/number_format.hpp"

#include <cmath>
#include <cstdio>

namespace adm {
namespace {

// printf would write "nan" or "-nan" depending on the sign bit, which no reader should see.
bool special(double v, std::string& text) {
  if (std::isnan(v))
    text = "n/a";
  else if (std::isinf(v))
    text = v > 0 ? "inf" : "-inf";
  else
    return false;
  return true;
}

}  // namespace

std::string number_text(double v) {
  std::string text;
  if (special(v, text)) return text;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string fixed(double v, int digits) {
  std::string text;
  if (special(v, text)) return text;
  char buf[400];  // %.Nf of the largest double: 309 digits before the point
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace adm
