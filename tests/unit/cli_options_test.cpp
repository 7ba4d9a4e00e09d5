// SPDX-License-Identifier: MIT
// Option parsing of the glrand command, without running it.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cli/options.hpp"
#include "fragment/ceicg_fragment.hpp"
#include <glrand/error.hpp>

using namespace glrand;

TEST_CASE("counts: decimal, powers and exponents, with clear errors", "[cli]") {
  CHECK(cli::parse_count("0", "n") == 0);
  CHECK(cli::parse_count("100000000", "n") == 100000000);
  CHECK(cli::parse_count("2^40", "n") == (1ull << 40));
  CHECK(cli::parse_count("1e8", "n") == 100000000);
  CHECK(cli::parse_count("18446744073709551615", "n") == ~0ull);
  CHECK_THROWS_WITH(cli::parse_count("18446744073709551616", "n"), Catch::Contains("too large"));
  CHECK_THROWS_WITH(cli::parse_count("2^64", "n"), Catch::Contains("too large"));
  CHECK_THROWS_WITH(cli::parse_count("1e20", "n"), Catch::Contains("too large"));
  CHECK_THROWS_WITH(cli::parse_count("-1", "n"), Catch::Contains("negative"));
  CHECK_THROWS_WITH(cli::parse_count("12abc", "COUNT"), Catch::Contains("COUNT must be a whole number"));
  CHECK_THROWS_AS(cli::parse_count("", "n"), InvalidArgument);
  CHECK_THROWS_AS(cli::parse_count("1.5", "n"), InvalidArgument);
  // Decimal notation that names a whole number is one.
  CHECK(cli::parse_count("1.4e7", "n") == 14000000);
  CHECK(cli::parse_count("2.5e3", "n") == 2500);
  CHECK(cli::parse_count("2.50E3", "n") == 2500);
  CHECK(cli::parse_count("1.0", "n") == 1);
  CHECK(cli::parse_count("0.5e1", "n") == 5);
  CHECK(cli::parse_count("1.8446744073709551615e19", "n") == ~0ull);
  CHECK_THROWS_WITH(cli::parse_count("1.8446744073709551616e19", "n"), Catch::Contains("too large"));
  CHECK_THROWS_WITH(cli::parse_count("1.25e1", "n"), Catch::Contains("whole number"));
  CHECK_THROWS_WITH(cli::parse_count("1e-3", "n"), Catch::Contains("whole number"));
  CHECK_THROWS_WITH(cli::parse_count("2^70", "n"), Catch::Contains("too large"));
  CHECK_THROWS_WITH(cli::parse_count("-5", "n"), Catch::Contains("negative"));
  for (const char* bad : {".5e1", "1.e3", "1..5", "1.5.0", "e3", "1e", "1e3e3", "1.5^2", "2^", "^2", " 1", "0x10"})
    CHECK_THROWS_WITH(cli::parse_count(bad, "n"), Catch::Contains("whole number"));
}

TEST_CASE("CEICG seeds: three words below each modulus", "[cli][ceicg]") {
  const auto parse = [](const char* text) { return info(Algorithm::ceicg).parse_seed(text); };
  CHECK(parse("1,2,3") == std::vector<std::uint64_t>{1, 2, 3});
  CHECK(parse("16777212,16777198,16777182") == std::vector<std::uint64_t>{16777212, 16777198, 16777182});
  CHECK_THROWS_WITH(parse("16777213,0,0"), Catch::Contains("0..16777212"));
  CHECK_THROWS_WITH(parse("0,16777199,0"), Catch::Contains("n2"));
  CHECK_THROWS_WITH(parse("1,2"), Catch::Contains("three words"));
  CHECK_THROWS_AS(parse("1,2,3,"), InvalidArgument);
  CHECK_THROWS_AS(parse("a,b,c"), InvalidArgument);
  CHECK_THROWS_AS(parse("-1,2,3"), InvalidArgument);
}

TEST_CASE("sizes and generator names", "[cli]") {
  CHECK(cli::parse_size("1024x768", "--size").width == 1024);
  CHECK(cli::parse_size("1024x768", "--size").height == 768);
  CHECK_THROWS_AS(cli::parse_size("0x5", "--size"), InvalidArgument);
  CHECK_THROWS_AS(cli::parse_size("12", "--size"), InvalidArgument);
  CHECK_NOTHROW(find_generator("ceicg"));
  CHECK_THROWS_WITH(find_generator("nope"), Catch::Contains("unknown generator 'nope'"));
  CHECK_THROWS_WITH(fragment::check_target_size({5000, 5000}, 16384), Catch::Contains("2^24"));
  CHECK_THROWS_WITH(fragment::check_target_size({20000, 1}, 16384), Catch::Contains("16384"));
}

TEST_CASE("the self-test runs by default: --no-self-test is off unless given", "[cli]") {
  for (const bool given : {false, true}) {
    CLI::App app;
    cli::SourceOptions options;
    options.add_to(app, true);
    options.add_self_test_option(app);
    std::vector<std::string> args{"glrand"};
    if (given) args.push_back("--no-self-test");
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    app.parse(static_cast<int>(argv.size()), argv.data());
    CHECK(options.no_self_test == given);
  }
}
