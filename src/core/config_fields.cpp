#include "core/config_fields.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "core/error.hpp"

namespace adm::config {
namespace {

std::string format_real(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::ostringstream s;
  s.precision(15);
  s << v;
  return s.str();
}

std::string quote_text(const std::string& s) { return "\"" + s + "\""; }

std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

std::string describe_range(IntRange r) {
  const bool lo = r.min != std::numeric_limits<std::int64_t>::min();
  const bool hi = r.max != std::numeric_limits<std::int64_t>::max();
  if (lo && hi) return " in [" + std::to_string(r.min) + ", " + std::to_string(r.max) + "]";
  if (lo) return " >= " + std::to_string(r.min);
  if (hi) return " <= " + std::to_string(r.max);
  return "";
}

std::string describe_range(RealRange r) {
  std::string out;
  if (!std::isinf(r.min)) out += std::string(r.min_exclusive ? " > " : " >= ") + format_real(r.min);
  if (!std::isinf(r.max))
    out += std::string(out.empty() ? "" : " and") + (r.max_exclusive ? " < " : " <= ") +
           format_real(r.max);
  return out;
}

const char* toml_type_name(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    default:
      return "a date/time";
  }
}

}  // namespace

Fields::Fields(Mode mode, std::string path, std::string file)
    : mode_(mode), path_(std::move(path)), file_(std::move(file)) {}
Fields::Fields(Fields&&) noexcept = default;
Fields::~Fields() = default;

Fields Fields::reader(const toml::table& table, std::string path, std::string file) {
  Fields f(Mode::Read, std::move(path), std::move(file));
  f.in_ = &table;
  return f;
}

Fields Fields::writer(std::string path) {
  Fields f(Mode::Write, std::move(path), "");
  f.out_ = std::make_unique<toml::table>();
  return f;
}

Fields Fields::documenter(std::string path, std::vector<std::string>* lines) {
  Fields f(Mode::Document, std::move(path), "");
  f.doc_lines_ = lines;
  return f;
}

std::string Fields::key_path(const char* key) const {
  return path_.empty() ? std::string(key) : path_ + "." + key;
}

void Fields::fail(const char* key, const std::string& message) const {
  std::size_t line = 0, column = 0;
  if (in_) {
    if (const toml::node* n = in_->get(key)) {
      line = n->source().begin.line;
      column = n->source().begin.column;
    } else {
      line = in_->source().begin.line;
      column = in_->source().begin.column;
    }
  }
  throw InputError(
      at_location(file_, line, column, "config key '" + key_path(key) + "': " + message));
}

void Fields::fail_section(const std::string& message) const {
  std::size_t line = 0, column = 0;
  if (in_) {
    line = in_->source().begin.line;
    column = in_->source().begin.column;
  }
  throw InputError(at_location(file_, line, column, "config section '" + path_ + "': " + message));
}

const toml::node* Fields::find(const char* key) {
  used_.insert(key);
  return in_->get(key);
}

void Fields::document(const char* key, const std::string& type, const std::string& default_text,
                      const char* doc) {
  std::string line = key_path(key) + " (" + type + ")";
  if (!default_text.empty()) line += " = " + default_text;
  doc_lines_->push_back(line + "\n    " + doc);
}

void Fields::reject_unknown_keys() const {
  if (mode_ != Mode::Read) return;
  for (auto&& [k, v] : *in_) {
    const std::string name(k.str());
    if (!used_.count(name)) {
      std::vector<std::string> known(used_.begin(), used_.end());
      throw InputError(at_location(file_, k.source().begin.line, k.source().begin.column,
                                   "unknown config key '" + key_path(name.c_str()) +
                                       "' (known keys here: " + join(known, ", ") + ")"));
    }
  }
}

std::unique_ptr<toml::table> Fields::take_table() { return std::move(out_); }

void Fields::boolean(const char* key, bool& value, const char* doc) {
  if (mode_ == Mode::Document) return document(key, "boolean", value ? "true" : "false", doc);
  if (mode_ == Mode::Write) {
    out_->insert_or_assign(key, value);
    return;
  }
  if (const auto* n = find(key)) {
    if (!n->is_boolean())
      fail(key, std::string("expected true or false, got ") + toml_type_name(*n));
    value = n->as_boolean()->get();
  }
}

void Fields::integer(const char* key, std::int64_t& value, const char* doc, IntRange range) {
  if (mode_ == Mode::Document)
    return document(key, "integer" + describe_range(range), std::to_string(value), doc);
  if (mode_ == Mode::Write) {
    out_->insert_or_assign(key, value);
    return;
  }
  if (const auto* n = find(key)) {
    if (!n->is_integer()) fail(key, std::string("expected an integer, got ") + toml_type_name(*n));
    const std::int64_t v = n->as_integer()->get();
    if (v < range.min || v > range.max)
      fail(key, "must be" + describe_range(range) + " (got " + std::to_string(v) + ")");
    value = v;
  }
}

void Fields::count(const char* key, std::uint64_t& value, const char* doc, IntRange range) {
  if (range.min < 0) range.min = 0;
  auto v = static_cast<std::int64_t>(value);
  integer(key, v, doc, range);
  value = static_cast<std::uint64_t>(v);
}

void Fields::real(const char* key, double& value, const char* doc, RealRange range) {
  if (mode_ == Mode::Document)
    return document(key, "number" + describe_range(range), format_real(value), doc);
  if (mode_ == Mode::Write) {
    out_->insert_or_assign(key, value);
    return;
  }
  if (const auto* n = find(key)) {
    double v = 0;
    if (n->is_floating_point())
      v = n->as_floating_point()->get();
    else if (n->is_integer())
      v = static_cast<double>(n->as_integer()->get());
    else
      fail(key, std::string("expected a number, got ") + toml_type_name(*n));
    // No key means anything by inf or nan (TOML spells them inf, nan), and a library given one
    // computes garbage (lambda = inf gave an all-zero InfoGram), so every number must be finite.
    if (!std::isfinite(v))
      fail(key,
           "must be a finite number" + describe_range(range) + " (got " + format_real(v) + ")");
    const bool below = range.min_exclusive ? !(v > range.min) : !(v >= range.min);
    const bool above = range.max_exclusive ? !(v < range.max) : !(v <= range.max);
    if (below || above)
      fail(key, "must be" + describe_range(range) + " (got " + format_real(v) + ")");
    value = v;
  }
}

void Fields::optional_real(const char* key, std::optional<double>& value, const char* doc) {
  if (mode_ == Mode::Document) return document(key, "number, optional", "", doc);
  if (mode_ == Mode::Write) {
    if (value) out_->insert_or_assign(key, *value);
    return;
  }
  if (find(key)) {
    double v = 0;
    real(key, v, doc,
         RealRange{-std::numeric_limits<double>::max(), std::numeric_limits<double>::max()});
    value = v;
  }
}

void Fields::text(const char* key, std::string& value, const char* doc,
                  std::vector<std::string> choices) {
  if (mode_ == Mode::Document) {
    const std::string type = choices.empty() ? "string" : "one of " + join(choices, "|");
    return document(key, type, quote_text(value), doc);
  }
  if (mode_ == Mode::Write) {
    out_->insert_or_assign(key, value);
    return;
  }
  if (const auto* n = find(key)) {
    if (!n->is_string()) fail(key, std::string("expected a string, got ") + toml_type_name(*n));
    std::string v = n->as_string()->get();
    if (!choices.empty() && std::find(choices.begin(), choices.end(), v) == choices.end())
      fail(key, "must be one of " + join(choices, ", ") + " (got " + quote_text(v) + ")");
    value = std::move(v);
  }
}

void Fields::path(const char* key, std::string& value, const char* doc) {
  if (mode_ != Mode::Read) return text(key, value, doc);
  if (find(key)) {
    text(key, value, doc);
    value = expand_variables(value, [&](const std::string& m) { fail(key, m); });
  }
}

void Fields::character(const char* key, char& value, const char* doc) {
  std::string s(1, value);
  if (mode_ == Mode::Document) return document(key, "one character", quote_text(s), doc);
  text(key, s, doc);
  if (mode_ == Mode::Read) {
    if (s == "\\t") s = "\t";
    if (s.size() != 1) fail(key, "must be exactly one character (got " + quote_text(s) + ")");
    value = s[0];
  }
}

void Fields::text_list(const char* key, std::vector<std::string>& value, const char* doc) {
  if (mode_ == Mode::Document)
    return document(key, "array of strings", "[" + join(value, ", ") + "]", doc);
  if (mode_ == Mode::Write) {
    toml::array a;
    for (const auto& v : value) a.push_back(v);
    out_->insert_or_assign(key, std::move(a));
    return;
  }
  if (const auto* n = find(key)) {
    const auto* a = n->as_array();
    if (!a) fail(key, std::string("expected an array of strings, got ") + toml_type_name(*n));
    std::vector<std::string> out;
    for (const auto& e : *a) {
      if (!e.is_string())
        fail(key, std::string("expected an array of strings, found ") + toml_type_name(e));
      out.push_back(e.as_string()->get());
    }
    value = std::move(out);
  }
}

void Fields::real_list(const char* key, std::vector<double>& value, const char* doc) {
  if (mode_ == Mode::Document) {
    std::vector<std::string> texts;
    for (double v : value) texts.push_back(format_real(v));
    return document(key, "array of numbers", "[" + join(texts, ", ") + "]", doc);
  }
  if (mode_ == Mode::Write) {
    toml::array a;
    for (double v : value) a.push_back(v);
    out_->insert_or_assign(key, std::move(a));
    return;
  }
  if (const auto* n = find(key)) {
    const auto* a = n->as_array();
    if (!a) fail(key, std::string("expected an array of numbers, got ") + toml_type_name(*n));
    std::vector<double> out;
    for (const auto& e : *a) {
      if (e.is_integer())
        out.push_back(static_cast<double>(e.as_integer()->get()));
      else if (e.is_floating_point() && std::isfinite(e.as_floating_point()->get()))
        out.push_back(e.as_floating_point()->get());
      else
        fail(key, std::string("expected an array of finite numbers, found ") +
                      (e.is_floating_point() ? format_real(e.as_floating_point()->get())
                                             : std::string(toml_type_name(e))));
    }
    value = std::move(out);
  }
}

void Fields::text_map(const char* key, std::map<std::string, std::string>& value, const char* doc,
                      std::vector<std::string> choices) {
  if (mode_ == Mode::Document)
    return document(key, "table of name = " + join(choices, "|"), "{}", doc);
  if (mode_ == Mode::Write) {
    toml::table t;
    for (const auto& [k, v] : value) t.insert_or_assign(k, v);
    out_->insert_or_assign(key, std::move(t));
    return;
  }
  if (const auto* n = find(key)) {
    const auto* t = n->as_table();
    if (!t) fail(key, std::string("expected a table, got ") + toml_type_name(*n));
    Fields inner = reader(*t, key_path(key), file_);
    for (auto&& [k, v] : *t) {
      const std::string name(k.str());
      std::string text_value;
      inner.text(name.c_str(), text_value, doc, choices);
      value[name] = text_value;
    }
  }
}

void Fields::subsection(const char* key, const char* doc,
                        const std::function<void(Fields&)>& body) {
  if (mode_ == Mode::Document) {
    doc_lines_->push_back("[" + key_path(key) + "]\n    " + doc);
    Fields inner = documenter(key_path(key), doc_lines_);
    body(inner);
    return;
  }
  if (mode_ == Mode::Write) {
    Fields inner = writer(key_path(key));
    body(inner);
    out_->insert_or_assign(key, std::move(*inner.out_));
    return;
  }
  static const toml::table empty;
  const toml::table* t = &empty;
  if (const auto* n = find(key)) {
    t = n->as_table();
    if (!t) fail(key, std::string("expected a table, got ") + toml_type_name(*n));
  }
  Fields inner = reader(*t, key_path(key), file_);
  body(inner);
  inner.reject_unknown_keys();
}

void Fields::subsection_list(const char* key, const char* doc, std::size_t size,
                             const std::function<void(std::size_t)>& resize,
                             const std::function<void(std::size_t, Fields&)>& body) {
  if (mode_ == Mode::Document) {
    doc_lines_->push_back("[[" + key_path(key) + "]] (repeatable)\n    " + doc);
    Fields inner = documenter(key_path(key), doc_lines_);
    body(size, inner);
    return;
  }
  if (mode_ == Mode::Write) {
    toml::array a;
    for (std::size_t i = 0; i < size; ++i) {
      Fields inner = writer(key_path(key) + "[" + std::to_string(i) + "]");
      body(i, inner);
      a.push_back(std::move(*inner.out_));
    }
    out_->insert_or_assign(key, std::move(a));
    return;
  }
  const auto* n = find(key);
  if (!n) return resize(0);
  const auto* a = n->as_array();
  if (!a)
    fail(key,
         std::string("expected an array of tables ([[") + key + "]]), got " + toml_type_name(*n));
  resize(a->size());
  for (std::size_t i = 0; i < a->size(); ++i) {
    const auto* t = a->get(i)->as_table();
    if (!t) fail(key, "every element must be a table");
    Fields inner = reader(*t, key_path(key) + "[" + std::to_string(i) + "]", file_);
    body(i, inner);
    inner.reject_unknown_keys();
  }
}

std::string default_data_dir() {
  if (const char* env = std::getenv("ADMISSIBLE_DATA"); env && *env) return env;
  namespace fs = std::filesystem;
  for (const fs::path& candidate : {fs::path(ADM_SOURCE_DIR) / ".." / "shared" / "data",
                                    fs::current_path() / ".." / "shared" / "data"}) {
    std::error_code ec;
    if (fs::is_directory(candidate, ec)) return fs::weakly_canonical(candidate, ec).string();
  }
  return "";
}

std::string expand_variables(const std::string& text,
                             const std::function<void(const std::string&)>& on_error) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '$' && i + 1 < text.size() && text[i + 1] == '{') {
      const std::size_t close = text.find('}', i + 2);
      if (close == std::string::npos) on_error("unterminated ${ in \"" + text + "\"");
      const std::string name = text.substr(i + 2, close - i - 2);
      std::string value;
      if (name == "ADMISSIBLE_DATA") {
        value = default_data_dir();
        if (value.empty())
          on_error(
              "${ADMISSIBLE_DATA} is not set and no shared/data folder was found beside the "
              "checkout; set ADMISSIBLE_DATA to the data folder");
      } else if (const char* env = std::getenv(name.c_str())) {
        value = env;
      } else {
        on_error("environment variable ${" + name + "} is not set");
      }
      out += value;
      i = close;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace adm::config
