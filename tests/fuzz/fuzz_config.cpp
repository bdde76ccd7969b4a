// libFuzzer harness of the config reader: any text must give a config or an InputError, and the
// resolved config (every key written back, defaults included) must re-read to the same config,
// i.e. to the same resolved text. Anything else is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "core/error.hpp"
#include "pipelines/experiment_config.hpp"

namespace {

[[noreturn]] void finding(const std::string& what, const std::string& text) {
  std::fprintf(stderr, "fuzz_config: %s\n--- resolved text ---\n%s\n", what.c_str(), text.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using adm::pipelines::parse_config;
  using adm::pipelines::resolved_text;
  const std::string text(reinterpret_cast<const char*>(data), size);
  adm::pipelines::ExperimentConfig config;
  try {
    config = parse_config(text, "fuzz.toml");
  } catch (const adm::InputError&) {
    return 0;
  } catch (const std::exception& e) {
    finding(std::string("not an InputError: ") + e.what(), text);
  }
  const std::string resolved = resolved_text(config);
  try {
    const std::string again = resolved_text(parse_config(resolved, "resolved.toml"));
    if (again != resolved) finding("the resolved config re-reads to a different config", again);
  } catch (const std::exception& e) {
    finding(std::string("the resolved config does not re-read: ") + e.what(), resolved);
  }
  return 0;
}
