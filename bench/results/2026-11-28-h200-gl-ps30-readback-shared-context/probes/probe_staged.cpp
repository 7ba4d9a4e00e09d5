// Probe: ps30 Park-Miller-shaped passes (W x H pixels, 3 RGBA32F targets), each packed by a
// compute dispatch into a VRAM RGBA32UI staging texture (a ring of S), read by a shared second
// context on its own thread with glGetTextureImage into persistently mapped host buffers.
#include <GL/glew.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>
static EGLDisplay dpy;
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
static GLuint shader(GLenum t, const std::string& s) { GLuint h = glCreateShader(t); const char* c = s.c_str(); glShaderSource(h, 1, &c, nullptr); glCompileShader(h); GLint ok; glGetShaderiv(h, GL_COMPILE_STATUS, &ok); if (!ok) { char b[4000]; glGetShaderInfoLog(h, 4000, nullptr, b); std::fprintf(stderr, "%s\n%s\n", s.c_str(), b); std::exit(1);} return h; }
static GLuint program(const std::string& vs, const std::string& fs) { GLuint p = glCreateProgram(); glAttachShader(p, shader(GL_VERTEX_SHADER, vs)); glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs)); glLinkProgram(p); return p; }
static GLuint cprogram(const std::string& cs) { GLuint p = glCreateProgram(); glAttachShader(p, shader(GL_COMPUTE_SHADER, cs)); glLinkProgram(p); return p; }
int main(int argc, char** argv) {
  const int W = 4096, H = argc > 1 ? std::atoi(argv[1]) : 256, N = argc > 2 ? std::atoi(argv[2]) : 200, S = argc > 3 ? std::atoi(argv[3]) : 3;
  const int ITER = argc > 4 ? std::atoi(argv[4]) : 4;
  auto qd = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
  auto gpd = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLDeviceEXT devs[8]; EGLint n; qd(8, devs, &n);
  for (int d = 0; d < n; ++d) { dpy = gpd(EGL_PLATFORM_DEVICE_EXT, devs[d], nullptr); EGLint ma, mi; if (eglInitialize(dpy, &ma, &mi)) break; }
  eglBindAPI(EGL_OPENGL_API);
  EGLint a[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext A = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, a), B = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, A, a);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, A);
  glewExperimental = GL_TRUE; glewInit();
  std::printf("%s | %dx%d, %d passes, %d staging textures, ITER %d\n", glGetString(GL_RENDERER), W, H, N, S, ITER);
  GLuint tex[2][3], fbo[2];
  for (int s = 0; s < 2; ++s) {
    glGenTextures(3, tex[s]);
    for (int t = 0; t < 3; ++t) { glBindTexture(GL_TEXTURE_2D, tex[s][t]); glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, W, H); }
    glGenFramebuffers(1, &fbo[s]); glBindFramebuffer(GL_FRAMEBUFFER, fbo[s]);
    for (int t = 0; t < 3; ++t) glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + t, GL_TEXTURE_2D, tex[s][t], 0);
    GLenum bufs[3] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2}; glDrawBuffers(3, bufs);
  }
  GLuint vao; glGenVertexArrays(1, &vao);
  const std::string vs = "#version 450\nvoid main(){vec2 p=vec2((gl_VertexID<<1)&2,gl_VertexID&2);gl_Position=vec4(p*2.0-1.0,0,1);}";
  GLuint gen = program(vs, "#version 450\nlayout(binding=0) uniform sampler2D st; layout(location=0) out vec4 o0; layout(location=1) out vec4 o1; layout(location=2) out vec4 o2;\n"
    "void main(){ vec4 x=texelFetch(st, ivec2(gl_FragCoord.xy), 0); for(int i=0;i<" + std::to_string(ITER) + ";i++) x=floor(fract(x*0.0001+0.37)*65535.0); o0=x; o1=x.yzwx; o2=x+1.0; }");
  // word i = j*P + s lands in staging texel i/4 (row-major, W texels a row), channel i%4
  GLuint cpack = cprogram("#version 450\nlayout(local_size_x=64) in; layout(binding=0) uniform sampler2D t0; layout(binding=1) uniform sampler2D t1;"
    " layout(rgba32ui, binding=0) writeonly uniform uimage2D d; const uint W = " + std::to_string(W) + "u; const uint P = " + std::to_string(W * H) + "u;\n"
    "void main(){ uint q = gl_GlobalInvocationID.x; uint j = q / (P / 4u), s4 = 4u * (q % (P / 4u));"  // 4 words s4..s4+3 of output j
    " uvec4 w; for (int c = 0; c < 4; ++c) { uint s = s4 + uint(c); ivec2 p = ivec2(s % W, s / W); vec4 v = j < 2u ? texelFetch(t0, p, 0) : texelFetch(t1, p, 0);"
    " w[c] = (j % 2u) == 0u ? (uint(v.x) | (uint(v.y) << 16)) : (uint(v.z) | (uint(v.w) << 16)); }"
    " imageStore(d, ivec2(q % W, q / W), w); }");
  const size_t bytes = size_t(W) * H * 16;
  std::vector<GLuint> staging(S); glGenTextures(S, staging.data());
  for (int i = 0; i < S; ++i) { glBindTexture(GL_TEXTURE_2D, staging[i]); glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32UI, W, H); }
  std::vector<GLuint> host(S); std::vector<void*> map(S); glCreateBuffers(S, host.data());
  for (int i = 0; i < S; ++i) { glNamedBufferStorage(host[i], bytes, nullptr, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_CLIENT_STORAGE_BIT); map[i] = glMapNamedBufferRange(host[i], 0, bytes, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT); }
  int cur = 0;
  auto render = [&] { glBindFramebuffer(GL_FRAMEBUFFER, fbo[1 - cur]); glViewport(0, 0, W, H); glUseProgram(gen); glBindTextureUnit(0, tex[cur][2]); glBindVertexArray(vao); glDrawArrays(GL_TRIANGLES, 0, 3); cur = 1 - cur; };
  auto pack = [&](int i) { glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT); glUseProgram(cpack); glBindTextureUnit(0, tex[cur][0]); glBindTextureUnit(1, tex[cur][1]);
    glBindImageTexture(0, staging[i], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI); glDispatchCompute(W * H / 64, 1, 1); glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT); };
  auto read = [&](int i) { glBindBuffer(GL_PIXEL_PACK_BUFFER, host[i]); glGetTextureImage(staging[i], 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, bytes, nullptr); glBindBuffer(GL_PIXEL_PACK_BUFFER, 0); };
  volatile unsigned sink = 0;
  auto consume = [&](int i) { const unsigned* w = (const unsigned*)map[i]; unsigned s = 0; for (size_t j = 0; j < bytes / 4; j += 1024) s += w[j]; sink += s; };
  auto report = [&](const char* what, double t) { std::printf("%-36s %8.3f ms/pass  %6.2f G outputs/s\n", what, t * 1e3 / N, 4.0 * W * H * N / t / 1e9); };
  for (int rep = 0; rep < 2; ++rep) {
    double t = now(); for (int k = 0; k < N; ++k) render(); glFinish(); if (rep) report("render alone", now() - t);
    t = now(); for (int k = 0; k < N; ++k) { render(); pack(k % S); } glFinish(); if (rep) report("render + pack to vram", now() - t);
    t = now(); for (int k = 0; k < N; ++k) read(k % S); glFinish(); if (rep) report("read alone (one context)", now() - t);
    t = now(); for (int k = 0; k < N; ++k) { render(); pack(k % S); read(k % S); } glFinish(); if (rep) report("render+pack+read in turn", now() - t);
  }
  std::mutex m; std::condition_variable cv; std::deque<std::pair<int, GLsync>> jobs; long done = -1; std::vector<GLsync> readfence(S, nullptr); bool quit = false;
  std::thread helper([&] {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, B);
    for (;;) {
      std::pair<int, GLsync> job;
      { std::unique_lock l(m); cv.wait(l, [&] { return quit || !jobs.empty(); }); if (jobs.empty()) break; job = jobs.front(); jobs.pop_front(); }
      glWaitSync(job.second, 0, GL_TIMEOUT_IGNORED);
      read(job.first % S);
      GLsync g = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      glClientWaitSync(g, GL_SYNC_FLUSH_COMMANDS_BIT, ~0ull);
      { std::lock_guard l(m); readfence[job.first % S] = g; done = job.first; }
      cv.notify_all();
    }
  });
  for (int rep = 0; rep < 3; ++rep) {
    const long base = long(rep) * N;
    double t = now();
    for (int k = 0; k <= N; ++k) {
      if (k < N) {
        const long K = base + k;
        // before packing into staging K % S again, B's read of it must be done (K - S consumed below)
        { std::lock_guard l(m); if (readfence[K % S]) { glWaitSync(readfence[K % S], 0, GL_TIMEOUT_IGNORED); } }
        render(); pack(K % S);
        GLsync f = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0); glFlush();
        { std::lock_guard l(m); jobs.push_back({int(K), f}); } cv.notify_all();
      }
      // consume pass k - (S - 1) once B has it, keeping S - 1 passes in flight
      const long lag = S - 1;
      if (k >= lag) { const long K = base + k - lag; std::unique_lock l(m); cv.wait(l, [&] { return done >= K; }); l.unlock(); consume(K % S); }
      if (k == N) for (long K = base + N - lag + 1; K < base + N; ++K) { std::unique_lock l(m); cv.wait(l, [&] { return done >= K; }); l.unlock(); consume(K % S); }
    }
    if (rep) report("two contexts, pipelined", now() - t);
  }
  { std::lock_guard l(m); quit = true; } cv.notify_all(); helper.join();
  std::printf("sink %u\n", sink);
}
