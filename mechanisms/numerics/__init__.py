"""Numbers the rest is written over: the numeric contexts (floats, certified exact/ball values, boxes),
exact conversion, special functions, quadrature, rigorous Monte Carlo intervals and the torch backend.

Each name below is imported on first use from the module that defines it (``mechanisms.numerics.<module>``)."""
import importlib

MODULES = ('context', 'exact', 'special', 'bessel', 'quadrature', 'rigorous_intervals', 'monte_carlo', 'backend', '_sampling', 'checks',)

_WHERE = {
    'Exact': 'exact',
    'ExactInfinity': 'exact',
    'FloatOnCertifiedPath': 'exact',
    'Interval': 'rigorous_intervals',
    'MonteCarloEstimate': 'monte_carlo',
    'Undecided': 'exact',
    'available_bytes': '_sampling',
    'batch_generator': 'monte_carlo',
    'batch_plan': '_sampling',
    'bernoulli_rate': 'monte_carlo',
    'bernstein_half_width': 'monte_carlo',
    'binomial': 'special',
    'bounded_mean': 'monte_carlo',
    'certified_integral': 'quadrature',
    'certified_log_bessel_i': 'bessel',
    'certified_log_integral': 'quadrature',
    'certified_log_normalised_bessel_i': 'bessel',
    'channel': 'checks',
    'check_alpha': 'checks',
    'check_backend': '_sampling',
    'check_certified': 'exact',
    'check_confidence': 'monte_carlo',
    'check_cos': 'checks',
    'check_count': '_sampling',
    'check_dimension': 'checks',
    'check_fits': '_sampling',
    'check_kappa': 'checks',
    'check_nonneg': 'checks',
    'check_probability': 'checks',
    'clt_mean': 'monte_carlo',
    'default_batch_size': '_sampling',
    'distribution': 'checks',
    'empirical_bernstein_interval': 'rigorous_intervals',
    'exact': 'exact',
    'exact_real': 'checks',
    'float_log_bessel_i': 'bessel',
    'float_log_integral': 'quadrature',
    'float_log_normalised_bessel_i': 'bessel',
    'hoeffding_half_width': 'monte_carlo',
    'infinity': 'exact',
    'integer': 'checks',
    'integrand_window': 'quadrature',
    'is_arb': 'checks',
    'is_infinity': 'exact',
    'log_binomial': 'special',
    'log_comb': 'special',
    'machine_number': 'exact',
    'numpy_dtype': '_sampling',
    'numpy_generator': '_sampling',
    'real': 'checks',
    'real_array': 'checks',
    'resolve_backend_device': 'monte_carlo',
    'resolve_device': 'backend',
    'same_length': 'checks',
    'seed_label': 'monte_carlo',
    'stream_seed': 'monte_carlo',
    'to_arb': 'exact',
    'to_fraction': 'exact',
    'torch_dtype': '_sampling',
    'torch_generator': '_sampling',
    'torch_standard_gamma': '_sampling',
    'torch_symmetric_beta': '_sampling',
}

__all__ = sorted(_WHERE)


def __getattr__(name):
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    if name in MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(__all__) | set(MODULES))
