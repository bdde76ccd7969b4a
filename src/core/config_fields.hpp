#pragma once
// One description per config section drives three things: reading a TOML table into a typed struct
// (with type and range checks, and unknown keys as errors), writing the resolved config back out
// (so result files record every value actually used, defaults included), and printing the reference
// documentation of every key. A section is any type with a free `void describe(Fields&, T&)` found
// by argument-dependent lookup.
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace toml {
inline namespace v3 {
class table;
class node;
}  // namespace v3
}  // namespace toml

namespace adm::config {

struct IntRange {
  std::int64_t min = std::numeric_limits<std::int64_t>::min();
  std::int64_t max = std::numeric_limits<std::int64_t>::max();
};
struct RealRange {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool min_exclusive = false;
  bool max_exclusive = false;
};

class Fields {
 public:
  enum class Mode { Read, Write, Document };

  // Read `table` (found at dotted `path` inside `file`) into the described struct.
  static Fields reader(const toml::table& table, std::string path, std::string file);
  // Collect values into a new table (write_table() afterwards).
  static Fields writer(std::string path);
  // Append one documentation line per key to `lines`.
  static Fields documenter(std::string path, std::vector<std::string>* lines);

  Fields(Fields&&) noexcept;
  ~Fields();

  Mode mode() const { return mode_; }
  // Dotted path of this section, e.g. "data.filter[0]".
  const std::string& section_path() const { return path_; }

  void boolean(const char* key, bool& value, const char* doc);
  void integer(const char* key, std::int64_t& value, const char* doc, IntRange range = {});
  void count(const char* key, std::uint64_t& value, const char* doc, IntRange range = {0});
  // A finite number in `range` (inf and nan are refused whatever the range).
  void real(const char* key, double& value, const char* doc, RealRange range = {});
  void optional_real(const char* key, std::optional<double>& value, const char* doc);
  // A string; non-empty `choices` restricts it. `path` strings get ${VAR} expansion on read.
  void text(const char* key, std::string& value, const char* doc,
            std::vector<std::string> choices = {});
  void path(const char* key, std::string& value, const char* doc);
  void character(const char* key, char& value, const char* doc);  // a one-character string
  void text_list(const char* key, std::vector<std::string>& value, const char* doc);
  void real_list(const char* key, std::vector<double>& value, const char* doc);  // finite numbers
  // A table of free-form keys (e.g. column names) each mapping to one of `choices`.
  void text_map(const char* key, std::map<std::string, std::string>& value, const char* doc,
                std::vector<std::string> choices);

  template <class Enum>
  void choice(const char* key, Enum& value, const char* doc,
              std::vector<std::pair<std::string, Enum>> options) {
    std::string text_value;
    std::vector<std::string> names;
    for (auto& [name, e] : options) {
      names.push_back(name);
      if (e == value) text_value = name;
    }
    text(key, text_value, doc, names);
    for (auto& [name, e] : options)
      if (name == text_value) value = e;
  }

  template <class Section>
  void section(const char* key, Section& value, const char* doc) {
    subsection(key, doc, [&](Fields& f) { describe(f, value); });
  }

  template <class Section>
  void section_list(const char* key, std::vector<Section>& value, const char* doc) {
    subsection_list(
        key, doc, value.size(), [&](std::size_t n) { value.resize(n); },
        [&](std::size_t i, Fields& f) {
          if (i < value.size()) {
            describe(f, value[i]);
          } else {
            Section prototype;  // documentation of an element with its defaults
            describe(f, prototype);
          }
        });
  }

  // The dotted key path of `key` in this section (e.g. "data.split.folds"), for messages.
  std::string key_path(const char* key) const;
  // Raise an InputError at `key` (location from the TOML source when reading).
  [[noreturn]] void fail(const char* key, const std::string& message) const;
  // Raise an InputError about this section as a whole (at the table's location when reading).
  [[noreturn]] void fail_section(const std::string& message) const;

  // Read mode: error on any key of the table no field consumed. Call after describe().
  void reject_unknown_keys() const;
  // Write mode: the collected table (owned by the caller).
  std::unique_ptr<toml::table> take_table();

 private:
  Fields(Mode mode, std::string path, std::string file);
  void subsection(const char* key, const char* doc, const std::function<void(Fields&)>& body);
  void subsection_list(const char* key, const char* doc, std::size_t size,
                       const std::function<void(std::size_t)>& resize,
                       const std::function<void(std::size_t, Fields&)>& body);
  const toml::node* find(const char* key);  // Read mode: the node, marks the key used
  void document(const char* key, const std::string& type, const std::string& default_text,
                const char* doc);

  Mode mode_;
  std::string path_;
  std::string file_;
  const toml::table* in_ = nullptr;
  std::unique_ptr<toml::table> out_;
  std::vector<std::string>* doc_lines_ = nullptr;
  std::set<std::string> used_;
};

// Expand ${VAR} in a path. ADMISSIBLE_DATA defaults to the shared data folder beside the checkout
// when that folder exists. An undefined variable is an error naming it.
std::string expand_variables(const std::string& text,
                             const std::function<void(const std::string&)>& on_error);

// The data folder ${ADMISSIBLE_DATA} resolves to, or "" when neither the variable nor the default
// folder exists (tests use this to skip reproductions with a clear message).
std::string default_data_dir();

}  // namespace adm::config
