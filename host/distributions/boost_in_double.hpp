// SPDX-License-Identifier: MIT
#pragma once
// Boost.Math's policy for evaluating a function of doubles in double. Its default promotes
// to long double, several times slower, for accuracy the host's callers do not need (the
// Poisson's table and search only compare with u; the normal quantile keeps its documented
// bound).
#include <boost/math/policies/policy.hpp>

namespace glrand::distributions {

using InDouble = boost::math::policies::policy<boost::math::policies::promote_double<false>>;

}  // namespace glrand::distributions
