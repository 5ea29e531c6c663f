"""What a quantity receives as ``m``: a path over a numeric context (mechanisms.numerics.context).

A claim's quantities are functions ``(case, m) -> value`` where ``m`` is :data:`FLOAT` (floats and numpy,
for the search), :data:`CERTIFIED` (exact rationals and arb balls, for the verdict) or :data:`BOX` (balls of
any width over a parameter box, for proofs). Each exposes the same names, so a quantity never branches on
the path: it calls ``m.kl``, ``m.erfc``, ``m.vmf_rdp``, ``m.hockey_stick_delta``, ...

Most names are formulas written once over the context (``mechanisms.numerics.context.FORMULAS``); the context decides
the numerics. :data:`ROUTES` holds the rest: names computed by two genuinely different methods (a float
quadrature against a certified integral, scipy's CDF against an exact sum), each pair documented, and the
readers of the case. On the certified path no machine number enters a route or a formula, and a route's
float infinity is promoted to the exact one; on the box path a route without a box form refuses a Ball.

Reading the case: ``m.value(x)`` is a number of the case as the path takes it (a float; an exact ``Exact``
or int on the certified path, which mixes with balls), ``m.num(x)`` the same as a value to compute with (a
float; an arb ball; a Ball), ``m.vector`` / ``m.matrix`` distributions and channels, ``m.uniform(n)`` the
uniform prior.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.continuous import capacity, gaussian_dp  # noqa: F401  (formulas)

from mechanisms.accounting import composition, dpsgd_accountant
from mechanisms.finite import channel_ops, channels as finite, hockey_stick, leakage  # noqa: F401  (register their formulas)
from mechanisms.accounting import rdp_conversion, rdp_interpolation, subsampled_gaussian, subsampling  # noqa: F401
from mechanisms.numerics import special
from mechanisms.continuous import vmf
from mechanisms.accounting import vmf_accounting, vmf_subsampled  # noqa: F401  (formulas)
from mechanisms.continuous import vmf_hockey_stick, vmf_moments, vmf_renyi  # noqa: F401  (formulas)
from mechanisms.continuous import vmf_sphere_quadrature  # noqa: F401  (formulas)
from mechanisms.accounting import vmf_subsampled_composition
from mechanisms.bayesian import bayes_networks  # noqa: F401  (registers its formulas)
from mechanisms.bayesian import bayesian_dp as _bdp  # noqa: F401  (registers its formulas)
from mechanisms.bayesian import bdp_estimators as _bdp_est
from mechanisms.bayesian import bdp_subsampled_gaussian as _bdp_sg
from mechanisms.bayesian import conjugate_families  # noqa: F401  (registers its formulas)
from mechanisms.bayesian import coverage as _bdp_cov
from mechanisms.bayesian import dataset_metrics  # noqa: F401  (registers its formulas)
from mechanisms.bayesian import empirical_deviation  # noqa: F401  (registers its formulas)
from mechanisms.bayesian import exponential_family  # noqa: F401  (registers its formulas)
from mechanisms.bayesian import finite_support  # noqa: F401  (registers its formulas)
from mechanisms.bayesian import lipschitz
from mechanisms.bayesian import posterior_divergence
from mechanisms.bayesian import posterior_quadrature
from mechanisms.bayesian import posterior_robustness
from mechanisms.bayesian import posterior_sampling
from mechanisms.bayesian import privacy_cost as _bdp_cost  # noqa: F401  (registers its formulas)
from mechanisms.numerics.context import FORMULAS
from mechanisms.numerics.context import box as ctx_box
from mechanisms.numerics.context import certified as ctx_certified
from mechanisms.numerics.context import fp as ctx_fp
from mechanisms.errors import InvalidInput
from proofcheck.errors import OutsideDomain
from mechanisms.numerics.exact import FloatOnCertifiedPath
from proofcheck.numerics import to_arb


# ----------------------------------------------------------------------------- second routes (finite measures)
def _float_js_by_entropies(p, q):
    """JS by scipy's relative entropy, ½Σ rel_entr(p, M) + ½Σ rel_entr(q, M), M = (p + q)/2: shares no
    code with the js formula of mechanisms.finite.channels (scipy.spatial.distance.jensenshannon is its square root,
    which turns the rounding noise of two equal distributions into NaN). A JS is ≥ 0: noise below 0 is
    clamped."""
    from scipy.special import rel_entr

    p, q = np.asarray(p, float), np.asarray(q, float)
    mid = (p + q) / 2
    return float(max(np.sum(rel_entr(p, mid)) / 2 + np.sum(rel_entr(q, mid)) / 2, 0.0))


def _c_js_by_entropies(p, q):
    """JS by the entropy identity H(M) − ½H(P) − ½H(Q), M = (P + Q)/2: no KL term formed."""
    def entropy(v):
        return -ctx_certified.sum(ctx_certified.xlogy(v, v))

    p, q = ctx_certified.vector(p), ctx_certified.vector(q)
    mid = (p + q) / 2
    return entropy(mid) - entropy(p) / 2 - entropy(q) / 2


def _float_binomial_within_relative_error(T, kappa, eps):
    """P(|X/T − κ| ≤ εκ), X ~ Binomial(T, κ), by scipy's CDF and survival function (the complement's
    two tails, which keeps digits near 1); the interval's ends widened by 1e−12·T against rounding."""
    from scipy.stats import binom

    lo = math.ceil(T * kappa * (1 - eps) - 1e-12 * T)
    hi = math.floor(T * kappa * (1 + eps) + 1e-12 * T)
    if max(lo, 0) > min(hi, T):
        return 0.0
    return float(1.0 - binom.cdf(max(lo, 0) - 1, T, kappa) - binom.sf(min(hi, T), T, kappa))


def _exact_binomial_within_relative_error(T, kappa, eps):
    """The same probability as an exact rational sum over k = 0..T (no CDF)."""
    kappa, eps = Fraction(kappa), Fraction(eps)
    total = Fraction(0)
    for k in range(T + 1):
        if abs(Fraction(k, T) - kappa) <= eps * kappa:
            total += math.comb(T, k) * kappa**k * (1 - kappa) ** (T - k)
    return to_arb(total)


# ----------------------------------------------------------------------------- reading the case
def _float_num(x):
    """A number of the case as a value to compute with: a float on the float path, its certified enclosure (an arb
    ball, exact where the number is) on the certified path, a Ball over a box on the box path. For an exact number
    that must stay exact (a route that refuses balls), use m.value."""
    return NumOfCase(x)


class NumOfCase(float):
    """A float of the case read with m.num on the float path: a plain float in every respect, except that a route
    taking exact numbers only (EXACT_ARGS) refuses it at the call in the search, as the certified path refuses the
    ball m.num gives there — so the mistake is said at the first case, not after the search. Arithmetic on it
    gives plain floats (a computed value cannot be told from m.value's on the float path; the certified path
    refuses its ball)."""
    __slots__ = ()


def _float_value(x):
    """An exact number of the case as it is: an int stays an int; a rational (Fraction('1/10'), an int ratio) is an
    exact number on the certified path, mixing with balls (m.value(eps) / m.num(delta)); a float on the float
    path. Use it for what the case holds exactly — the routes that take only exact numbers (pld_delta, the
    calibrations) need it, where m.num would hand them a ball."""
    if isinstance(x, (bool, str)) or x is None:
        raise InvalidInput(f"{x!r} is not a number")
    if isinstance(x, (int, np.integer)):
        return int(x)  # an integer of the case stays one on both paths (a count, a dimension)
    return float(x)


def _c_between_zero_and(x):
    return to_arb(0).union(to_arb(x).upper())


def _argmax_within(values, rel_tol):
    best = max(values)
    return {i for i, v in enumerate(values) if v >= best - rel_tol * abs(best)}


def _float_argmax_set(values):
    # a tie in exact arithmetic can come out split by rounding: ties within 1e−12 relative count
    return _argmax_within(values, 1e-12)


def _exact_argmax_set(values):
    return _argmax_within(values, 0)


def _float_nonnegative(x):
    # a sum that is ≥ 0 in exact arithmetic (a JS) can come out as −1e−17 in floats
    return max(x, 0.0)


def _c_nonnegative(x):
    # the certified value as it is: a ball straddling 0 is the arithmetic's to resolve (the context's sqrt keeps its non-negative part)
    return x


def _float_zero_within_rounding(x):
    # a gap that is 0 in exact arithmetic comes out as ~1e−16 in floats: below 1e−12 it is taken as 0
    x = float(x)
    return 0.0 if x <= 1e-12 else x


# ----------------------------------------------------------------------------- the protocol
# name on the path: (float route, certified route). Every name here is on both paths.
ROUTES: dict = {}


def register(routes: dict) -> None:
    """Add routes to the protocol; a name registered twice, or the name of a formula written over the
    context, is an error (never a silent replacement)."""
    clash = sorted(set(routes) & set(ROUTES))
    if clash:
        raise ValueError(f"routes registered twice: {clash}")
    shadow = sorted(set(routes) & set(FORMULAS))
    if shadow:
        raise ValueError(f"routes that would shadow a formula of the context: {shadow}")
    # nor an operation of the contexts, whose meaning a route would change on the path only (m.is_inf meant +inf
    # while every ctx.is_inf means ±inf: they answered oppositely for −inf); the readers of the case are the
    # exception, as the contexts' own readers on the path's numbers
    shadow = sorted(name for name in routes if name not in CASE_READERS
                    and any(hasattr(ctx, name) for ctx in (ctx_fp, ctx_certified, ctx_box)))
    if shadow:
        raise ValueError(f"routes that would shadow an operation of the numeric contexts: {shadow}")
    ROUTES.update(routes)


CASE_READERS = ("num", "vector", "matrix")  # routes named as context operations: they read a case's exact numbers


register({
    # P(|X/T − κ| ≤ εκ) for X ~ Binomial(T, κ): scipy's CDF; an exact rational sum
    "binomial_within_relative_error": (_float_binomial_within_relative_error, _exact_binomial_within_relative_error),
    # finite channels and priors, hockey-stick divergences, quantitative information flow: formulas over the
    # context (mechanisms.finite.channels, hockey_stick, leakage, channel_ops); a second JS, independent of the js
    # formula (an oracle for it): scipy's rel_entr on floats, the entropy identity certified
    "js_by_entropies": (_float_js_by_entropies, _c_js_by_entropies),
    # subsampled Gaussian RDP and the DP-SGD accountant: two methods at fractional orders — the float two-series
    # against the certified quadrature of the definition (integer orders: the binomial sum on both). The Gaussian,
    # Laplace, conversion, composition and subsampling formulas are written once over the context
    # (mechanisms.continuous.gaussian_dp, rdp_conversion, composition, ...)
    "subsampled_gaussian_rdp": (subsampled_gaussian.subsampled_gaussian_rdp, subsampled_gaussian.subsampled_gaussian_rdp_arb),
    "dpsgd_epsilon": (dpsgd_accountant.dpsgd_epsilon, dpsgd_accountant.dpsgd_epsilon_arb),
    # (the von Mises–Fisher mechanism by quadrature in φ, the second method for the Bessel closed forms, is one
    # formula each over ctx.integral, the integrand written once: m.vmf_renyi_divergence_quadrature,
    # m.vmf_kl_quadrature, m.vmf_mean_resultant_length_quadrature, m.vmf_dlog_delta_quadrature,
    # m.vmf_subsampled_kl_quadrature — Gauss–Legendre on floats, acb.integral with interval tail bounds — and so is
    # the exact (ε, δ) curve of the antipodal VMF pair, m.vmf_hockey_stick_antipodal)
    # inf_α log δ_α: log δ_α at the root α* found by Brent's method; a certified bracket of α* (signs of g) and
    # the enclosure of log δ_α over it
    "vmf_min_log_delta": (vmf_accounting.vmf_min_log_delta, vmf_accounting.vmf_min_log_delta_arb),
    # (Bayes' capacity of continuous mechanisms by quadrature, the second method for the closed forms, is a pair
    # of formulas over ctx.integral, each integrand written once: m.gaussian_capacity_quadrature,
    # m.vmf_capacity_quadrature — Gauss–Legendre on floats, acb.integral with certified tails)
    # reading the case
    # an exact number of the case: an int stays an int, a rational is an Exact that mixes with balls
    "value": (_float_value, ctx_certified.exact),
    "num": (_float_num, to_arb),
    "vector": (lambda v: np.asarray(v, float), lambda v: [ctx_certified.exact(x) for x in v]),
    "matrix": (lambda K: np.asarray(K, float), lambda K: [[ctx_certified.exact(x) for x in row] for row in K]),
    "uniform": (lambda n: np.full(int(n), 1.0 / int(n)), lambda n: [Fraction(1, int(n))] * int(n)),
    # x is +inf (m.is_inf is the contexts' own: ±inf)
    "is_pos_inf": (lambda x: ctx_fp.is_inf(x) and x > 0, lambda x: ctx_certified.is_inf(x) and x > 0),
    # a value known only to lie in [0, x] (x an upper bound): the search takes x itself
    "between_zero_and": (lambda x: x, _c_between_zero_and),
    # a value ≥ 0 in exact arithmetic: the search clamps float noise below 0; certified, as it is
    "nonnegative": (_float_nonnegative, _c_nonnegative),
    # a gap ≥ 0 that is often 0 exactly: the search takes ≤ 1e−12 as 0; certified, its exact value
    "zero_within_rounding": (_float_zero_within_rounding, to_arb),
    # the indices attaining the maximum of a list: exact; within 1e−12 relative in floats
    "argmax_set": (_float_argmax_set, _exact_argmax_set),
})


# Bayesian DP (paper 004)

# The finite model (strong BDP tails, Definition 2's δ per reading and its enumeration over sets, moments of the
# loss, composition), the privacy cost of atoms, the Gaussian reference's closed form and the binomial terms of
# the subsampled Gaussian are formulas over the context (mechanisms.bayesian.bayesian_dp, privacy_cost,
# bdp_subsampled_gaussian: m.bdp_tail, m.privacy_cost, m.subsampled_gaussian_binomial_cost, ...), and so is the
# Gaussian reference's cost by quadrature over ctx.integral, the second method for the closed form
# (m.gaussian_reference_cost_quadrature against m.gaussian_reference_cost). The routes below pair two algorithms each.
register({
    # the subsampled Gaussian's exact moments by quadrature: float Gauss–Legendre against acb.integral + analytic
    # tails; and Eq. (10) over them (one function of the context, the two methods only in the moments)
    "subsampled_gaussian_scaled_renyi": (_bdp_sg.scaled_renyi, _bdp_sg.scaled_renyi_arb),
    "subsampled_gaussian_exact_cost": (_bdp_sg.exact_cost, _bdp_sg.exact_cost_arb),
    # the binary estimator (Eqs. (11)–(13)) and its exact coverage: scipy's incomplete beta and binomial
    # functions (and their inverse) against exact binomial sums (and bisection on them for the quantile)
    "binary_posterior_cdf": (_bdp_est.binary_posterior_cdf, _bdp_est.binary_posterior_cdf_exact),
    "binary_estimate": (_bdp_est.binary_estimate, _bdp_est.binary_estimate_arb),
    "binary_failure_probability": (_bdp_cov.binary_failure_probability, _bdp_cov.binary_failure_probability_exact),
})

# Routes monotone in some arguments ({argument of the certified function: +1 non-decreasing, −1 non-increasing}),
# a theorem each entry states: the prover encloses such a route over a box by its certified values at the two
# extreme corners (proofcheck.prove.tight.monotone_route), as it does formulas declared monotone.
MONOTONE_ROUTES: dict = {
    # ρ̂ = F⁻¹(1 − γ), F the CDF of Beta(N₁ + 1, N₀ + 1): Beta(a, b) grows in the likelihood-ratio order as a grows
    # and shrinks as b grows (the density ratio of Beta(a', b) to Beta(a, b), a' > a, is ∝ x^(a'−a), increasing),
    # so each quantile increases with N₁ and decreases with N₀; and F⁻¹ increases with its level 1 − γ
    "binary_estimate": {"n0": -1, "n1": 1, "gamma": -1},
}


# posterior families, posterior divergences, Lipschitz constants and Algorithm 1

# The conjugate posteriors, marginals, log-densities and log-likelihoods, the finite-support posteriors, the closed
# forms of KL and D_α between posteriors, the finite divergences from log-weights, d = |log a/b|, L(θ) of a table
# row and of the named families, ξ(Θ_L) in closed form, the exponential-family form, the data-set metrics, the
# levels and the best test of Algorithm 1 on finite supports, κ(w) and the shell bound are formulas over the
# context (mechanisms.bayesian.*: m.conjugate_posterior, m.posterior_kl, m.finite_kl_log, m.lipschitz_constant,
# m.k_sample_max_divergence, m.best_test_error, m.kappa_constant, ...), so they run on boxes too. The routes
# below pair two algorithms each.
register({
    # δ(ε) and TV between posteriors: crossings by Brent's method in floats; crossings enclosed by certified sign
    # changes (bisection on rationals) with the mass inside each enclosure as slack
    "posterior_tv": (posterior_divergence.tv, posterior_divergence.tv_arb),
    "posterior_hockey_stick_delta": (posterior_divergence.hockey_stick_delta, posterior_divergence.hockey_stick_delta_arb),
    # (KL and D_α between posteriors by quadrature in t, the second method for the closed forms, are one formula each
    # over ctx.integral: m.posterior_kl_quadrature, m.posterior_renyi_quadrature.) δ(ε) and TV between posteriors by
    # quadrature between the crossings: float quadrature (scipy's quad between float crossings) against acb.integral
    # between certified crossing enclosures, the mass inside each enclosure as slack
    "posterior_tv_quadrature": (posterior_quadrature.tv_quadrature, posterior_quadrature.tv_quadrature_arb),
    "posterior_hockey_stick_quadrature": (posterior_quadrature.hockey_stick_quadrature,
                                          posterior_quadrature.hockey_stick_quadrature_arb),
    # the rate c* of ξ(Θ_L) ≥ 1 − e^{−cL} of a finite-support prior for product families: the steps of ξ(Θ_L)
    # grouped by float levels snapped within 1e−12; grouped by exact comparison of LogLevels (r₁^{d₂} = r₂^{d₁}).
    # (L(θ) itself is one formula over the context: m.product_lipschitz, m.network_lipschitz.)
    "product_lipschitz_mass_rate": (lipschitz.product_lipschitz_mass_rate, lipschitz.product_lipschitz_mass_rate_arb),
    # ξ(Θ_L) by quadrature of the prior density, the second method for the closed form m.prior_mass_lipschitz_set:
    # scipy's quad against acb.integral
    "prior_mass_lipschitz_set_quadrature": (lipschitz.prior_mass_lipschitz_set_quadrature,
                                            lipschitz.prior_mass_lipschitz_set_quadrature_arb),
    # c* of a named family: closed forms alike; for the beta prior a float minimisation (grid + Brent) against a
    # certified optimisation enclosing the infimum
    "lipschitz_mass_rate": (lipschitz.lipschitz_mass_rate, lipschitz.lipschitz_mass_rate_arb),
    # the best test between two gamma posteriors: its threshold by Brent's method in floats; a rational bracket of
    # it certified by the signs of the two errors, bisected
    "gamma_best_test_error": (posterior_sampling.gamma_best_test_error, posterior_sampling.gamma_best_test_error_arb),
    # w, the root of e^w = 2w + 1 behind κ (paper 001, Theorem 1 (ii)): Brent's method; Lambert W; bisection
    # (κ itself is the formula m.kappa_constant(w), or m.kappa_constant_algebraic(w))
    "shell_root": (posterior_robustness.shell_root, posterior_robustness.shell_root_arb),
    "shell_root_bisection": (posterior_robustness.shell_root, posterior_robustness.shell_root_bisection_arb),
})


# (The VMF normaliser by quadrature in φ, no Bessel function, is the formula m.vmf_log_normaliser_quadrature over
# ctx.integral: the second method for the Bessel form.) Both Rényi directions of one subsampled VMF step by
# quadrature of the mixture: float quadrature against acb.integral. A lower bound on δ(ε) after T steps (binned
# test): float quadrature and scipy's FFT convolution against acb.integral and exact arb_poly products
register({"vmf_subsampled_renyi_directions": (vmf_subsampled_composition.vmf_subsampled_renyi_directions,
                                             vmf_subsampled_composition.vmf_subsampled_renyi_directions_arb)})
register({"profile_lower_bound": (vmf_subsampled_composition.profile_lower_bound,
                                 vmf_subsampled_composition.profile_lower_bound_arb)})
# the privacy-loss-distribution accountant: the float route composes its discretisation by numpy FFT; the certified
# route by exact integer polynomial products, a ball [lower, upper] that holds δ(ε) (mechanisms.accounting.pld)
from mechanisms.accounting import pld as _pld  # noqa: E402

register({"pld_delta": (_pld.pld_delta, _pld.pld_delta_arb),
          "gaussian_pld_delta": (_pld.gaussian_pld_delta, _pld.gaussian_pld_delta_arb),
          "laplace_pld_delta": (_pld.laplace_pld_delta, _pld.laplace_pld_delta_arb),
          "subsampled_gaussian_pld_delta": (_pld.subsampled_gaussian_pld_delta, _pld.subsampled_gaussian_pld_delta_arb),
          # ε(δ) on the same compositions: the float bracket's midpoint; certified, the ball (ε_lo, ε_hi] with
          # δ_upper(ε_hi) ≤ δ < δ_lower(ε_lo)
          "pld_epsilon": (_pld.pld_epsilon, _pld.pld_epsilon_arb),
          "subsampled_gaussian_pld_epsilon": (_pld.subsampled_gaussian_pld_epsilon,
                                              _pld.subsampled_gaussian_pld_epsilon_arb),
          "subsampled_laplace_pld_delta": (_pld.subsampled_laplace_pld_delta, _pld.subsampled_laplace_pld_delta_arb),
          "discrete_laplace_pld_delta": (_pld.discrete_laplace_pld_delta, _pld.discrete_laplace_pld_delta_arb),
          # heterogeneous composition: a list of (mechanism, params, k) events in one PLD
          "pld_compose_delta": (_pld.pld_compose_delta, _pld.pld_compose_delta_arb),
          "pld_compose_epsilon": (_pld.pld_compose_epsilon, _pld.pld_compose_epsilon_arb)})
# calibration: float bisection (Laplace: the closed form) against the certified d-digit grid search on the privacy
# profile with ball evaluations (mechanisms.accounting.calibration)
from mechanisms.accounting import calibration as _calibration  # noqa: E402

register({"gaussian_sigma": (_calibration.gaussian_sigma_grid, _calibration.gaussian_sigma_exact),
          "laplace_scale": (_calibration.laplace_scale_grid, _calibration.laplace_scale_exact),
          "dpsgd_sigma": (_calibration.dpsgd_sigma_grid, _calibration.dpsgd_sigma_exact)})
# Gaussian on a sample without replacement (Wang, Balle & Kasiviswanathan 2019, Theorem 27): the forward differences
# of e^{x(x+1)/(2σ²)} by float quadrature of their positive integral form against the exact alternating sum in arb
# (mechanisms.accounting.sampling_without_replacement)
from mechanisms.accounting import sampling_without_replacement as _wor  # noqa: E402

register({"sampled_without_replacement_gaussian_rdp": (_wor.sampled_without_replacement_gaussian_rdp,
                                                       _wor.sampled_without_replacement_gaussian_rdp_arb)})
# a value v known to be at least lower(): the search takes v; certified, the ball [lower(), v] (the costly
# certified lower bound runs on the certified path only)
register({"at_least": (lambda lower, v: v, lambda lower, v: lower().union(v))})


def _no_exact_route(thunk):
    raise OutsideDomain("a probability known only by Monte Carlo has no exact route "
                        "(a statistical claim's interval stands in for it on the certified path)")


register({"statistical_estimate": (lambda thunk: thunk(), _no_exact_route)})



# Routes that take exact numbers only (an arb ball, even one of radius 0, is refused), by argument: checked at the
# call on the certified path, before any work, naming the argument and the reader that keeps a number of the case
# exact (m.value), where the library would refuse it deep inside (or, for a ball from m.num, name no reader).
EXACT_ARGS: dict = {
    "pld_delta": ("params", "eps", "h"),
    "gaussian_pld_delta": ("sigma", "eps", "sensitivity", "h"),
    "laplace_pld_delta": ("b", "eps", "sensitivity", "h"),
    "subsampled_gaussian_pld_delta": ("sigma", "q", "eps", "h"),
    "subsampled_laplace_pld_delta": ("b", "q", "eps", "h"),
    "discrete_laplace_pld_delta": ("a", "eps", "sensitivity", "q", "h"),
    "pld_compose_delta": ("eps", "h"),
    "pld_compose_epsilon": ("delta", "h"),
    "gaussian_sigma": ("eps", "delta", "sensitivity"),
    "laplace_scale": ("eps", "delta", "sensitivity"),
    "dpsgd_sigma": ("eps", "delta", "q"),
}


def _refuse_balls(name, fn, args, kwargs, float_path=False):
    """InvalidInput at the call when an argument of EXACT_ARGS[name] is (or holds) an arb ball (on the float path:
    a float read with m.num)."""
    import inspect

    import flint

    ball = NumOfCase if float_path else flint.arb

    try:
        bound = inspect.signature(fn).bind(*args, **kwargs)
    except TypeError:
        return  # the route's own call says what is wrong
    for arg in EXACT_ARGS.get(name, ()):
        if arg not in bound.arguments:
            continue
        value = bound.arguments[arg]
        items = list(enumerate(value)) if isinstance(value, (list, tuple)) else [(None, value)]
        names = _pld.PARAMETERS.get(bound.arguments.get("mechanism"), ()) if name == "pld_delta" else ()
        for i, x in items:
            if isinstance(x, ball):
                read = arg if i is None else names[i] if i < len(names) else "..."
                label = arg if i is None else f"{arg}[{i}] ({read})" if read != "..." else f"{arg}[{i}]"
                shown = f"{x!r} is read with m.num (a ball on the certified path)" if float_path else \
                    f"{_short_ball(x)} is a ball"
                raise InvalidInput(
                    f"m.{name}: {label} = {shown}, and m.{name} takes exact numbers only: pass "
                    f"m.value(case[{read!r}]) (exact) rather than m.num(...) or a computed ball (m.num and arithmetic "
                    f"on balls give balls; m.value keeps the case's exact numbers exact)")


def _float_route(name, fn):
    """A route on the float path; one that takes exact numbers only refuses a float read with m.num at the call."""
    if name not in EXACT_ARGS:
        return fn

    def route(*args, **kwargs):
        _refuse_balls(name, fn, args, kwargs, float_path=True)
        return fn(*args, **kwargs)
    route.__name__ = name
    route.__doc__ = fn.__doc__
    route.__wrapped__ = fn
    return route


def _short_ball(x) -> str:
    """[mid ± radius] with the ball's own radius (arb's str(n) adds the rounding of the midpoint to n digits)."""
    if x.rad() == 0:
        return f"{x.mid().str(10, radius=False)} (an arb ball of radius 0)"
    return f"[{x.mid().str(10, radius=False)} ± {x.rad().str(2, radius=False)}]"


def _certified_route(name, fn):
    """A route (or formula) on the certified path, behind the context's boundary: no machine number enters
    it (ctx.refuse_machine_numbers), a route that takes exact numbers only refuses a ball at the call
    (EXACT_ARGS), and a library route's float infinity comes out as the exact one (ctx.from_route)."""
    where = f"m.{name}"
    exact = name in EXACT_ARGS

    def route(*args, **kwargs):
        ctx_certified.refuse_machine_numbers(args, where)
        ctx_certified.refuse_machine_numbers(tuple(kwargs.values()), where)
        if exact:
            _refuse_balls(name, fn, args, kwargs)
        return ctx_certified.from_route(fn(*args, **kwargs))
    route.__name__ = name
    route.__doc__ = fn.__doc__
    route.__wrapped__ = fn
    return route


def _reading(fn, what):
    """A reader of the case on the certified path: text is refused (a case holds numbers, not text)."""
    def read(x):
        if isinstance(x, str) or (isinstance(x, (list, tuple)) and any(
                isinstance(y, str) or (isinstance(y, (list, tuple)) and any(isinstance(z, str) for z in y)) for y in x)):
            raise FloatOnCertifiedPath(f"m.{what} of a string ({str(x)[:60]!r}): a case holds numbers; "
                                       "write an exact number as Fraction('0.1') or an int")
        return fn(x)
    read.__doc__ = ROUTES[what][0].__doc__ or fn.__doc__  # what the reader is for, on every path
    return read


class Path:
    """What a quantity receives as ``m``: a numeric context (mechanisms.numerics.context) — its operations and
    every formula written once over it — plus the routes of :data:`ROUTES` (a name with two algorithms,
    or one not yet written over the context), which take precedence."""

    def __init__(self, name: str, ctx, routes: dict, guard=None):
        self.name, self.ctx, self.inf = name, ctx, ctx.inf
        self.certified = ctx.certified
        self._guard = guard  # what a formula passes through on this path (the certified boundary), or None
        self.__dict__.update(routes)

    def __getattr__(self, key):
        if key.startswith("__") or key == "_guard":
            raise AttributeError(key)
        f = getattr(self.ctx, key)
        if self._guard is not None and key in FORMULAS:  # no machine number enters a certified formula either
            f = self._guard(key, f)
        self.__dict__[key] = f
        return f

    def __repr__(self):
        return f"<{self.name} path>"

    def __reduce__(self):
        return (_path_named, (self.name,))


def _path_named(name):
    return {"float": FLOAT, "certified": CERTIFIED, "box": BOX}[name]


def _path(name: str, which: int) -> Path:
    if which == 0:
        return Path(name, ctx_fp, {k: _float_route(k, v[0]) for k, v in ROUTES.items()})
    routes = {k: _certified_route(k, v[1]) for k, v in ROUTES.items()}
    for k in ("value", "num", "vector", "matrix"):
        routes[k] = _reading(routes[k], k)
    return Path(name, ctx_certified, routes, guard=_certified_route)


# ----------------------------------------------------------------------------- the box path
# Case values are Balls over a box. Only what is written over the context is evaluated on boxes (sound
# by construction: a Ball answers a comparison only when the whole box decides it); a route of ROUTES
# given a Ball has no box form and says so (the prover splits the box or leaves it undecided). Given
# exact arguments only, a route is the certified one and its ball result becomes a Ball.
# NoBoxForm (an Undecided): a route, or a context operation such as ctx.integral, without a form over boxes was
# given a Ball (mechanisms.numerics.context.box)
from mechanisms.numerics.context.box import NoBoxForm  # noqa: E402


def _box_route(name, certified_route):
    def route(*args, **kwargs):
        if ctx_box.has_ball(args) or ctx_box.has_ball(tuple(kwargs.values())):
            raise NoBoxForm(f"m.{name} has no form over boxes (it is not written over the numeric context)")
        return ctx_box.from_certified(certified_route(*args, **kwargs))
    route.__name__ = name
    return route


def _box_paths():
    certified_routes = CERTIFIED.__dict__
    routes = {k: _box_route(k, certified_routes[k]) for k in ROUTES}
    routes.update(value=ctx_box.case_value, num=ctx_box.num, vector=ctx_box.vector, matrix=ctx_box.matrix)
    routes["is_pos_inf"] = lambda x: ctx_box.is_inf(x) and x > 0  # +inf, as on the other paths
    return Path("box", ctx_box, routes, guard=_certified_route)


FLOAT = _path("float", 0)
CERTIFIED = _path("certified", 1)
BOX = _box_paths()
