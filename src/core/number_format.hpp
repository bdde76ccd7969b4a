#pragma once
// Numbers as text for people (tables, verdicts, summaries), defined once so every table prints a
// figure the same way. Not for files that are read back: those keep every digit.
#include <string>

namespace adm {

// Up to 6 significant digits (%.6g); "n/a" for NaN (a figure that could not be computed),
// "inf" / "-inf" for infinities.
std::string number_text(double v);

// `digits` digits after the point (%.*f), for summary lines whose columns line up; NaN and
// infinities as number_text writes them.
std::string fixed(double v, int digits = 4);

}  // namespace adm
