// Probe: does a pack that is a fragment draw (SSBO writes into host memory) overlap the next
// generation draw, where a compute pack runs in turn? One context. Passes shaped like ps30
// Park-Miller: W x H pixels, 3 RGBA32F targets, the pack reads 2 targets -> 4 words a pixel.
#include <GL/glew.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
static EGLDisplay dpy;
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
static GLuint shader(GLenum t, const std::string& s) { GLuint h = glCreateShader(t); const char* c = s.c_str(); glShaderSource(h, 1, &c, nullptr); glCompileShader(h); GLint ok; glGetShaderiv(h, GL_COMPILE_STATUS, &ok); if (!ok) { char b[4000]; glGetShaderInfoLog(h, 4000, nullptr, b); std::fprintf(stderr, "%s\n%s\n", s.c_str(), b); std::exit(1);} return h; }
static GLuint program(const std::string& vs, const std::string& fs) { GLuint p = glCreateProgram(); glAttachShader(p, shader(GL_VERTEX_SHADER, vs)); glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs)); glLinkProgram(p); return p; }
static GLuint cprogram(const std::string& cs) { GLuint p = glCreateProgram(); glAttachShader(p, shader(GL_COMPUTE_SHADER, cs)); glLinkProgram(p); return p; }
int main(int argc, char** argv) {
  int W = 4096, H = argc > 1 ? std::atoi(argv[1]) : 256, N = argc > 2 ? std::atoi(argv[2]) : 200, ITER = argc > 3 ? std::atoi(argv[3]) : 4;
  auto qd = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
  auto gpd = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLDeviceEXT devs[8]; EGLint n; qd(8, devs, &n);
  for (int d = 0; d < n; ++d) { dpy = gpd(EGL_PLATFORM_DEVICE_EXT, devs[d], nullptr); EGLint ma, mi; if (eglInitialize(dpy, &ma, &mi)) break; }
  eglBindAPI(EGL_OPENGL_API);
  EGLint a[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext A = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, a);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, A);
  glewExperimental = GL_TRUE; glewInit();
  std::printf("%s | %s | %dx%d, %d passes, ITER %d\n", glGetString(GL_RENDERER), glGetString(GL_VERSION), W, H, N, ITER);
  // Two sets of 3 targets (2 outputs + state), ping-pong states.
  GLuint tex[2][3], fbo[2];
  for (int s = 0; s < 2; ++s) {
    glGenTextures(3, tex[s]);
    for (int t = 0; t < 3; ++t) { glBindTexture(GL_TEXTURE_2D, tex[s][t]); glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, W, H); }
    glGenFramebuffers(1, &fbo[s]); glBindFramebuffer(GL_FRAMEBUFFER, fbo[s]);
    for (int t = 0; t < 3; ++t) glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + t, GL_TEXTURE_2D, tex[s][t], 0);
    GLenum bufs[3] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2}; glDrawBuffers(3, bufs);
  }
  GLuint empty; glGenFramebuffers(1, &empty); glBindFramebuffer(GL_FRAMEBUFFER, empty);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, W); glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, H);
  GLuint vao; glGenVertexArrays(1, &vao);
  const std::string vs = "#version 450\nvoid main(){vec2 p=vec2((gl_VertexID<<1)&2,gl_VertexID&2);gl_Position=vec4(p*2.0-1.0,0,1);}";
  GLuint gen = program(vs, "#version 450\nlayout(binding=0) uniform sampler2D st; layout(location=0) out vec4 o0; layout(location=1) out vec4 o1; layout(location=2) out vec4 o2;\n"
    "void main(){ vec4 x=texelFetch(st, ivec2(gl_FragCoord.xy), 0); for(int i=0;i<" + std::to_string(ITER) + ";i++) x=floor(fract(x*0.0001+0.37)*65535.0); o0=x; o1=x.yzwx; o2=x+1.0; }");
  // The pack: output j of pixel s at j*P + s, 4 outputs a pixel (2 targets x 2 halves).
  const std::string body = "uint s = uint(p.y) * uint(W) + uint(p.x); vec4 a = texelFetch(t0, p, 0), b = texelFetch(t1, p, 0);"
    " w[s] = uint(a.x) | (uint(a.y) << 16); w[P + s] = uint(a.z) | (uint(a.w) << 16); w[2u*P + s] = uint(b.x) | (uint(b.y) << 16); w[3u*P + s] = uint(b.z) | (uint(b.w) << 16);";
  const std::string decl = "layout(binding=0) uniform sampler2D t0; layout(binding=1) uniform sampler2D t1; layout(std430, binding=0) writeonly buffer O { uint w[]; }; const int W = " + std::to_string(W) + "; const uint P = " + std::to_string(W * H) + "u;\n";
  GLuint cpack = cprogram("#version 450\nlayout(local_size_x=64) in;\n" + decl + "void main(){ ivec2 p = ivec2(gl_GlobalInvocationID.x % uint(W), gl_GlobalInvocationID.x / uint(W)); " + body + " }");
  GLuint fpack = program(vs, "#version 450\n" + decl + "void main(){ ivec2 p = ivec2(gl_FragCoord.xy); " + body + " }");
  const size_t bytes = size_t(W) * H * 16;
  GLuint host[2], vram[2]; glCreateBuffers(2, host); glCreateBuffers(2, vram);
  for (int i = 0; i < 2; ++i) {
    glNamedBufferStorage(host[i], bytes, nullptr, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT | GL_CLIENT_STORAGE_BIT);
    glMapNamedBufferRange(host[i], 0, bytes, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
    glNamedBufferStorage(vram[i], bytes, nullptr, 0);
  }
  int cur = 0;
  auto render = [&] { glBindFramebuffer(GL_FRAMEBUFFER, fbo[1 - cur]); glViewport(0, 0, W, H); glUseProgram(gen); glBindTextureUnit(0, tex[cur][2]); glBindVertexArray(vao); glDrawArrays(GL_TRIANGLES, 0, 3); cur = 1 - cur; };
  // packs the outputs of the pass just rendered (set cur)
  auto pack = [&](int mode, int k) {
    GLuint dst = (mode & 1) ? vram[k & 1] : host[k & 1];
    glBindTextureUnit(0, tex[cur][0]); glBindTextureUnit(1, tex[cur][1]); glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, dst);
    if (mode < 2) { glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT); glUseProgram(cpack); glDispatchCompute(W * H / 64, 1, 1); }
    else { glBindFramebuffer(GL_FRAMEBUFFER, empty); glViewport(0, 0, W, H); glUseProgram(fpack); glBindVertexArray(vao); glDrawArrays(GL_TRIANGLES, 0, 3); }
    glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
  };
  const char* names[] = {"compute pack -> host", "compute pack -> vram", "fragment pack -> host", "fragment pack -> vram"};
  auto timed = [&](const char* what, auto&& body) {
    body(); glFinish();
    double best = 1e9;
    for (int r = 0; r < 3; ++r) { double t = now(); body(); glFinish(); best = std::min(best, now() - t); }
    std::printf("%-40s %8.3f ms/pass  %6.2f G outputs/s\n", what, best * 1e3 / N, 4.0 * W * H * N / best / 1e9);
  };
  timed("render alone", [&] { for (int k = 0; k < N; ++k) render(); });
  for (int m = 0; m < 4; ++m) {
    timed((std::string(names[m]) + " alone").c_str(), [&] { for (int k = 0; k < N; ++k) pack(m, k); });
    timed((std::string("render + ") + names[m]).c_str(), [&] { for (int k = 0; k < N; ++k) { render(); pack(m, k); } });
  }
  // with a fence per pass and the host waiting for pass k-1 (the engine's overlapped readback)
  for (int m : {0, 2}) {
    timed((std::string("render + ") + names[m] + ", fenced").c_str(), [&] {
      GLsync f[2] = {nullptr, nullptr};
      for (int k = 0; k < N; ++k) {
        render(); pack(m, k); f[k & 1] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0); glFlush();
        if (k > 0) { glClientWaitSync(f[(k - 1) & 1], GL_SYNC_FLUSH_COMMANDS_BIT, ~0ull); glDeleteSync(f[(k - 1) & 1]); }
      }
      glClientWaitSync(f[(N - 1) & 1], GL_SYNC_FLUSH_COMMANDS_BIT, ~0ull); glDeleteSync(f[(N - 1) & 1]);
    });
  }
  // Check the fragment pack wrote what the compute pack wrote.
  render(); pack(0, 0); pack(2, 1); glFinish();


  std::string c0(bytes, '\0'), c1(bytes, '\0');
  glGetNamedBufferSubData(host[0], 0, bytes, c0.data()); glGetNamedBufferSubData(host[1], 0, bytes, c1.data());
  std::printf("fragment pack equals compute pack: %s (gl error %x)\n", c0 == c1 ? "yes" : "NO", glGetError());
}
