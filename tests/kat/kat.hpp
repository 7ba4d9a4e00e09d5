// SPDX-License-Identifier: MIT
#pragma once
// The known-answer files of tests/kat/, one per generator (docs/testing.md): the published values
// the tests compare with, each with its source.
//
// A file is plain text. A line is blank, a comment ('#' first) or a record: fields key=value
// separated by spaces or tabs, a value a number, a word or a comma-separated list, optionally
// followed by a comment. Every record has a source: a "# source: ..." comment at the end of its
// line, or the last "# source: ..." line above it in its block (a block ends at a blank line).
// Integers are decimal or 0x-hexadecimal; doubles are read exactly as written (from_chars,
// correctly rounded), and their text is kept for tests that compare digits.
//
// load(NAME) reads NAME.txt from the directory GLRAND_KAT_DIR names at run time if it is set, else
// from tests/kat as the build saw it (the compile definition GLRAND_KAT_DIR), else from tests/kat
// under the working directory (executables carried to another machine and run from the repository
// root). A malformed line, a record without a source, a selector that matches nothing or a value that
// does not parse throws kat::Error naming the file and line.
//
//   const kat::File& pm = kat::load("park_miller");
//   CHECK(pm::state_at(1, 9999) == pm.one("seed=1 n=10000").u32("z"));
//   for (const kat::Record* r : pm.all("seed=1 n z")) ...
//   const auto first = kat::load("mtgp32").u32_sequence("seed=1234", "word");  // outputs 0, 1, 2, ...
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#ifndef GLRAND_KAT_DIR
#error "GLRAND_KAT_DIR must name tests/kat (tests/CMakeLists.txt defines it)"
#endif

namespace glrand_test::kat {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace detail {

inline bool is_space(char c) { return c == ' ' || c == '\t'; }

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && (is_space(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

inline std::vector<std::string_view> split(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t begin = 0;;) {
    const std::size_t end = s.find(separator, begin);
    parts.push_back(s.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin));
    if (end == std::string_view::npos) return parts;
    begin = end + 1;
  }
}

// Whitespace-separated words.
inline std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < s.size();) {
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t begin = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > begin) out.push_back(s.substr(begin, i - begin));
  }
  return out;
}

inline bool is_key(std::string_view key) {
  if (key.empty() || !(std::isalpha(static_cast<unsigned char>(key[0])) || key[0] == '_')) return false;
  return std::all_of(key.begin(), key.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// The fields of "key=value key=value ..."; `what` names the text in errors.
inline std::map<std::string, std::string, std::less<>> fields(std::string_view text, const std::string& what) {
  std::map<std::string, std::string, std::less<>> out;
  for (const std::string_view word : words(text)) {
    const std::size_t eq = word.find('=');
    const std::string_view key = word.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view{} : word.substr(eq + 1);
    if (eq == std::string_view::npos || !is_key(key) || value.empty() || value.find('=') != std::string_view::npos)
      throw Error(what + ": '" + std::string(word) +
                  "' is not key=value (a key of letters, digits and _; a value without spaces or '=')");
    for (const std::string_view item : split(value, ','))
      if (item.empty()) throw Error(what + ": '" + std::string(word) + "' has an empty list item");
    if (!out.emplace(key, value).second) throw Error(what + ": key '" + std::string(key) + "' given twice");
  }
  return out;
}

}  // namespace detail

// One record: its fields, where it is ("FILE:LINE") and its source.
class Record {
 public:
  std::map<std::string, std::string, std::less<>> fields;
  std::string where;
  std::string source;

  bool has(std::string_view key) const { return fields.find(key) != fields.end(); }

  const std::string& text(std::string_view key) const {
    const auto it = fields.find(key);
    if (it == fields.end()) throw Error(where + ": no field '" + std::string(key) + "'");
    return it->second;
  }
  std::vector<std::string> texts(std::string_view key) const {
    std::vector<std::string> out;
    for (const std::string_view item : detail::split(text(key), ',')) out.emplace_back(item);
    return out;
  }

  std::uint64_t u64(std::string_view key) const { return to_u64(text(key), key); }
  std::uint32_t u32(std::string_view key) const { return to_u32(text(key), key); }
  double f64(std::string_view key) const { return to_f64(text(key), key); }

  std::vector<std::uint64_t> u64s(std::string_view key) const { return list(key, &Record::to_u64); }
  std::vector<std::uint32_t> u32s(std::string_view key) const { return list(key, &Record::to_u32); }
  std::vector<double> f64s(std::string_view key) const { return list(key, &Record::to_f64); }

 private:
  template <class T>
  std::vector<T> list(std::string_view key, T (Record::*convert)(std::string_view, std::string_view) const) const {
    std::vector<T> out;
    for (const std::string_view item : detail::split(text(key), ',')) out.push_back((this->*convert)(item, key));
    return out;
  }

  [[noreturn]] void bad(std::string_view key, std::string_view value, const char* expected) const {
    throw Error(where + ": " + std::string(key) + "=" + std::string(value) + " is not " + expected);
  }

  std::uint64_t to_u64(std::string_view value, std::string_view key) const {
    const bool hex = value.size() > 2 && value[0] == '0' && (value[1] == 'x' || value[1] == 'X');
    const std::string_view digits = hex ? value.substr(2) : value;
    std::uint64_t v = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), v, hex ? 16 : 10);
    if (error != std::errc{} || end != digits.data() + digits.size()) bad(key, value, "an unsigned 64-bit integer");
    return v;
  }
  std::uint32_t to_u32(std::string_view value, std::string_view key) const {
    const std::uint64_t v = to_u64(value, key);
    if (v > std::numeric_limits<std::uint32_t>::max()) bad(key, value, "an unsigned 32-bit integer");
    return static_cast<std::uint32_t>(v);
  }
  double to_f64(std::string_view value, std::string_view key) const {
    double v = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (error != std::errc{} || end != value.data() + value.size()) bad(key, value, "a double");
    return v;
  }
};

// The records of one file, in file order, and the selections the tests make of them.
class File {
 public:
  std::string path;
  std::vector<Record> records;

  // The records matching `selector`: space-separated terms, "key=value" (the field equals the
  // value as written) or "key" (the field is present). None matching throws: a test reading a
  // file never silently compares nothing.
  std::vector<const Record*> all(std::string_view selector) const {
    const auto terms = parse_selector(selector);
    std::vector<const Record*> out;
    for (const Record& r : records)
      if (std::all_of(terms.begin(), terms.end(), [&](const auto& t) {
            const auto it = r.fields.find(t.first);
            return it != r.fields.end() && (t.second.empty() || it->second == t.second);
          }))
        out.push_back(&r);
    if (out.empty()) throw Error(path + ": no record matches '" + std::string(selector) + "'");
    return out;
  }

  // The one record matching `selector` (more than one throws).
  const Record& one(std::string_view selector) const {
    const auto found = all(selector);
    if (found.size() != 1)
      throw Error(path + ": " + std::to_string(found.size()) + " records match '" + std::string(selector) + "' (" +
                  found[0]->where + ", " + found[1]->where + ", ...), not one");
    return *found[0];
  }

  // The field `key` of the records matching `selector` and having it, ordered by their field
  // "output", which must run 0, 1, 2, ... without a gap; list values are concatenated.
  std::vector<std::uint32_t> u32_sequence(std::string_view selector, std::string_view key) const {
    return sequence(selector, key, &Record::u32s);
  }
  std::vector<std::uint64_t> u64_sequence(std::string_view selector, std::string_view key) const {
    return sequence(selector, key, &Record::u64s);
  }
  std::vector<double> f64_sequence(std::string_view selector, std::string_view key) const {
    return sequence(selector, key, &Record::f64s);
  }
  std::vector<std::string> text_sequence(std::string_view selector, std::string_view key) const {
    return sequence(selector, key, &Record::texts);
  }

 private:
  static std::vector<std::pair<std::string, std::string>> parse_selector(std::string_view selector) {
    std::vector<std::pair<std::string, std::string>> terms;
    for (const std::string_view word : detail::words(selector)) {
      const std::size_t eq = word.find('=');
      terms.emplace_back(std::string(word.substr(0, eq)),
                         eq == std::string_view::npos ? "" : std::string(word.substr(eq + 1)));
      if (!detail::is_key(terms.back().first) || (eq != std::string_view::npos && terms.back().second.empty()))
        throw Error("kat selector '" + std::string(selector) + "': '" + std::string(word) +
                    "' is neither key nor key=value");
    }
    return terms;
  }

  template <class T>
  std::vector<T> sequence(std::string_view selector, std::string_view key,
                          std::vector<T> (Record::*list)(std::string_view) const) const {
    auto found = all(std::string(selector) + " output " + std::string(key));
    std::vector<std::pair<std::uint64_t, const Record*>> ordered;
    for (const Record* r : found) ordered.emplace_back(r->u64("output"), r);
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<T> out;
    for (std::size_t i = 0; i < ordered.size(); ++i) {
      if (ordered[i].first != i)
        throw Error(ordered[i].second->where + ": output=" + std::to_string(ordered[i].first) +
                    " where output=" + std::to_string(i) + " was due in the sequence '" + std::string(selector) + "'");
      const auto values = (ordered[i].second->*list)(key);
      out.insert(out.end(), values.begin(), values.end());
    }
    return out;
  }
};

// Parses `text` as the file `path` (kept apart from the reading for the loader's own tests).
inline File parse(const std::string& path, std::string_view text) {
  File file{path, {}};
  std::string source;  // the "# source:" in force
  std::size_t number = 0;
  for (std::size_t begin = 0; begin <= text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    std::string_view line = detail::trim(text.substr(begin, end - begin));
    begin = end + 1;
    const std::string where = path + ":" + std::to_string(++number);
    if (line.empty()) {
      source.clear();  // a blank line ends the block and its source
    } else if (line.front() == '#') {
      const std::string_view comment = detail::trim(line.substr(1));
      if (comment.starts_with("source:")) {
        source = std::string(detail::trim(comment.substr(7)));
        if (source.empty()) throw Error(where + ": '# source:' names no source");
      }
    } else {
      std::string own_source;
      if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) {
        const std::string_view comment = detail::trim(line.substr(hash + 1));
        if (comment.starts_with("source:")) {
          own_source = std::string(detail::trim(comment.substr(7)));
          if (own_source.empty()) throw Error(where + ": '# source:' names no source");
        }
        line = detail::trim(line.substr(0, hash));
      }
      Record record{detail::fields(line, where), where, own_source.empty() ? source : own_source};
      if (record.source.empty())
        throw Error(
            where +
            ": a record without a source (a '# source:' line above it in its block, or at the end of its line)");
      file.records.push_back(std::move(record));
    }
  }
  return file;
}

// Where NAME.txt is read from (see the top of this file).
inline std::filesystem::path path_of(std::string_view name) {
  const std::string file = std::string(name) + ".txt";
  if (const char* dir = std::getenv("GLRAND_KAT_DIR"); dir != nullptr && *dir != '\0')
    return std::filesystem::path(dir) / file;
  const std::filesystem::path built = std::filesystem::path(GLRAND_KAT_DIR) / file;
  if (std::filesystem::exists(built)) return built;
  const std::filesystem::path here = std::filesystem::path("tests") / "kat" / file;
  if (std::filesystem::exists(here)) return here;
  throw Error("known-answer file " + file + " is neither in " + built.parent_path().string() +
              " nor in tests/kat under the working directory; set GLRAND_KAT_DIR to the folder that holds it");
}

// tests/kat/NAME.txt, read and parsed once per process.
inline const File& load(std::string_view name) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<File>, std::less<>> cache;
  const std::lock_guard lock(mutex);
  if (const auto it = cache.find(name); it != cache.end()) return *it->second;
  const std::filesystem::path path = path_of(name);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path.string() + ": cannot be read");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto file = std::make_unique<File>(parse(path.string(), text));
  return *cache.emplace(std::string(name), std::move(file)).first->second;
}

}  // namespace glrand_test::kat
