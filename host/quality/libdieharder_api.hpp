// SPDX-License-Identifier: MIT
#pragma once
// The part of libdieharder's C API that glrand uses, declared here because Debian's
// libdieharder-dev (3.31.1) installs libdieharder.h without the headers it includes
// (std_test.h, tests.h, verbose.h, Xtest.h, Vtest.h), so it does not compile. The Test
// struct and the calls are copied in meaning from dieharder 3.31.1's
// include/dieharder/std_test.h; Dtest comes from the installed <dieharder/Dtest.h>.
//
// libdieharder keeps its settings in globals that its own program (dieharder/globals.c)
// defines, not the library: a program that links it must define them
// (libdieharder_globals.cpp does, with the declarations below).
#include <sys/time.h>
#include <sys/types.h>

#include <gsl/gsl_rng.h>

extern "C" {
#include <dieharder/Dtest.h>

typedef struct {
  unsigned int nkps;      // p-values per run
  unsigned int tsamples;  // samples per run
  unsigned int psamples;  // runs per final Kolmogorov-Smirnov p-value
  unsigned int ntuple;    // bits per tuple, where the test has one
  double* pvalues;        // psamples p-values, one per run
  char* pvlabel;
  double ks_pvalue;       // the final p-value, as dieharder's table reports it
  double x;
  double y;
  double z;
} Test;

Test** create_test(Dtest* dtest, unsigned int tsamples, unsigned int psamples);
void destroy_test(Dtest* dtest, Test** test);
void std_test(Dtest* dtest, Test** test);
// Runs `count` more samples after the test's psamples (at most up to Xoff) and takes the
// final Kolmogorov-Smirnov test over all of them; create_test makes room for Xoff samples
// when Xtrategy is not 0.
void add_2_test(Dtest* dtest, Test** test, int count);
void dieharder_test_types(void);
void reset_bit_buffers(void);

// Settings of a run (libdieharder.h).
extern unsigned int all, bits, ks_test, ntuple, overlap, psamples, Seed, verbose;
extern unsigned int Xtrategy, Xstep, Xoff;
extern double multiply_p, x_user, y_user, z_user;
extern off_t tsamples;

// The generator under test and its range (libdieharder.h).
extern gsl_rng* rng;
extern unsigned long int seed;
extern unsigned int random_max, rmax, rmax_bits, rmax_mask;

// File input and XOR generators, unused by glrand (libdieharder.h).
extern char filename[1024];
extern int fromfile, filenumbits;
extern off_t filecount;
extern char filetype;
extern unsigned int gnumbs[100], gvcount;

// Scratch shared between tests and the program (libdieharder.h, parse.h, rgb_persist.h).
extern double *ks_pvalue, *ks_pvalue2;
extern unsigned int kspi;
extern struct timeval tv_start, tv_stop;
extern char splitbuf[1024][128];
extern unsigned int* rgb_persist_rand_uint;

// The registries of generators and tests (dieharder_rng_types.h, dieharder_test_types.h).
extern const gsl_rng_type* dh_rng_types[1000];
extern const gsl_rng_type** gsl_types;
extern unsigned int dh_num_rngs, dh_num_gsl_rngs, dh_num_dieharder_rngs, dh_num_R_rngs, dh_num_hardware_rngs,
    dh_num_user_rngs, dh_num_reserved_rngs;
extern Dtest* dh_test_types[1000];
extern unsigned int dh_num_diehard_tests, dh_num_sts_tests, dh_num_other_tests, dh_num_user_tests, dh_num_tests;
}
