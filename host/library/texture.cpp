// SPDX-License-Identifier: MIT
// glrand::TextureFiller behind the public API: CEICG's texture fill (fragment::CeicgTextureFiller,
// the host keeping the residues), one engine per number of textures, made on the first fill of
// that many; Park–Miller's (fragment::StateTextureFiller, the states on the GPU), one engine for
// the texture size in use, its states set from the host when it is made, when the number of
// textures a fill writes changes, and after seek().
#include <glrand/error.hpp>
#include <glrand/texture.hpp>
#include <map>

#include "fragment/ceicg_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/state_texture_filler.hpp"
#include "gl/loader.hpp"
#include "library/starts.hpp"
#include "selftest/self_test.hpp"

namespace glrand {

bool fills_textures(Algorithm algorithm, Profile profile) {
  return (algorithm == Algorithm::ceicg || algorithm == Algorithm::park_miller) && profile == Profile::ps30;
}

struct TextureFiller::Impl {
  Settings settings;
  ceicg::Residues next;  // the residues of output offset + position
  std::uint64_t position = 0;
  std::map<std::uint32_t, fragment::CeicgTextureFiller> fillers;  // by textures per fill
  std::unique_ptr<fragment::StateTextureFiller<fragment::ParkMillerTraits>> park_miller;
  bool park_miller_at_position = false;  // whether its GPU states stand at `position`
  std::uint32_t park_miller_textures = 0;  // textures a fill writes, as its states are laid out
  bool opened = false;  // entry points loaded and self-test passed on the first fill's context
};

TextureFiller::TextureFiller(const Settings& settings) : impl_(std::make_unique<Impl>()) {
  library::check_settings(settings);
  if (!fills_textures(settings.algorithm, settings.profile) || settings.backend != Backend::gl)
    throw InvalidArgument("texture fills support -g ceicg and -g pm in the ps30 profile on the GL path so far, not -g " +
                          std::string(info(settings.algorithm).name) + " in " + name_of(settings.profile) + " on " +
                          name_of(settings.backend) + "; glrand::Generator gives every generator's numbers");
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
  impl_->park_miller_at_position = false;
}

void TextureFiller::fill(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height) {
  if (textures.empty() || textures.size() > 4)
    throw InvalidArgument("a texture fill writes 1 to 4 textures, not " + std::to_string(textures.size()));
  if (!impl_->opened) {
    gl::load_entry_points();
    if (impl_->settings.self_test) {
      try {
        selftest::require_self_test({std::string(info(impl_->settings.algorithm).name), selftest::kPs30});
      } catch (const DeviceError& e) {
        throw DeviceError(std::string(e.what()) +
                          " (--no-self-test would skip this check, at the risk of wrong numbers)");
      }
    }
    impl_->opened = true;
  }
  const auto count = static_cast<std::uint32_t>(textures.size());
  if (impl_->settings.algorithm == Algorithm::park_miller) {
    auto& filler = impl_->park_miller;
    if (!filler || filler->width() != width || filler->height() != height) {
      filler.reset();
      filler = std::make_unique<fragment::StateTextureFiller<fragment::ParkMillerTraits>>(width, height);
      impl_->park_miller_at_position = false;
    }
    if (!impl_->park_miller_at_position || impl_->park_miller_textures != count) {
      filler->set_state(library::pm_start(impl_->settings, impl_->position), count);
      impl_->park_miller_textures = count;
    }
    impl_->park_miller_at_position = false;  // until the fill is done
    filler->fill(textures);
    impl_->park_miller_at_position = true;
    impl_->position += std::uint64_t{4} * count * width * height;
    return;
  }
  auto filler = impl_->fillers.find(count);
  if (filler == impl_->fillers.end()) filler = impl_->fillers.try_emplace(count, count).first;
  impl_->next = filler->second.fill(impl_->next, textures, width, height);
  impl_->position += std::uint64_t{4} * count * width * height;
}

}  // namespace glrand
