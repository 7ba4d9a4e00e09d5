// Experiment: does a copy in a second shared context on its own thread overlap rendering?
#include <GL/glew.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>
#include <atomic>
#define STR2(x) #x
#define STR(x) STR2(x)
static EGLDisplay dpy;
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
static EGLContext make(EGLContext share) {
  EGLint a[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext c = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, share, a);
  if (!c) { std::fprintf(stderr, "context failed\n"); std::exit(1); }
  return c;
}
static GLuint shader(GLenum t, const char* s) { GLuint h = glCreateShader(t); glShaderSource(h, 1, &s, nullptr); glCompileShader(h); GLint ok; glGetShaderiv(h, GL_COMPILE_STATUS, &ok); if (!ok) { char b[2000]; glGetShaderInfoLog(h, 2000, nullptr, b); std::fprintf(stderr, "%s\n", b); std::exit(1);} return h; }
static GLuint program(const char* vs, const char* fs) { GLuint p = glCreateProgram(); glAttachShader(p, shader(GL_VERTEX_SHADER, vs)); glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs)); glLinkProgram(p); return p; }
static GLuint cprogram(const char* cs) { GLuint p = glCreateProgram(); glAttachShader(p, shader(GL_COMPUTE_SHADER, cs)); glLinkProgram(p); GLint ok; glGetProgramiv(p, GL_LINK_STATUS, &ok); if(!ok){std::fprintf(stderr,"link\n");std::exit(1);} return p; }
int W = 4096, H = 2048; // 128 MB RGBA32F
int N = 40;
GLuint fbo, tex, prog, vao, devbuf, hostbuf[2], cprog; void* hostmap[2];
size_t bytes;
void render() { glBindFramebuffer(GL_FRAMEBUFFER, fbo); glViewport(0,0,W,H); glUseProgram(prog); glBindVertexArray(vao); glDrawArrays(GL_TRIANGLES, 0, 3); }
void copy(int i) { glBindBuffer(GL_COPY_READ_BUFFER, devbuf); glBindBuffer(GL_COPY_WRITE_BUFFER, hostbuf[i]); glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, bytes); }
void readpix(int i) { glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo); glBindBuffer(GL_PIXEL_PACK_BUFFER, hostbuf[i]); glReadPixels(0,0,W,H,GL_RGBA,GL_FLOAT,nullptr); glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);}
void gettex(int i) { glBindBuffer(GL_PIXEL_PACK_BUFFER, hostbuf[i]); glGetTextureImage(tex, 0, GL_RGBA, GL_FLOAT, bytes, nullptr); glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);}
void cshader(int i) { glUseProgram(cprog); glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, devbuf); glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, hostbuf[i]); glDispatchCompute(bytes/16/256, 1, 1); glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT); }
int main(int argc, char** argv) {
  auto qd = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
  auto gpd = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLDeviceEXT devs[8]; EGLint n; qd(8, devs, &n);
  for (int d = 0; d < n; ++d) { dpy = gpd(EGL_PLATFORM_DEVICE_EXT, devs[d], nullptr); EGLint ma, mi; if (eglInitialize(dpy, &ma, &mi)) break; }
  eglBindAPI(EGL_OPENGL_API);
  EGLContext A = make(EGL_NO_CONTEXT), B = make(A);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, A);
  glewExperimental = GL_TRUE; glewInit();
  std::printf("renderer %s\n", glGetString(GL_RENDERER));
  if (argc > 1) N = std::atoi(argv[1]);
  bytes = size_t(W) * H * 16;
  glGenTextures(1, &tex); glBindTexture(GL_TEXTURE_2D, tex); glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, W, H);
  glGenFramebuffers(1, &fbo); glBindFramebuffer(GL_FRAMEBUFFER, fbo); glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  glGenVertexArrays(1, &vao);
  // A fragment pass with some arithmetic, like a generator's pass.
  prog = program("#version 450\nvoid main(){vec2 p=vec2((gl_VertexID<<1)&2,gl_VertexID&2);gl_Position=vec4(p*2.0-1.0,0,1);}",
    "#version 450\n#define ITER " STR(ITER) "\nout vec4 c; uniform float k; void main(){ vec4 x=gl_FragCoord.xyxy*vec4(1,2,3,4); for(int i=0;i<ITER;i++) x=fract(x*1.0001+0.37); c=x; }");
  cprog = cprogram("#version 450\nlayout(local_size_x=256) in; layout(std430,binding=0) readonly buffer S{vec4 s[];}; layout(std430,binding=1) writeonly buffer D{vec4 d[];}; void main(){ uint i=gl_GlobalInvocationID.x; d[i]=s[i]; }");
  glCreateBuffers(1, &devbuf); glNamedBufferStorage(devbuf, bytes, nullptr, 0);
  glCreateBuffers(2, hostbuf);
  for (int i = 0; i < 2; ++i) { glNamedBufferStorage(hostbuf[i], bytes, nullptr, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_CLIENT_STORAGE_BIT); hostmap[i] = glMapNamedBufferRange(hostbuf[i], 0, bytes, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT); }
  glFinish();
  auto timed = [&](const char* name, auto f) { f(); glFinish(); double t = now(); f(); glFinish(); t = now() - t; std::printf("%-40s %8.2f ms  (%.1f GB/s per op-bytes)\n", name, t * 1e3, N * bytes / t / 1e9); return t; };
  double r = timed("render alone", [&]{ for (int i = 0; i < N; ++i) render(); });
  double c = timed("copy buffer alone", [&]{ for (int i = 0; i < N; ++i) copy(i & 1); });
  double rp = timed("readpixels alone", [&]{ for (int i = 0; i < N; ++i) readpix(i & 1); });
  double cs = timed("compute to host alone", [&]{ for (int i = 0; i < N; ++i) cshader(i & 1); });
  timed("render+copy, one context", [&]{ for (int i = 0; i < N; ++i) { render(); copy(i & 1);} });
  timed("render+readpixels, one context", [&]{ for (int i = 0; i < N; ++i) { render(); readpix(i & 1);} });
  // Two contexts: B copies while A renders.
  for (int mode = 0; mode < 4; ++mode) {
    const char* names[] = {"2 ctx: render A | copy buffer B", "2 ctx: render A | readpixels B", "2 ctx: render A | getteximage B", "2 ctx: render A | compute B"};
    std::atomic<int> go{0};
    double tb = 0;
    std::thread t([&] {
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, B);
      GLuint f2; glGenFramebuffers(1, &f2); glBindFramebuffer(GL_FRAMEBUFFER, f2); glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      GLuint saved = fbo; (void)saved;
      glFinish();
      while (go.load() == 0) {}
      double t0 = now();
      for (int i = 0; i < N; ++i) {
        if (mode == 0) copy(i & 1);
        else if (mode == 1) { glBindFramebuffer(GL_READ_FRAMEBUFFER, f2); glBindBuffer(GL_PIXEL_PACK_BUFFER, hostbuf[i&1]); glReadPixels(0,0,W,H,GL_RGBA,GL_FLOAT,nullptr); glBindBuffer(GL_PIXEL_PACK_BUFFER,0);} 
        else if (mode == 2) gettex(i & 1);
        else cshader(i & 1);
      }
      glFinish();
      tb = now() - t0;
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    });
    glFinish();
    double t0 = now();
    go = 1;
    for (int i = 0; i < N; ++i) render();
    glFinish();
    double ta = now() - t0;
    t.join();
    double both = now() - t0;
    std::printf("%-40s A %8.2f ms  B %8.2f ms  both %8.2f ms  (sum alone %.2f, max alone %.2f)\n", names[mode], ta*1e3, tb*1e3, both*1e3,
                (r + (mode==0?c:mode==3?cs:rp))*1e3, std::max(r, mode==0?c:mode==3?cs:rp)*1e3);
  }
}
