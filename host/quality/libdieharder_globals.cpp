// SPDX-License-Identifier: MIT
// The globals libdieharder reads and writes but does not define: in dieharder they live in its
// program (dieharder/globals.c), so every program that links the library defines them, as
// declared in libdieharder_api.hpp. CMake links this file whole into every program that links
// libdieharder, used or not, so that the library's references resolve. dieharder_battery.cpp
// sets the ones that matter before each test.
#include "quality/libdieharder_api.hpp"

extern "C" {

unsigned int all, bits, ks_test, ntuple, overlap, psamples, Seed, verbose;
unsigned int Xtrategy, Xstep, Xoff;
double multiply_p, x_user, y_user, z_user;
off_t tsamples;

gsl_rng* rng;
unsigned long int seed;
unsigned int random_max, rmax, rmax_bits, rmax_mask;

char filename[1024];
int fromfile, filenumbits;
off_t filecount;
char filetype;
unsigned int gnumbs[100], gvcount;

double *ks_pvalue, *ks_pvalue2;
unsigned int kspi;
struct timeval tv_start, tv_stop;
char splitbuf[1024][128];
unsigned int* rgb_persist_rand_uint;

const gsl_rng_type* dh_rng_types[1000];
const gsl_rng_type** gsl_types;
unsigned int dh_num_rngs, dh_num_gsl_rngs, dh_num_dieharder_rngs, dh_num_R_rngs, dh_num_hardware_rngs,
    dh_num_user_rngs, dh_num_reserved_rngs;
Dtest* dh_test_types[1000];
unsigned int dh_num_diehard_tests, dh_num_sts_tests, dh_num_other_tests, dh_num_user_tests, dh_num_tests;
}
