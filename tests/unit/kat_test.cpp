// SPDX-License-Identifier: MIT
// The known-answer files (tests/kat/) and their loader (tests/kat/kat.hpp): every file parses and
// every record has a source; fields, sources and sequences are read as written; a malformed line,
// a record without a source, a selector that matches nothing, a gap in a sequence and a value that
// does not parse are refused, naming the file and line.
#include "kat/kat.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kat = glrand_test::kat;

TEST_CASE("kat: every known-answer file parses and every record has a source", "[kat]") {
  for (const char* name :
       {"park_miller", "ceicg", "wichmann_hill", "mrg32k3a", "mt19937", "sobol32", "mtgp32", "splitmix64"}) {
    INFO(name);
    const kat::File& file = kat::load(name);
    CHECK(std::filesystem::path(file.path).filename() == std::string(name) + ".txt");
    CHECK(!file.records.empty());
    for (const kat::Record& r : file.records) {
      INFO(r.where);
      CHECK(!r.source.empty());
      CHECK(!r.fields.empty());
    }
  }
  CHECK(&kat::load("park_miller") == &kat::load("park_miller"));  // read once
  CHECK_THROWS_AS(kat::load("no_such_generator"), kat::Error);
  CHECK_THROWS_WITH(kat::load("no_such_generator"), Catch::Contains("no_such_generator.txt"));
}

TEST_CASE("kat: fields, sources and sequences are read as written", "[kat]") {
  const kat::File f = kat::parse("x.txt",
                                 "# a comment, then a block and its source\n"
                                 "# source: the block's source\n"
                                 "seed=1 output=1 word=0x10,20\n"
                                 "seed=1 output=0 word=7   # source: its own source\n"
                                 "\n"
                                 "# source: another\n"
                                 "\tseed=2 output=0 double=0.1 name=g3 big=18446744073709551615  # a comment\n");
  REQUIRE(f.records.size() == 3);
  CHECK(f.records[0].where == "x.txt:3");
  CHECK(f.records[0].source == "the block's source");
  CHECK(f.records[1].source == "its own source");
  CHECK(f.records[2].source == "another");
  CHECK(f.records[2].where == "x.txt:7");
  CHECK(f.records[0].u32s("word") == std::vector<std::uint32_t>{16, 20});
  CHECK(f.records[0].text("word") == "0x10,20");
  CHECK(f.u32_sequence("seed=1", "word") == std::vector<std::uint32_t>{7, 16, 20});
  CHECK(f.all("seed output").size() == 3);
  CHECK(f.all("double").size() == 1);
  const kat::Record& r = f.one("seed=2");
  CHECK(r.f64("double") == 0.1);
  CHECK(r.text("name") == "g3");
  CHECK(r.u64("big") == 18446744073709551615u);
  CHECK(r.has("name"));
  CHECK(!r.has("word"));
  CHECK(f.f64_sequence("seed=2", "double") == std::vector<double>{0.1});
  CHECK(f.text_sequence("seed=2", "name") == std::vector<std::string>{"g3"});
}

TEST_CASE("kat: what does not parse or match is refused, naming the file and line", "[kat]") {
  const std::pair<const char*, const char*> malformed[] = {
      {"# source: s\nseed=1 z\n", "x.txt:2: 'z' is not key=value"},
      {"# source: s\nseed=1 2x=1\n", "x.txt:2: '2x=1' is not key=value"},
      {"# source: s\nseed=\n", "x.txt:2: 'seed=' is not key=value"},
      {"# source: s\nseed=1=2\n", "x.txt:2: 'seed=1=2' is not key=value"},
      {"# source: s\nseed=1 seed=2\n", "x.txt:2: key 'seed' given twice"},
      {"# source: s\nseed=1,,2\n", "x.txt:2: 'seed=1,,2' has an empty list item"},
      {"# source: s\n\nseed=1\n", "x.txt:3: a record without a source"},
      {"seed=1\n", "x.txt:1: a record without a source"},
      {"# source:\nseed=1\n", "x.txt:1: '# source:' names no source"},
      {"seed=1 # source:\n", "x.txt:1: '# source:' names no source"},
  };
  for (const auto& [text, message] : malformed) {
    INFO(text);
    CHECK_THROWS_AS(kat::parse("x.txt", text), kat::Error);
    CHECK_THROWS_WITH(kat::parse("x.txt", text), Catch::Contains(message));
  }
  const kat::File f = kat::parse("x.txt",
                                 "# source: s\n"
                                 "seed=1 output=0 word=1 big=4294967296 name=g3 f=0.5x\n"
                                 "seed=1 output=2 word=3\n");
  const kat::Record& r = f.records[0];
  CHECK_THROWS_WITH(f.all("seed=3"), Catch::Contains("x.txt: no record matches 'seed=3'"));
  CHECK_THROWS_WITH(f.one("seed=1"), Catch::Contains("2 records match 'seed=1'"));
  CHECK_THROWS_WITH(f.all("seed="), Catch::Contains("'seed=' is neither key nor key=value"));
  CHECK_THROWS_WITH(r.text("z"), Catch::Contains("x.txt:2: no field 'z'"));
  CHECK_THROWS_WITH(r.u32("big"), Catch::Contains("x.txt:2: big=4294967296 is not an unsigned 32-bit integer"));
  CHECK(r.u64("big") == 4294967296u);
  CHECK_THROWS_WITH(r.u64("name"), Catch::Contains("x.txt:2: name=g3 is not an unsigned 64-bit integer"));
  CHECK_THROWS_WITH(r.f64("f"), Catch::Contains("x.txt:2: f=0.5x is not a double"));
  CHECK_THROWS_WITH(f.u32_sequence("seed=1", "word"), Catch::Contains("x.txt:3: output=2 where output=1 was due"));
}

TEST_CASE("kat: GLRAND_KAT_DIR in the environment names the folder", "[kat]") {
  const char* before = std::getenv("GLRAND_KAT_DIR");
  const std::optional<std::string> saved = before ? std::optional<std::string>(before) : std::nullopt;
  ::setenv("GLRAND_KAT_DIR", "/elsewhere/kat", 1);
  const auto path = kat::path_of("park_miller");
  if (saved)
    ::setenv("GLRAND_KAT_DIR", saved->c_str(), 1);
  else
    ::unsetenv("GLRAND_KAT_DIR");
  CHECK(path == std::filesystem::path("/elsewhere/kat/park_miller.txt"));
  CHECK(std::filesystem::exists(kat::path_of("park_miller")));
}
