// Experiment 2: render (A) -> compute pack into RGBA32UI / R32UI texture (A) -> fence -> B reads texture into PBO.
#include <GL/glew.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <mutex>
#include <condition_variable>
#include <deque>
#include <cstring>
#define STR2(x) #x
#define STR(x) STR2(x)
static EGLDisplay dpy;
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
static EGLContext make(EGLContext share) {
  EGLint a[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  return eglCreateContext(dpy, EGL_NO_CONFIG_KHR, share, a);
}
static GLuint shader(GLenum t, const char* s) { GLuint h = glCreateShader(t); glShaderSource(h, 1, &s, nullptr); glCompileShader(h); GLint ok; glGetShaderiv(h, GL_COMPILE_STATUS, &ok); if (!ok) { char b[2000]; glGetShaderInfoLog(h, 2000, nullptr, b); std::fprintf(stderr, "%s\n", b); std::exit(1);} return h; }
static GLuint program(const char* vs, const char* fs) { GLuint p = glCreateProgram(); glAttachShader(p, shader(GL_VERTEX_SHADER, vs)); glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs)); glLinkProgram(p); return p; }
static GLuint cprogram(const char* cs) { GLuint p = glCreateProgram(); glAttachShader(p, shader(GL_COMPUTE_SHADER, cs)); glLinkProgram(p); return p; }
int W = 4096, H = 2048, N = 40;
int main(int argc, char** argv) {
  auto qd = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
  auto gpd = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLDeviceEXT devs[8]; EGLint n; qd(8, devs, &n);
  for (int d = 0; d < n; ++d) { dpy = gpd(EGL_PLATFORM_DEVICE_EXT, devs[d], nullptr); EGLint ma, mi; if (eglInitialize(dpy, &ma, &mi)) break; }
  eglBindAPI(EGL_OPENGL_API);
  EGLContext A = make(EGL_NO_CONTEXT), B = make(A);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, A);
  glewExperimental = GL_TRUE; glewInit();
  int fmt = argc > 1 ? std::atoi(argv[1]) : 0;  // 0 RGBA32UI, 1 R32UI, 2 RGBA32F, 3 SSBO+upload RGBA32UI
  if (argc > 2) H = std::atoi(argv[2]);
  bool upload = fmt == 3; if (upload) fmt = 0;
  N = 40 * 2048 / H;
  GLenum ifmt = fmt == 0 ? GL_RGBA32UI : fmt == 1 ? GL_R32UI : GL_RGBA32F;
  int tw = fmt == 1 ? W * 4 : W; // same bytes
  if (fmt == 1) { tw = 16384; }
  int th = fmt == 1 ? H : H;
  size_t bytes = size_t(W) * H * 16;
  GLuint tex; glGenTextures(1, &tex); glBindTexture(GL_TEXTURE_2D, tex); glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, W, H);
  GLuint fbo; glGenFramebuffers(1, &fbo); glBindFramebuffer(GL_FRAMEBUFFER, fbo); glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  GLuint vao; glGenVertexArrays(1, &vao);
  GLuint prog = program("#version 450\nvoid main(){vec2 p=vec2((gl_VertexID<<1)&2,gl_VertexID&2);gl_Position=vec4(p*2.0-1.0,0,1);}",
    "#version 450\n#define ITER " STR(ITER) "\nout vec4 c; void main(){ vec4 x=gl_FragCoord.xyxy*vec4(1,2,3,4); for(int i=0;i<ITER;i++) x=fract(x*1.0001+0.37); c=x; }");
  const char* fmtq = fmt == 0 ? "rgba32ui" : fmt == 1 ? "r32ui" : "rgba32f";
  char cs[2000];
  if (fmt == 0) std::snprintf(cs, sizeof cs, "#version 450\nlayout(local_size_x=16,local_size_y=16) in; layout(binding=0) uniform sampler2D s; layout(rgba32ui,binding=0) writeonly uniform uimage2D d; void main(){ ivec2 p=ivec2(gl_GlobalInvocationID.xy); imageStore(d,p,floatBitsToUint(texelFetch(s,p,0))); }");
  else if (fmt == 1) std::snprintf(cs, sizeof cs, "#version 450\nlayout(local_size_x=16,local_size_y=16) in; layout(binding=0) uniform sampler2D s; layout(r32ui,binding=0) writeonly uniform uimage2D d; void main(){ ivec2 p=ivec2(gl_GlobalInvocationID.xy); uvec4 v=floatBitsToUint(texelFetch(s,p,0)); for(int c=0;c<4;c++) imageStore(d,ivec2(4*p.x+c,p.y),uvec4(v[c])); }");
  else std::snprintf(cs, sizeof cs, "#version 450\nlayout(local_size_x=16,local_size_y=16) in; layout(binding=0) uniform sampler2D s; layout(rgba32f,binding=0) writeonly uniform image2D d; void main(){ ivec2 p=ivec2(gl_GlobalInvocationID.xy); imageStore(d,p,texelFetch(s,p,0)); }");
  (void)fmtq;
  GLuint cprog = cprogram(cs);
  GLuint words[2]; glGenTextures(2, words);
  for (int i = 0; i < 2; ++i) { glBindTexture(GL_TEXTURE_2D, words[i]); glTexStorage2D(GL_TEXTURE_2D, 1, ifmt, tw, th); }
  GLuint pbo[2]; void* map[2]; glCreateBuffers(2, pbo);
  for (int i = 0; i < 2; ++i) { glNamedBufferStorage(pbo[i], bytes, nullptr, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_CLIENT_STORAGE_BIT); map[i] = glMapNamedBufferRange(pbo[i], 0, bytes, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT); }
  auto render = [&] { glBindFramebuffer(GL_FRAMEBUFFER, fbo); glViewport(0,0,W,H); glUseProgram(prog); glBindVertexArray(vao); glDrawArrays(GL_TRIANGLES, 0, 3); };
  GLuint ssbo; glCreateBuffers(1, &ssbo); glNamedBufferStorage(ssbo, bytes, nullptr, 0);
  GLuint sprog = cprogram("#version 450\nlayout(local_size_x=16,local_size_y=16) in; layout(binding=0) uniform sampler2D s; layout(std430,binding=3) writeonly buffer O{uvec4 o[];}; uniform int w; void main(){ ivec2 p=ivec2(gl_GlobalInvocationID.xy); o[p.y*w+p.x]=floatBitsToUint(texelFetch(s,p,0)); }");
  auto pack = [&](int i) { if (upload) { glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT); glUseProgram(sprog); glUniform1i(glGetUniformLocation(sprog,"w"), W); glBindTextureUnit(0, tex); glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, ssbo); glDispatchCompute(W/16, H/16, 1); glMemoryBarrier(GL_PIXEL_BUFFER_BARRIER_BIT|GL_TEXTURE_UPDATE_BARRIER_BIT); glBindBuffer(GL_PIXEL_UNPACK_BUFFER, ssbo); glTextureSubImage2D(words[i], 0, 0, 0, W, H, GL_RGBA_INTEGER, GL_UNSIGNED_INT, nullptr); glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0); return; } glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT); glUseProgram(cprog); glBindTextureUnit(0, tex); glBindImageTexture(0, words[i], 0, GL_FALSE, 0, GL_WRITE_ONLY, ifmt); glDispatchCompute(W/16, H/16, 1); glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT); };
  GLenum pf = fmt == 2 ? GL_RGBA : fmt == 0 ? GL_RGBA_INTEGER : GL_RED_INTEGER;
  GLenum pt = fmt == 2 ? GL_FLOAT : GL_UNSIGNED_INT;
  auto read = [&](int i) { glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo[i]); glGetTextureImage(words[i], 0, pf, pt, bytes, nullptr); glBindBuffer(GL_PIXEL_PACK_BUFFER, 0); };
  volatile unsigned sink = 0;
  auto consume = [&](int i) { const unsigned* w = (const unsigned*)map[i]; unsigned s = 0; for (size_t j = 0; j < bytes / 4; j += 1024) s += w[j]; sink += s; };
  // Serial, one context
  for (int rep = 0; rep < 2; ++rep) {
    double t = now();
    for (int k = 0; k < N; ++k) { render(); pack(k & 1); read(k & 1); GLsync f = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0); glClientWaitSync(f, GL_SYNC_FLUSH_COMMANDS_BIT, ~0ull); glDeleteSync(f); consume(k & 1); }
    t = now() - t; if (rep) std::printf("one context, serial wait      %8.2f ms\n", t * 1e3);
  }
  { double t = now(); for (int k = 0; k < N; ++k) render(); glFinish(); std::printf("render alone %8.2f ms\n", (now()-t)*1e3);
    t = now(); for (int k = 0; k < N; ++k) pack(k&1); glFinish(); std::printf("pack alone %8.2f ms\n", (now()-t)*1e3);
    t = now(); for (int k = 0; k < N; ++k) read(k&1); glFinish(); std::printf("read alone %8.2f ms\n", (now()-t)*1e3); }
  // Two contexts, pipelined
  std::mutex m; std::condition_variable cv; std::deque<std::pair<int, GLsync>> jobs; int done = -1; GLsync readfence[2] = {nullptr, nullptr};
  bool quit = false;
  std::thread helper([&] {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, B);
    for (;;) {
      std::pair<int, GLsync> job;
      { std::unique_lock l(m); cv.wait(l, [&] { return quit || !jobs.empty(); }); if (jobs.empty()) break; job = jobs.front(); jobs.pop_front(); }
      glWaitSync(job.second, 0, GL_TIMEOUT_IGNORED);
      read(job.first & 1);
      GLsync g = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      glClientWaitSync(g, GL_SYNC_FLUSH_COMMANDS_BIT, ~0ull);
      { std::lock_guard l(m); readfence[job.first & 1] = g; done = job.first; }
      cv.notify_all();
    }
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  });
  for (int rep = 0; rep < 2; ++rep) {
    int base = rep * N;
    double t = now();
    for (int k = 0; k <= N; ++k) {
      if (k < N) {
        int K = base + k;
        { std::lock_guard l(m); if (readfence[K & 1]) { glWaitSync(readfence[K & 1], 0, GL_TIMEOUT_IGNORED); } }
        render(); pack(K & 1);
        GLsync f = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0); glFlush();
        { std::lock_guard l(m); jobs.push_back({K, f}); } cv.notify_all();
      }
      if (k > 0) { int K = base + k - 1; std::unique_lock l(m); cv.wait(l, [&] { return done >= K; }); l.unlock(); consume(K & 1); }
    }
    t = now() - t; if (rep) std::printf("two contexts, pipelined       %8.2f ms\n", t * 1e3);
  }
  { std::lock_guard l(m); quit = true; } cv.notify_all(); helper.join();
  std::printf("sink %u\n", sink);
}
