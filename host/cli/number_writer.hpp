// SPDX-License-Identifier: MIT
#pragma once
// How `glrand generate` turns a generator's outputs into a format and writes them to a sink,
// overlapping the two: shared by the command and by `glrand bench`'s sink rows, so that the
// bench times exactly what the command runs.
#include <cstdint>
#include <functional>
#include <string>

#include <glrand/generator.hpp>
#include "cli/u32_words.hpp"
#include "output/sink.hpp"

namespace glrand::cli {

// ints: the exact integers (words_per_output words an output); u32: one 32-bit word for
// test batteries (see u32_words.hpp); f32, f64: the documented float formulas; text,
// text-f64, text-ints: the same as lines, for reading (f32 as %.9g and f64 as %.17g, which
// read back to the same float; the integers of an output separated by spaces).
enum class Format { ints, u32, f32, f64, text, text_f64, text_ints };

// Throws InvalidArgument naming --format for an unknown name.
Format parse_format(const std::string& format);
// The name parse_format takes: "ints", "text-f64", ...
const char* name_of(Format format);
bool is_text(Format format);
output::ElementType element_type(Format format);

// The sink's shape for `count` outputs of `generator` in `format` (ints of a generator of
// several words an output: {count, words}).
std::vector<std::uint64_t> sink_shape(const Generator& generator, Format format, std::uint64_t count);

// Generates `outputs` outputs (--format u32: the outputs its `words` need) from `generator`'s
// position on and writes them to `sink` in `format`: floats from the device's buffers where
// the generator makes them there, else converted on the host into one of two buffers while
// the other is written. `advance` is told each written amount (outputs; u32: words). Throws
// what the generator or the sink throws (output::OutputClosed when a reader went away); the
// caller finishes the sink.
void write_numbers(Generator& generator, std::uint64_t outputs, Format format, WordFormula words,
                   output::OutputSink& sink, const std::function<void(std::uint64_t)>& advance);

// The same for `outputs` values of `distribution` (format f32, f64, text or text-f64): each
// chunk made by the generator's distribution call while the last one is written.
void write_distribution(Generator& generator, std::uint64_t outputs, Format format, const Distribution& distribution,
                        output::OutputSink& sink, const std::function<void(std::uint64_t)>& advance);

}  // namespace glrand::cli
