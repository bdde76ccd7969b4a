#include "pid_command.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>

#include "core/error.hpp"
#include "data/csv_reader.hpp"
#include "info/pid.hpp"

namespace adm::pipelines {
namespace {

// 1-based field index of a column in the file, for messages.
std::size_t field_of(const data::Dataset& d, const std::string& name) {
  const auto names = d.names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i + 1;
  return 0;
}

}  // namespace

bool run_pid_command(const PidCommand& c, std::ostream& out) {
  if (!(c.tolerance > 0) || !std::isfinite(c.tolerance))
    throw InputError("pid: --tolerance must be a positive number");
  std::map<std::string, data::ColumnType> types{{c.target, data::ColumnType::Categorical},
                                                {c.r1, data::ColumnType::Categorical},
                                                {c.r2, data::ColumnType::Categorical}};
  if (!c.count.empty()) types[c.count] = data::ColumnType::Numeric;
  const data::CsvTable table = data::read_csv_table(c.csv, {}, {});
  const data::Dataset& raw = table.data;
  for (const auto& [name, type] : types)
    if (!raw.has(name)) throw_input(c.csv, 1, 0, "no column '" + name + "'");
  // Re-read with the types fixed, so numbers in T/R1/R2 are levels and the count is numeric.
  const data::CsvTable typed = data::read_csv_table(c.csv, {}, types);
  const data::Dataset& d = typed.data;
  const auto line_of = [&](std::size_t row) {
    return row < typed.lines.size() ? typed.lines[row] : row + 2;
  };
  for (const auto& [name, type] : types) {
    const auto& col = d.column(name);
    for (std::size_t row = 0; row < d.rows(); ++row)
      if (col.is_missing(row))
        throw_input(c.csv, line_of(row), field_of(d, name),
                    "missing value in column '" + name + "'");
  }
  std::span<const double> weights;
  if (!c.count.empty()) {
    weights = d.column(c.count).values();
    for (std::size_t row = 0; row < weights.size(); ++row)
      if (!std::isfinite(weights[row]) || weights[row] < 0)
        throw_input(
            c.csv, line_of(row), field_of(d, c.count),
            "count '" + d.column(c.count).cell_text(row) + "' is not a finite non-negative number");
  }
  info::PidOptions options;
  options.tolerance_bits = c.tolerance;
  info::PidResult r;
  try {
    r = info::pid(d.column(c.target).codes(), d.column(c.r1).codes(), d.column(c.r2).codes(),
                  weights, options);
  } catch (const InputError& e) {
    throw InputError(c.csv + ": " + e.what());
  }
  double total = 0;
  for (double w : weights) total += w;
  if (weights.empty()) total = static_cast<double>(d.rows());
  out << "pid: T = " << c.target << ", R1 = " << c.r1 << ", R2 = " << c.r2 << " (" << d.rows()
      << " rows, total weight " << total << "; " << r.values1 << " x " << r.values2 << " values, "
      << r.merged1 << " x " << r.merged2 << " after merging equal P(T|r))\n";
  char line[160];
  const auto put = [&](const char* name, double v) {
    std::snprintf(line, sizeof line, "%-14s %.12f\n", name, v);
    out << line;
  };
  put("I(T;R1)", r.i1);
  put("I(T;R2)", r.i2);
  put("I(T;R1,R2)", r.i12);
  put("UI(T;R1\\R2)", r.ui1);
  put("UI(T;R2\\R1)", r.ui2);
  put("SI(T;R1,R2)", r.si);
  put("CI(T;R1,R2)", r.ci);
  std::snprintf(line, sizeof line, "%-14s %.3e bits (%s; %zu Newton steps, residual %.1e)\n", "gap",
                r.gap_bits, r.certified ? "certified" : "NOT certified to the tolerance",
                r.newton_steps, r.residual);
  out << line;
  return r.certified;
}

}  // namespace adm::pipelines

namespace adm::driver {

CLI::App* add_pid_command(CLI::App& app, pipelines::PidCommand& args) {
  auto* pid = app.add_subcommand(
      "pid", "BROJA partial information decomposition of three discrete CSV columns (bits)");
  pid->add_option("--csv", args.csv, "Input CSV file (with a header)")->required();
  pid->add_option("--target", args.target, "Column T")->required();
  pid->add_option("--r1", args.r1, "Column R1")->required();
  pid->add_option("--r2", args.r2, "Column R2")->required();
  pid->add_option("--count", args.count, "Column of row weights (counts)");
  pid->add_option("--tolerance", args.tolerance, "Certified accuracy in bits (default 1e-9)");
  return pid;
}

int run_pid_cli(dist::Communicator& comm, const pipelines::PidCommand& args) {
  std::ostringstream text;
  bool certified = false;
  comm.agree([&] { certified = pipelines::run_pid_command(args, text); });
  if (comm.is_root()) std::cout << text.str() << std::flush;
  if (!certified && comm.is_root())
    std::cerr << "admissible: error: pid: the gap did not reach --tolerance" << std::endl;
  return certified ? kExitOk : kExitInternal;
}

}  // namespace adm::driver
