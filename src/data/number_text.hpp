#pragma once
// Numbers as text, parsed and printed the same way everywhere in the data layer (cells, config
// values, level names, interval labels), so "2.5" read from a file prints back as "2.5".
#include <string>
#include <string_view>
#include <vector>

namespace adm::data {

// How a text reads as a number (std::from_chars, whole text). A leading '+' is accepted; hex and
// surrounding spaces are not. Out-of-range values ("1e999") count as NonFinite.
enum class NumberKind { Finite, NonFinite, Text };
NumberKind parse_number(std::string_view text, double& value);

// Shortest text that reads back to the same double ("2.5", "7", "1e-07"); "inf"/"-inf"/"nan".
std::string format_number(double value);

// Levels sorted for stability: numerically if every level is a finite number ("2" < "10"), else
// bytewise.
void sort_levels(std::vector<std::string>& levels);

}  // namespace adm::data
