// SPDX-License-Identifier: MIT
// glrand::TextureFiller behind the public API: CEICG's texture fill (fragment::CeicgTextureFiller,
// the host keeping the residues), one engine per number of textures, made on the first fill of
// that many; Park–Miller's, Wichmann–Hill's and MRG32k3a's (the states on the GPU: in ps30
// fragment::StateTextureFiller, in the compute profile stream::ComputeTextureFiller), one engine
// for the texture size in use, its states set from the host when it is made, when the number of
// textures a fill writes changes, and after seek().
#include <glrand/error.hpp>
#include <glrand/texture.hpp>
#include <map>
#include <optional>
#include <vector>

#include "distributions/transforms.hpp"
#include "fragment/ceicg_fragment.hpp"
#include "fragment/distribution_pass.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/state_texture_filler.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "gl/loader.hpp"
#include "stream/compute_texture_filler.hpp"
#include "stream/distribution_dispatch.hpp"
#include "library/starts.hpp"
#include "selftest/self_test.hpp"

namespace glrand {

bool fills_textures(Algorithm algorithm, Profile profile) {
  const bool gl_generator = algorithm == Algorithm::ceicg || algorithm == Algorithm::park_miller ||
                            algorithm == Algorithm::wichmann_hill || algorithm == Algorithm::mrg32k3a;
  return gl_generator && (profile == Profile::ps30 || profile == Profile::compute);
}

bool fills_textures(const Settings& settings) {
  return settings.backend == Backend::gl && fills_textures(settings.algorithm, settings.profile) &&
         !settings.curand_seed && settings.layout.split != Split::parameterisation;
}

namespace {

// A generator whose substream states live on the GPU: its engine (Engine<G>, ps30's or the
// compute profile's) for the size in use, and whether its states stand at the filler's
// position, laid out for fills of `textures` textures of `channels` channels.
template <template <class> class Engine, class G>
struct StateFill {
  std::unique_ptr<Engine<G>> engine;
  bool at_position = false;
  std::uint32_t textures = 0;
  std::optional<gl::TexelFormat> format;

  // `start()`: the sequence's state at the position, for the host to lay the states out from.
  template <class Start>
  void fill(const G& traits, Start start, std::span<const unsigned> ids, std::uint32_t width, std::uint32_t height,
            gl::TexelFormat texture_format) {
    const auto count = static_cast<std::uint32_t>(ids.size());
    if (!engine || engine->width() != width || engine->height() != height) {
      engine.reset();
      engine = std::make_unique<Engine<G>>(width, height, traits);
      at_position = false;
    }
    if (!at_position || textures != count || format != texture_format) {
      at_position = false;  // until the states are set and the fill is done
      engine->set_state(start(), count, texture_format);
      textures = count;
      format = texture_format;
    }
    at_position = false;  // until the fill is done
    engine->fill(ids);
    at_position = true;
  }
};

}  // namespace

struct TextureFiller::Impl {
  Settings settings;
  ceicg::Residues next;  // the residues of output offset + position
  std::uint64_t position = 0;
  std::map<std::uint32_t, fragment::CeicgTextureFiller> fillers;  // by textures per fill
  StateFill<fragment::StateTextureFiller, fragment::ParkMillerTraits> park_miller;
  StateFill<fragment::StateTextureFiller, fragment::WichmannHillTraits> wichmann_hill;
  StateFill<fragment::StateTextureFiller, fragment::Mrg32k3aTraits> mrg32k3a;
  StateFill<stream::ComputeTextureFiller, fragment::ParkMillerTraits> park_miller_compute;
  StateFill<stream::ComputeTextureFiller, fragment::WichmannHillTraits> wichmann_hill_compute;
  StateFill<stream::ComputeTextureFiller, fragment::Mrg32k3aTraits> mrg32k3a_compute;
  bool opened = false;  // entry points loaded and self-test passed on the first fill's context
  // Fills of a distribution in ps30: the uniform floats go into these first, then the pass
  // makes the values in the caller's textures; in the compute profile a dispatch makes them in
  // place.
  std::vector<gl::Texture> units;
  std::optional<gl::TexelFormat> units_format;  // none while they are being made
  std::optional<fragment::DistributionPass> distribution_pass;
  std::optional<stream::DistributionDispatch> distribution_dispatch;

  void open();
  // The first fill's opening, then the checks every fill makes of its textures: 1 to 4 of
  // width x height within the device's limits, all of one format, which it returns.
  gl::TexelFormat checked_textures(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height);
};

void TextureFiller::Impl::open() {
  if (opened) return;
  gl::load_entry_points();
  if (settings.self_test) {
    try {
      selftest::require_self_test({std::string(info(settings.algorithm).name), name_of(settings.profile)});
    } catch (const DeviceError& e) {
      throw DeviceError(std::string(e.what()) + " (--no-self-test would skip this check, at the risk of wrong numbers)");
    }
  }
  opened = true;
}

gl::TexelFormat TextureFiller::Impl::checked_textures(std::span<const unsigned> textures, std::uint32_t width,
                                                     std::uint32_t height) {
  if (textures.empty() || textures.size() > 4)
    throw InvalidArgument("a texture fill writes 1 to 4 textures, not " + std::to_string(textures.size()));
  open();
  fragment::check_target_size({width, height}, fragment::max_texture_size());
  return fragment::check_textures(textures, width, height);
}

TextureFiller::TextureFiller(const Settings& settings) : impl_(std::make_unique<Impl>()) {
  library::check_settings(settings);
  if (!fills_textures(settings.algorithm, settings.profile) || settings.backend != Backend::gl)
    throw InvalidArgument("texture fills support the GL generators (ceicg, pm, wh, mrg32k3a) in the ps30 and compute "
                          "profiles on the GL path, not -g " +
                          std::string(info(settings.algorithm).name) + " in " + name_of(settings.profile) + " on " +
                          name_of(settings.backend) + "; glrand::Generator gives every generator's numbers");
  if (settings.curand_seed)
    throw InvalidArgument("texture fills compute RngStreams' floats; --curand-seed's sequence is for glrand::Generator");
  if (settings.layout.split == Split::parameterisation)
    throw InvalidArgument("texture fills give one set's sequence; --split parameterisation's is for glrand::Generator");
  impl_->settings = settings;
  impl_->next = library::ceicg_start(settings, 0);
}

TextureFiller::TextureFiller(TextureFiller&&) noexcept = default;
TextureFiller& TextureFiller::operator=(TextureFiller&&) noexcept = default;
TextureFiller::~TextureFiller() = default;

std::uint64_t TextureFiller::position() const { return impl_->position; }

void TextureFiller::seek(std::uint64_t position) {
  impl_->position = position;
  if (impl_->settings.algorithm == Algorithm::ceicg) impl_->next = library::ceicg_start(impl_->settings, position);
  impl_->park_miller.at_position = false;
  impl_->wichmann_hill.at_position = false;
  impl_->mrg32k3a.at_position = false;
  impl_->park_miller_compute.at_position = false;
  impl_->wichmann_hill_compute.at_position = false;
  impl_->mrg32k3a_compute.at_position = false;
}

void TextureFiller::fill(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height) {
  const gl::TexelFormat format = impl_->checked_textures(textures, width, height);
  const auto count = static_cast<std::uint32_t>(textures.size());
  const Settings& settings = impl_->settings;
  const std::uint64_t position = impl_->position;
  const bool compute = settings.profile == Profile::compute;
  // Outputs a texel of each texture holds: a float or word a channel, or one output's words.
  const std::uint32_t per_texture = format.outputs_per_texel(info(settings.algorithm).words_per_output,
                                                             info(settings.algorithm).name, compute);
  const std::uint64_t outputs = std::uint64_t{per_texture} * count * width * height;
  // A stateful generator's fill in the settings' profile, from its state at the position.
  const auto fill_with = [&](auto& ps30_fill, auto& compute_fill, const auto& traits, auto start) {
    if (compute)
      compute_fill.fill(traits, start, textures, width, height, format);
    else
      ps30_fill.fill(traits, start, textures, width, height, format);
    impl_->position += outputs;
  };
  if (settings.algorithm == Algorithm::park_miller)
    return fill_with(impl_->park_miller, impl_->park_miller_compute, fragment::ParkMillerTraits{},
                     [&] { return library::pm_start(settings, position); });
  if (settings.algorithm == Algorithm::mrg32k3a)
    return fill_with(impl_->mrg32k3a, impl_->mrg32k3a_compute, fragment::Mrg32k3aTraits{},
                     [&] { return library::mrg32k3a_before(settings, position); });
  if (settings.algorithm == Algorithm::wichmann_hill)
    return fill_with(impl_->wichmann_hill, impl_->wichmann_hill_compute,
                     fragment::WichmannHillTraits{wh::parameters(settings.wh_set)},
                     [&] { return library::wh_start(settings, settings.wh_set, position); });
  auto filler = impl_->fillers.find(count);
  if (filler == impl_->fillers.end()) filler = impl_->fillers.try_emplace(count, count, compute).first;
  impl_->next = filler->second.fill(impl_->next, textures, width, height);
  impl_->position += outputs;
}

void TextureFiller::fill(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height,
                         const Distribution& distribution) {
  const gl::TexelFormat format = impl_->checked_textures(textures, width, height);
  if (format.words)
    throw InvalidArgument("a distribution's values are floats: fill GL_RGBA32F, GL_RG32F or GL_R32F textures, not " +
                          format.name());
  fragment::check_texture_distribution(distribution, format.channels);
  if (distributions::uses_pairs(distribution) && impl_->position % 2 != 0)
    throw InvalidArgument("Box-Muller pairs outputs 2k and 2k + 1, and this fill would start at the odd position " +
                          std::to_string(impl_->position) + ": seek() to an even one");
  // The passes are compiled before anything is written, so that a failure leaves the textures
  // and the position as they were.
  if (impl_->settings.profile == Profile::compute) {
    if (!impl_->distribution_dispatch) impl_->distribution_dispatch.emplace();
    impl_->distribution_dispatch->prepare(format, distribution);
    fill(textures, width, height);
    impl_->distribution_dispatch->apply(textures, width, height, format, distribution);
    return;
  }
  if (!impl_->distribution_pass) impl_->distribution_pass.emplace();
  impl_->distribution_pass->prepare(distribution);
  auto& units = impl_->units;
  if (units.size() != textures.size() || units.front().width() != width || units.front().height() != height ||
      impl_->units_format != format) {
    impl_->units_format.reset();  // until all are made in the new size and format
    units.clear();
    for (std::size_t t = 0; t < textures.size(); ++t) units.emplace_back(width, height, format);
    impl_->units_format = format;
  }
  std::vector<unsigned> ids;
  for (const gl::Texture& t : units) ids.push_back(t.id());
  const std::uint64_t position = impl_->position;
  fill(ids, width, height);
  try {
    impl_->distribution_pass->apply(ids, textures, width, height, distribution);
  } catch (...) {
    seek(position);  // the caller's textures were not written
    throw;
  }
}

}  // namespace glrand
