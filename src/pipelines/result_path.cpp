#include "pipelines/result_path.hpp"

#include <filesystem>

#include "core/error.hpp"

namespace adm::pipelines {
namespace {

const char* kWhat = ": the result file (--out or run.out) ";

}  // namespace

void prepare_result_path(const std::string& out, const std::vector<std::string>& inputs) {
  namespace fs = std::filesystem;
  const fs::path path(out);
  const auto name = path.filename();
  std::error_code ec;
  if (out.empty() || name.empty() || name == "." || name == "..")
    throw InputError(out + kWhat + "names a folder, not a file; give a file name such as " +
                     (path / "result.h5").lexically_normal().string());
  if (fs::is_directory(path, ec)) throw InputError(out + kWhat + "names a directory");
  for (const std::string& own : {out, out + ".journal", out + ".lock"})
    for (const auto& input : inputs)
      if (fs::equivalent(own, input, ec))  // false (with ec set) when either does not exist
        throw InputError(out + kWhat + (own == out ? "is" : "would overwrite, with " + own + ",") +
                         " an input file of this run (" + input + "); choose another --out");
  const auto folder = path.parent_path();
  if (!folder.empty() && !fs::create_directories(folder, ec) && ec)
    throw InputError(out + ": cannot create the folder of the result file: " + ec.message());
}

}  // namespace adm::pipelines
