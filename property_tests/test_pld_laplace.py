"""The PLD accountant's Laplace family (mechanisms.accounting.pld): the Poisson-subsampled Laplace mechanism under
dp_accounting's ADD, REMOVE and REPLACE adjacency, and the (subsampled) discrete Laplace mechanism, k-fold, δ(ε) and
ε(δ) as certified brackets. Oracles: dp_accounting (its LaplacePrivacyLoss / DiscreteLaplacePrivacyLoss, its PLD at a
fine grid, and the values pinned in its own tests, ported here with their file and test name), mpmath quadrature of
the hockey-stick divergence, and an exact 40-digit convolution of the discrete Laplace mechanism's atoms computed
from its pmf (independent of the accountant's closed-form atom masses)."""
import math
import warnings
from fractions import Fraction as F

import mpmath
import pytest

from mechanisms.accounting import pld
from mechanisms.errors import InvalidInput

# dp_accounting's assertAlmostEqual (7 places): a pinned value is right within 5e-8
PIN_TOL = F(5, 10**8)


def _near(bounds, pin, tol=PIN_TOL):
    """The certified bracket meets [pin − tol, pin + tol]."""
    return bounds.lower - tol <= F(pin) <= bounds.upper + tol


def _laplace_mechanism(adjacency, b, d, q):
    """dp_accounting's LaplacePrivacyLoss(b, Δ, q, ADD|REM) as ours: sensitivity 1 at scale b/Δ."""
    return f"subsampled_laplace_{'add' if adjacency == 'ADD' else 'remove'}", (F(b) / F(d), F(q))


# ----------------------------------------------------------------------------- pinned: one step
# dp_accounting/pld/privacy_loss_mechanism_test.py, LaplacePrivacyLossTest.test_laplace_get_delta_for_epsilon:
# (parameter, sensitivity, sampling_prob, adjacency_type, epsilon, expected_delta)
# at sampling_prob 1 the file pins the same (parameter, sensitivity, epsilon, expected_delta) for both adjacencies
_NOT_SUBSAMPLED = [("1.0", "1.0", "1.0", "0.0"), ("3.0", "3.0", "1.0", "0.0"), ("2.0", "4.0", "2.0", "0.0"),
                   ("2.0", "4.0", "0.5", "0.52763345"), ("1.0", "1.0", "0.0", "0.39346934"),
                   ("2.0", "2.0", "0.0", "0.39346934"), ("1.0", "1.0", "-2.0", "0.86466472")]
LAPLACE_PINS = [(b, d, "1.0", "ADD", e, delta) for b, d, e, delta in _NOT_SUBSAMPLED] + [
    ("1.0", "1.0", "0.8", "ADD", "1.0", "0.0"), ("2.0", "4.0", "0.8", "ADD", "0.5", "0.3243606497234246"),
    ("1.0", "1.0", "0.6", "ADD", "0.2", "0.1401134521354217"), ("2.0", "2.0", "0.3", "ADD", "0.0", "0.1180408020862099"),
    ("5.0", "5.0", "0.2", "ADD", "2.0", "0.0"),
] + [(b, d, "1.0", "REM", e, delta) for b, d, e, delta in _NOT_SUBSAMPLED] + [
    ("1.0", "1.0", "0.8", "REM", "1.0", "0.0"), ("2.0", "4.0", "0.8", "REM", "0.5", "0.4039564635032081"),
    ("1.0", "1.0", "0.6", "REM", "0.2", "0.1741992102060086"), ("2.0", "2.0", "0.3", "REM", "0.0", "0.1180408020862099"),
    ("5.0", "5.0", "0.2", "REM", "-0.25", "0.2211992169285951"),
]
# the same file, LaplacePrivacyLossTest.test_laplace_get_delta_for_epsilon_vectorized:
# (parameter, sensitivity, sampling_prob, adjacency_type, epsilon_values, expected_delta_values)
LAPLACE_VECTOR_PINS = [
    ("1.0", "1.0", "1.0", "ADD", ["-2.0", "-1.0", "0.0", "1.0"], ["0.86466472", "0.63212056", "0.39346934", "0.0"]),
    ("2.0", "4.0", "1.0", "ADD", ["-0.5", "0.0", "0.5", "1.0", "2.0"],
     ["0.7134952031", "0.6321205588", "0.5276334473", "0.3934693403", "0.0"]),
    ("1.0", "1.0", "0.2", "ADD", ["-0.3", "-0.2", "-0.1", "0.0", "0.1", "0.2", "0.3"],
     ["0.2591817793", "0.2008511573", "0.1405456165", "0.07869386806", "0.01879989609", "0.0", "0.0"]),
    ("1.0", "1.0", "1.0", "REM", ["-2.0", "-1.0", "0.0", "1.0"], ["0.86466472", "0.63212056", "0.39346934", "0.0"]),
    ("2.0", "4.0", "1.0", "REM", ["-0.5", "0.0", "0.5", "1.0", "2.0"],
     ["0.7134952031", "0.6321205588", "0.5276334473", "0.3934693403", "0.0"]),
    ("1.0", "1.0", "0.2", "REM", ["-0.3", "-0.2", "-0.1", "0.0", "0.1", "0.2", "0.3"],
     ["0.2591817793", "0.1812692469", "0.1121734314", "0.07869386806", "0.05015600993", "0.02391739939", "0.0"]),
]
# DiscreteLaplacePrivacyLossTest.test_discrete_laplace_get_delta_for_epsilon (same file):
# (parameter, sensitivity, sampling_prob, adjacency_type, epsilon, expected_delta)
DISCRETE_PINS = [
    ("1.0", 1, "1.0", "ADD", "1.0", "0.0"), ("0.333333", 3, "1.0", "ADD", "1.0", "0.0"),
    ("0.5", 4, "1.0", "ADD", "2.0", "0.0"), ("0.5", 4, "1.0", "ADD", "0.5", "0.54202002"),
    ("0.5", 4, "1.0", "ADD", "1.0", "0.39346934"), ("0.5", 4, "1.0", "ADD", "-0.5", "0.72222110"),
    ("1.0", 1, "0.8", "ADD", "1.0", "0.0"), ("0.333333", 3, "0.8", "ADD", "1.0", "0.0"),
    ("0.5", 4, "0.7", "ADD", "0.5", "0.2293628348747755"), ("0.5", 4, "0.6", "ADD", "0.6", "0.07668344250639381"),
    ("0.5", 4, "0.3", "ADD", "0.5", "0.0"),
    ("1.0", 1, "1.0", "REM", "1.0", "0.0"), ("0.333333", 3, "1.0", "REM", "1.0", "0.0"),
    ("0.5", 4, "1.0", "REM", "2.0", "0.0"), ("0.5", 4, "1.0", "REM", "0.5", "0.54202002"),
    ("0.5", 4, "1.0", "REM", "1.0", "0.39346934"), ("0.5", 4, "1.0", "REM", "-0.5", "0.72222110"),
    ("1.0", 1, "0.8", "REM", "1.0", "0.0"), ("0.333333", 3, "0.8", "REM", "1.0", "0.0"),
    ("0.5", 4, "0.7", "REM", "0.5", "0.3523838505224567"), ("0.5", 4, "0.6", "REM", "1.0", "0.178181891763215"),
    ("0.5", 4, "0.3", "REM", "0.5", "0.1068168460276349"), ("1.0", 1, "0.2", "REM", "-0.25", "0.2211992169285951"),
]
# DiscreteLaplacePrivacyLossTest.test_discrete_laplace_get_delta_for_epsilon_vectorized (same file)
DISCRETE_VECTOR_PINS = [
    ("0.5", 4, "1.0", "ADD", ["-2.0", "-1.0", "-0.5", "0.0", "0.5", "1.0", "2.0"],
     ["0.86466472", "0.77686984", "0.7222211", "0.63212056", "0.54202002", "0.39346934", "0.0"]),
    ("0.5", 4, "0.2", "ADD", ["-0.3", "-0.2", "-0.1", "0.0", "0.1", "0.2", "0.3"],
     ["0.31709255", "0.25960017", "0.19633877", "0.12642411", "0.058632421", "0.0", "0.0"]),
    ("0.5", 4, "1.0", "REM", ["-2.0", "-1.0", "-0.5", "0.0", "0.5", "1.0", "2.0"],
     ["0.86466472", "0.77686984", "0.7222211", "0.63212056", "0.54202002", "0.39346934", "0.0"]),
    ("0.5", 4, "0.2", "REM", ["-0.3", "-0.2", "-0.1", "0.0", "0.1", "0.2", "0.3"],
     ["0.25918178", "0.18126925", "0.14821539", "0.12642411", "0.11181698", "0.095673604", "0.07817137"]),
]


def _grouped(pins, vector_pins):
    """{(parameter, sensitivity, q, adjacency): [(ε, pinned δ)]}: one composition per mechanism."""
    out = {}
    for *key, e, d in pins:
        out.setdefault(tuple(key), []).append((e, d))
    for *key, es, ds in vector_pins:
        out.setdefault(tuple(key), []).extend(zip(es, ds))
    return out


LAPLACE_GROUPS = _grouped(LAPLACE_PINS, LAPLACE_VECTOR_PINS)
DISCRETE_GROUPS = _grouped(DISCRETE_PINS, DISCRETE_VECTOR_PINS)


@pytest.mark.parametrize("key", sorted(LAPLACE_GROUPS), ids=lambda k: "-".join(map(str, k)))
def test_pinned_subsampled_laplace_values(key):
    """Each of dp_accounting's pinned δ(ε) of one (subsampled) Laplace step lies within 5e−8 (its test's
    tolerance) of our certified bracket, whose gap at h = 1/2000 is below 1e−6 (second order: 2e−7 at most)."""
    b, d, q, adjacency = key
    mechanism, params = _laplace_mechanism(adjacency, b, d, q)
    pins = LAPLACE_GROUPS[key]
    bounds = pld.pld_delta_bounds(mechanism, params, 1, [F(e) for e, _ in pins], F(1, 2000))
    for (e, pin), bd in zip(pins, bounds):
        assert bd.gap < F(1, 10**6), (key, e, bd)
        assert _near(bd, pin), (key, e, pin, float(bd.lower), float(bd.upper))


@pytest.mark.parametrize("key", sorted(DISCRETE_GROUPS), ids=lambda k: "-".join(map(str, k)))
def test_pinned_discrete_laplace_values(key):
    a, d, q, adjacency = key
    mechanism = "subsampled_discrete_laplace_" + ("add" if adjacency == "ADD" else "remove")
    pins = DISCRETE_GROUPS[key]
    # where q < 1 and Δ > 1 the middle atoms lie off the grid (the lower bound moves each down, by < h: a gap of
    # first order, up to ~h): a fine grid, cheap for one step of a few atoms
    on_grid = q == "1.0" or d == 1
    h = F(1, 2000) if on_grid else F(1, 10**5)
    bounds = pld.pld_delta_bounds(mechanism, (F(a), d, F(q)), 1, [F(e) for e, _ in pins], h)
    for (e, pin), bd in zip(pins, bounds):
        assert bd.gap < (F(1, 10**12) if on_grid else F(2, 10**6)), (key, e, float(bd.gap))
        assert _near(bd, pin), (key, e, pin, float(bd.lower), float(bd.upper))


def test_pinned_value_count():
    """The number of dp_accounting's pinned values covered here (reported in the issue)."""
    laplace = sum(len(v) for v in LAPLACE_GROUPS.values())
    discrete = sum(len(v) for v in DISCRETE_GROUPS.values())
    assert (laplace, discrete) == (56, 51)


# ----------------------------------------------------------------------------- k-fold: dp_accounting's PLD
def _peer(mechanism, b, q, k, h=1e-5):
    """dp_accounting's connect-the-dots PLD of the subsampled Laplace mechanism (sensitivity 1), k-fold: within
    ~1e−9 of δ at h = 1e−5 (second order); its pmf per direction (REMOVE / ADD) or both (add-or-remove)."""
    from dp_accounting.pld import privacy_loss_distribution as P

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = P.from_laplace_mechanism(b, sampling_prob=q, value_discretization_interval=h).self_compose(k)
    if mechanism.endswith("remove"):
        return d._pmf_remove
    if mechanism.endswith("add"):
        return d._pmf_add
    return d


@pytest.mark.parametrize("mechanism", ["subsampled_laplace_remove", "subsampled_laplace_add", "subsampled_laplace"])
def test_subsampled_laplace_k_fold_brackets_dp_accounting(mechanism):
    """10 steps at q = 0.2, b = 1, ε < 0 too: dp_accounting's δ at h = 1e−5 lies in our h = 1e−3 bracket (gap below
    2e−4 of δ: both atoms lie on the grid, :func:`pld._anchors`); the float route agrees with the certified one."""
    eps = [F(-1, 2), F(0), F(1, 4), F(1, 2), F(1)]
    bounds = pld.pld_delta_bounds(mechanism, (F(1), F(1, 5)), 10, eps, F(1, 1000))
    peer = _peer(mechanism, 1.0, 0.2, 10)
    for e, b in zip(eps, bounds):
        assert b.lower <= F(peer.get_delta_for_epsilon(float(e))) <= b.upper, (mechanism, e, b)
        assert b.gap <= F(2, 10**4) * b.upper
    lo, hi = pld.pld_delta_float(mechanism, (1.0, 0.2), 10, 0.5, 1e-3)
    assert lo == pytest.approx(float(bounds[3].lower), rel=1e-9) and hi == pytest.approx(float(bounds[3].upper), rel=1e-9)


def test_subsampled_laplace_many_steps_and_small_q():
    """q = 0.01, b = 1/2, 200 steps (add-or-remove): the loss law spans only 0.07 (70 cells at h = 1e−3: a gap of
    0.5 %), so h = 1e−4, against dp_accounting at 2e−5 (its error second order, within our gap)."""
    eps = [F(1, 4), F(1, 2)]
    bounds = pld.pld_delta_bounds("subsampled_laplace", (F(1, 2), F(1, 100)), 200, eps, F(1, 10**4))
    peer = _peer("subsampled_laplace", 0.5, 0.01, 200, h=2e-5)
    for e, b in zip(eps, bounds):
        assert b.lower <= F(peer.get_delta_for_epsilon(float(e))) <= b.upper, (e, b)
        assert b.gap <= F(1, 10**3) * b.upper, (e, float(b.gap / b.upper))


def test_subsampled_laplace_epsilon_brackets_dp_accounting():
    """ε(δ) of 10 steps (q = 0.2, b = 1, add-or-remove): dp_accounting's ε from its h = 1e−5 PLD lies in the
    certified bracket, which is what it claims on its own grid: δ_upper(ε_hi) ≤ δ < δ_lower(ε_lo)."""
    delta = F(1, 10**4)
    e = pld.pld_epsilon_bounds("subsampled_laplace", (F(1), F(1, 5)), 10, delta, F(1, 1000))
    peer = _peer("subsampled_laplace", 1.0, 0.2, 10)
    assert float(e.lower) < peer.get_epsilon_for_delta(1e-4) <= float(e.upper) + 1e-9, e
    assert e.gap < F(1, 1000)
    at_hi, at_lo = pld.pld_delta_bounds("subsampled_laplace", (F(1), F(1, 5)), 10, [e.upper, e.lower], e.h)
    assert at_hi.upper <= delta < at_lo.lower


def test_pinned_poisson_subsampled_laplace_accountant():
    """dp_accounting/pld/pld_privacy_accountant_test.py, test_poisson_subsampled_laplace: PoissonSampledDpEvent(0.2,
    LaplaceDpEvent(0.5)) composed 1 + 2 times: δ(2.46964) = 1e−14 within 1e−6 and ε(1e−14) = 2.46964 within 1e−3
    (2.46964 = 3·log(0.8 + 0.2e²), the largest loss: δ is 0 above it)."""
    events = pld.pld_delta_bounds("subsampled_laplace", (F(1, 2), F(1, 5)), 3, F("2.46964"), F(1, 1000))
    assert events.upper <= F(1, 10**6)
    e = pld.pld_epsilon_bounds("subsampled_laplace", (F(1, 2), F(1, 5)), 3, F(1, 10**14), F(1, 1000))
    assert abs(F("2.46964") - e.lower) <= F(1, 1000) and abs(F("2.46964") - e.upper) <= F(1, 1000), e
    top = 3 * mpmath.log(mpmath.mpf("0.8") + mpmath.mpf("0.2") * mpmath.e ** 2)
    assert float(e.lower) <= top + 1e-12 and abs(top - mpmath.mpf("2.46964")) < 1e-5


# ----------------------------------------------------------------------------- replace-one
def _replace_peer(b, q):
    """dp_accounting's LaplacePrivacyLoss with REPLACE (its AdditiveNoisePrivacyLoss defines mu_upper, mu_lower and
    the loss; 0.6.0 leaves the inverse unimplemented for Laplace): the inverse by bisection, the connect-the-dots
    bounds the loss's ends."""
    from dp_accounting.pld import privacy_loss_mechanism as M
    from scipy.optimize import brentq

    class LaplaceReplace(M.LaplacePrivacyLoss):
        def _inverse_privacy_loss_replace(self, loss):
            top, bottom = self.privacy_loss(-self.sensitivity), self.privacy_loss(self.sensitivity)
            if loss > top:
                return -math.inf
            if loss <= bottom:
                return math.inf
            return brentq(lambda x: self.privacy_loss(x) - loss, -self.sensitivity, self.sensitivity, xtol=1e-15)

        def connect_dots_bounds(self):
            return M.ConnectDotsBounds(epsilon_upper=self.privacy_loss(-self.sensitivity),
                                       epsilon_lower=self.privacy_loss(self.sensitivity))

    return LaplaceReplace(b, 1.0, q, M.AdjacencyType.REPLACE)


def _laplace_density(x, centre, b):
    return mpmath.exp(-abs(x - centre) / b) / (2 * b)


def test_subsampled_laplace_replace_one_step_by_quadrature():
    """(1−q)Lap(0,b) + qLap(1,b) against (1−q)Lap(0,b) + qLap(−1,b): δ(ε) by 30-digit quadrature of the hockey-stick
    divergence lies in the certified bracket (one step, h = 1/2000), and dp_accounting's REPLACE formula agrees."""
    b, q = F(1), F(3, 10)
    eps = [F(-1, 2), F(0), F(1, 4), F(1)]
    bounds = pld.pld_delta_bounds("subsampled_laplace_replace", (b, q), 1, eps, F(1, 2000))
    peer = _replace_peer(1.0, 0.3)
    with mpmath.workdps(30):
        bm, qm = mpmath.mpf(1), mpmath.mpf(3) / 10
        p = lambda x: (1 - qm) * _laplace_density(x, 0, bm) + qm * _laplace_density(x, 1, bm)  # noqa: E731
        r = lambda x: (1 - qm) * _laplace_density(x, 0, bm) + qm * _laplace_density(x, -1, bm)  # noqa: E731
        for e, bd in zip(eps, bounds):
            em = mpmath.exp(mpmath.mpf(e.numerator) / e.denominator)
            top = mpmath.log((1 - qm + qm * mpmath.e) / (1 - qm + qm / mpmath.e))  # the largest loss
            inner = -top < mpmath.log(em) < top  # p − e^ε r changes sign once, in (−1, 1) (p/r increases)
            root = mpmath.findroot(lambda x: p(x) - em * r(x), (-1, 1), solver="bisect") if inner else 0
            truth = mpmath.quad(lambda x: max(0, p(x) - em * r(x)), sorted([-mpmath.inf, -1, 0, root, 1, mpmath.inf]))
            assert bd.lower <= F(mpmath.nstr(truth, 25)) <= bd.upper, (e, bd, truth)
            assert bd.gap < F(1, 10**6)
            # dp_accounting (privacy buckets, its default here) rounds each loss a/3·ℓ up to its 1e−4 grid: an upper
        # estimate, 1.3e−4 of δ above the truth at ε = 0, where ours is exact
        assert float(truth) <= peer.get_delta_for_epsilon(float(e)) <= float(truth) + 2e-4


def test_subsampled_laplace_replace_k_fold_brackets_dp_accounting():
    """10 steps of replace-one at q = 0.2, b = 1: dp_accounting's connect-the-dots PLD (h = 1e−4) from the REPLACE
    loss lies in our h = 1e−3 bracket; q = 1 is the Laplace pair at distance 2."""
    from dp_accounting.pld import privacy_loss_distribution as P

    eps = [F(-1, 2), F(0), F(1, 2), F(1)]
    bounds = pld.pld_delta_bounds("subsampled_laplace_replace", (F(1), F(1, 5)), 10, eps, F(1, 1000))
    pmf = P._create_pld_pmf_from_monotone_privacy_loss(_replace_peer(1.0, 0.2), value_discretization_interval=1e-4,
                                                       use_connect_dots=True)
    peer = P.PrivacyLossDistribution(pmf).self_compose(10)
    for e, bd in zip(eps, bounds):
        assert bd.lower <= F(peer.get_delta_for_epsilon(float(e))) <= bd.upper + F(1, 10**12), (e, bd)
        assert bd.gap <= F(2, 10**4) * bd.upper
    full = pld.pld_delta_bounds("subsampled_laplace_replace", (F(1), F(1)), 3, F(1, 2), F(1, 1000))
    assert full == pld.pld_delta_bounds("laplace", (F(1), 2), 3, F(1, 2), F(1, 1000))


# ----------------------------------------------------------------------------- discrete Laplace: exact composition
def _discrete_atoms(a, d, q, relation):
    """The loss law of one step from the pmfs themselves (independent of the accountant's closed forms): for each
    integer x in [−400, 400], P(x) and Q(x) of the pair (mpmath, 40 digits), grouped by equal loss: {loss: P-mass}.
    remove: (1−q)D(0) + qD(d) against D(0); add: swapped; replace: (1−q)D(0) + qD(d) against (1−q)D(0) + qD(−d)."""
    with mpmath.workdps(40):
        a, q = mpmath.mpf(a.numerator) / a.denominator, mpmath.mpf(q.numerator) / q.denominator
        z = mpmath.tanh(a / 2)
        dl = lambda x, c: z * mpmath.exp(-a * abs(x - c))  # noqa: E731
        out = {}
        for x in range(-400, 401):
            p = (1 - q) * dl(x, 0) + q * dl(x, d)
            r = (1 - q) * dl(x, 0) + q * dl(x, -d) if relation == "replace" else dl(x, 0)
            if relation == "add":
                p, r = r, p
            key = mpmath.nstr(mpmath.log(p / r), 25)
            loss, mass = out.get(key, (mpmath.log(p / r), 0))
            out[key] = (loss, mass + p)
        return list(out.values())


def _discrete_delta(atoms, k, eps):
    """δ(ε) of the k-fold composition of an atomic loss law, by exact convolution (grouping equal sums)."""
    with mpmath.workdps(40):
        law = {mpmath.nstr(mpmath.mpf(0), 25): (mpmath.mpf(0), mpmath.mpf(1))}
        for _ in range(k):
            nxt = {}
            for s, m in law.values():
                for loss, p in atoms:
                    key = mpmath.nstr(s + loss, 25)
                    old = nxt.get(key, (s + loss, 0))
                    nxt[key] = (old[0], old[1] + m * p)
            law = nxt
        e = mpmath.mpf(eps.numerator) / eps.denominator
        return sum(m * (1 - mpmath.exp(e - s)) for s, m in law.values() if s > e)


@pytest.mark.parametrize("mechanism, relation", [("subsampled_discrete_laplace_remove", "remove"),
                                                 ("subsampled_discrete_laplace_add", "add"),
                                                 ("subsampled_discrete_laplace_replace", "replace")])
def test_discrete_laplace_k_fold_holds_the_exact_composition(mechanism, relation):
    """a = 1/2, Δ = 3, q = 3/10, 6 steps: the exact δ(ε) (40-digit convolution of the atoms computed from the pmfs)
    lies in the certified bracket at h = 1e−4, whose gap is first order in h (the middle atoms off the grid);
    add-or-remove is the larger of the two directions; dp_accounting's pessimistic PLD (an upper estimate) lies
    above our lower bound."""
    from dp_accounting.pld import privacy_loss_distribution as P

    a, d, q, k = F(1, 2), 3, F(3, 10), 6
    eps = [F(-1, 2), F(0), F(1, 2), F(1)]
    bounds = pld.pld_delta_bounds(mechanism, (a, d, q), k, eps, F(1, 10**4))
    atoms = _discrete_atoms(a, d, q, relation)
    for e, b in zip(eps, bounds):
        truth = _discrete_delta(atoms, k, e)
        assert b.lower <= F(mpmath.nstr(truth, 30)) <= b.upper, (mechanism, e, b, truth)
        assert b.gap <= F(2, 10**3) * b.upper
    if relation != "replace":
        peer = P.from_discrete_laplace_mechanism(0.5, sensitivity=3, sampling_prob=0.3,
                                                 value_discretization_interval=1e-4).self_compose(k)
        pmf = peer._pmf_remove if relation == "remove" else peer._pmf_add
        for e, b in zip(eps, bounds):
            assert b.lower <= F(pmf.get_delta_for_epsilon(float(e))) * (1 + F(1, 10**12)), (e, b)


def test_discrete_laplace_pair_and_no_subsampling():
    """Add-or-remove is the larger direction at every ε; without subsampling (q = 1) the atoms a(Δ − 2i) lie on the
    grid a/⌈a/h⌉ and the bracket is the exact k-fold δ (to 1e−20), against the exact convolution (dp_accounting's
    default PLD is an upper estimate here, 1e−4 of δ above);
    replace-one at q = 1 is the pair at sensitivity 2Δ."""
    a, d, q, k = F(1, 2), 3, F(3, 10), 4
    eps = [F(0), F(1, 2)]
    both = pld.pld_delta_bounds("subsampled_discrete_laplace", (a, d, q), k, eps, F(1, 10**4))
    for relation in ("remove", "add"):
        one = pld.pld_delta_bounds(f"subsampled_discrete_laplace_{relation}", (a, d, q), k, eps, F(1, 10**4))
        for b1, b2 in zip(one, both):
            assert b1.upper <= b2.upper
    from dp_accounting.pld import privacy_loss_distribution as P

    plain = pld.pld_delta_bounds("discrete_laplace", (F(1, 3), 2), 10, [F(0), F(1), F(3)], F(1, 10**3))
    atoms = _discrete_atoms(F(1, 3), 2, F(1), "remove")
    peer = P.from_discrete_laplace_mechanism(1 / 3, sensitivity=2, value_discretization_interval=1e-4).self_compose(10)
    for e, b in zip([F(0), F(1), F(3)], plain):
        truth = _discrete_delta(atoms, 10, e)
        assert b.lower <= F(mpmath.nstr(truth, 30)) <= b.upper and b.gap < F(1, 10**20), (e, b, truth)
        # dp_accounting (privacy buckets, its default here) rounds each loss a/3·ℓ up to its 1e−4 grid: an upper
        # estimate, 1.3e−4 of δ above the truth at ε = 0, where ours is exact
        assert float(truth) <= peer.get_delta_for_epsilon(float(e)) <= float(truth) + 2e-4
    assert pld.pld_delta_bounds("subsampled_discrete_laplace_replace", (F(1, 3), 2, F(1)), 3, F(1, 2)) == \
        pld.pld_delta_bounds("discrete_laplace", (F(1, 3), 4), 3, F(1, 2))


@pytest.mark.parametrize("a, d", [(F(1, 2), 1), (F(1, 3), 3), (F(2), 2)])
def test_one_discrete_laplace_step_is_the_librarys_closed_form(a, d):
    """One step without subsampling against the library's own route for it (mechanisms.continuous.discrete's
    discrete_laplace_delta, scale t = 1/a: a finite sum over the loss values), certified both, at ε on and off the
    grid, below 0 and past the largest loss: the balls overlap and ours is exact to 1e−20."""
    from mechanisms.numerics.context import certified

    eps = [F(-1), F(0), F(1, 7), F(1, 2), a * d, a * d + 1]
    for e, b in zip(eps, pld.pld_delta_bounds("discrete_laplace", (a, d), 1, eps, F(1, 1000))):
        with certified.workprec(128):
            ball = certified.discrete_laplace_delta(1 / a, e, d)
            lo, hi = pld._arb_end(ball, up=False), pld._arb_end(ball, up=True)
        assert b.lower <= hi and lo <= b.upper, (a, d, e, b, ball)
        assert b.gap < F(1, 10**20)


def test_discrete_laplace_epsilon():
    """ε(δ) of 10 steps of the discrete Laplace mechanism (a = 1/2, Δ = 1) brackets dp_accounting's (its pinned
    accountant test, test_discrete_laplace_basic, is in test_pld_compose.py)."""
    from dp_accounting.pld import privacy_loss_distribution as P

    e = pld.pld_epsilon_bounds("discrete_laplace", (F(1, 2), 1), 10, F(1, 10**3), F(1, 1000))
    peer = P.from_discrete_laplace_mechanism(0.5, value_discretization_interval=1e-4).self_compose(10)
    assert float(e.lower) <= peer.get_epsilon_for_delta(1e-3) <= float(e.upper) + 1e-9, e
    assert e.gap < F(1, 10**3)


def test_bad_discrete_input_is_named():
    with pytest.raises(InvalidInput, match="integer"):
        pld.pld_delta_bounds("subsampled_discrete_laplace", (F(1), F(3, 2), F(1, 2)), 2, F(1))
    with pytest.raises(InvalidInput, match="parameters"):
        pld.pld_delta_bounds("subsampled_discrete_laplace", (F(1), F(1, 2)), 2, F(1))
    with pytest.raises(InvalidInput, match="q="):
        pld.pld_delta_bounds("subsampled_laplace", (F(1), F(3, 2)), 2, F(1))


# ----------------------------------------------------------------------------- pinned: calibrations
# dp_accounting/pld/accountant_test.py, test_get_smallest_laplace_noise: (sensitivity, ε, δ, num_queries, the
# smallest Laplace parameter b with δ(ε) ≤ δ after num_queries steps), within 0.1
LAPLACE_NOISE_PINS = [(21, 3, 0, 10, "70"), (1, 1, "0.0001", 20, "13.6"), ("0.5", 1, "0.0001", 20, "6.8"),
                      (1, 1, "0.0001", 500, "71.0")]
# the same file, test_get_smallest_discrete_laplace_noise: the largest parameter a (the mechanism is more private as
# a shrinks), within 1e−3
DISCRETE_NOISE_PINS = [(2, 3, 0, 5, "0.3"), (1, 1, "0.0001", 20, "0.073"), (5, 1, "0.0001", 20, "0.014")]


@pytest.mark.parametrize("sensitivity, eps, delta, k, pin", LAPLACE_NOISE_PINS)
def test_pinned_smallest_laplace_noise(sensitivity, eps, delta, k, pin):
    """The pinned parameter b is the smallest within 0.1: certified, b + 0.1 meets (ε, δ) and b − 0.1 does not (for
    δ = 0: δ(ε) = 0 exactly at b = Δk/ε, the largest loss, and > 0 below it)."""
    b, d, e, target = F(pin), F(sensitivity), F(eps), F(delta)
    above = pld.pld_delta_bounds("laplace", (b + F(1, 10), d), k, e, F(1, 1000))
    below = pld.pld_delta_bounds("laplace", (b - F(1, 10), d), k, e, F(1, 1000))
    assert above.upper <= target < below.lower, (pin, above, below)
    if target == 0:
        assert pld.pld_delta_bounds("laplace", (b, d), k, e, F(1, 1000)).upper == 0


@pytest.mark.parametrize("sensitivity, eps, delta, k, pin", DISCRETE_NOISE_PINS)
def test_pinned_largest_discrete_laplace_parameter(sensitivity, eps, delta, k, pin):
    a, e, target = F(pin), F(eps), F(delta)
    ok = pld.pld_delta_bounds("discrete_laplace", (a - F(1, 1000), sensitivity), k, e, F(1, 1000))
    too_far = pld.pld_delta_bounds("discrete_laplace", (a + F(1, 1000), sensitivity), k, e, F(1, 1000))
    assert ok.upper <= target < too_far.lower, (pin, ok, too_far)
    if target == 0:
        assert pld.pld_delta_bounds("discrete_laplace", (a, sensitivity), k, e, F(1, 1000)).upper == 0


# ----------------------------------------------------------------------------- a requested gap; the float twin
@pytest.mark.parametrize("mechanism, params, floats", [
    ("subsampled_laplace", (F(1), F(1, 5)), (1.0, 0.2)),
    ("subsampled_laplace_replace", (F(2), F(1, 10)), (2.0, 0.1)),
    ("subsampled_discrete_laplace", (F(1, 2), 1, F(1, 5)), (0.5, 1, 0.2))])
def test_a_requested_gap_is_met_and_the_float_twin_agrees(mechanism, params, floats):
    """gap = 1e−3 chooses the grid (the float route on a coarse one, second order) and is met; the float route on
    the grid it chooses gives the same bounds to 1e−6."""
    b = pld.pld_delta_bounds(mechanism, params, 20, F(1, 2), gap=F(1, 1000))
    assert b.gap <= F(1, 1000) * b.upper, (mechanism, float(b.gap / b.upper))
    lo, hi = pld.pld_delta_float(mechanism, floats, 20, 0.5, gap=F(1, 1000))
    assert float(b.lower) == pytest.approx(lo, rel=1e-6) and float(b.upper) == pytest.approx(hi, rel=1e-6)
    e = pld.pld_epsilon_bounds(mechanism, params, 20, F(1, 10**3), gap=F(1, 100))
    elo, ehi = pld.pld_epsilon_float(mechanism, floats, 20, 1e-3, gap=F(1, 100))
    assert elo == pytest.approx(float(e.lower), abs=1e-6) and ehi == pytest.approx(float(e.upper), abs=1e-6), (e, elo, ehi)


def test_dpsgd_scale_subsampled_laplace_is_tighter_than_dp_accountings_default():
    """q = 0.01, b = 1, 1,000 steps: our certified upper bound at h = 1e−4 lies below dp_accounting's pessimistic
    PLD at the same grid (4.87935e−5, an upper estimate: 6e−9 above ours), whose values at 2e−5 and 1e−5 converge
    into our bracket; the gap is 1e−3 of δ."""
    b = pld.pld_delta_bounds("subsampled_laplace", (F(1), F(1, 100)), 1000, F(1), F(1, 10**4))
    assert b.gap <= F(11, 10**4) * b.upper
    assert b.upper < F(_peer("subsampled_laplace", 1.0, 0.01, 1000, h=1e-4).get_delta_for_epsilon(1.0))
    assert b.lower <= F(_peer("subsampled_laplace", 1.0, 0.01, 1000, h=1e-5).get_delta_for_epsilon(1.0)) <= b.upper
