"""Numbers the rest is written over: the numeric contexts (floats, certified exact/ball values, boxes),
exact conversion, special functions, quadrature, rigorous Monte Carlo intervals and the torch backend.

Each name below is imported on first use from the module that defines it (``mechanisms.numerics.<module>``)."""
from mechanisms._lazy import exports

MODULES = ('context', 'exact', 'special', 'bessel', 'quadrature', 'rigorous_intervals', 'monte_carlo', 'backend', '_sampling', 'checks',)

# each module's public names (a name is imported from its module on first use)
_NAMES = {
    'exact': ('Exact', 'ExactInfinity', 'FloatOnCertifiedPath', 'Undecided', 'check_certified', 'exact', 'infinity',
              'is_infinity', 'machine_number', 'to_arb', 'to_fraction'),
    'special': ('binomial', 'log_binomial', 'log_comb'),
    'bessel': ('certified_log_bessel_i', 'certified_log_normalised_bessel_i', 'float_log_bessel_i',
               'float_log_normalised_bessel_i'),
    'quadrature': ('BallIntegrandOps', 'FloatIntegrandOps', 'LogValue', 'certified_integral', 'certified_log_integral',
                   'float_log_integral', 'float_log_integrand', 'integrand_window'),
    'rigorous_intervals': ('Interval', 'empirical_bernstein_interval'),
    'monte_carlo': ('MonteCarloEstimate', 'batch_generator', 'bernoulli_rate', 'bernstein_half_width', 'bounded_mean',
                    'check_confidence', 'clt_mean', 'hoeffding_half_width', 'resolve_backend_device', 'seed_label',
                    'stream_seed'),
    'backend': ('resolve_device',),
    '_sampling': ('available_bytes', 'batch_plan', 'check_backend', 'check_count', 'check_fits', 'default_batch_size',
                  'numpy_dtype', 'numpy_generator', 'torch_dtype', 'torch_generator', 'torch_standard_gamma',
                  'torch_symmetric_beta'),
    'checks': ('channel', 'check_alpha', 'check_cos', 'check_dimension', 'check_kappa', 'check_nonneg',
               'check_probability', 'distribution', 'exact_real', 'integer', 'is_arb', 'real', 'real_array',
               'same_length'),
}

__all__, __getattr__, __dir__ = exports(__name__, _NAMES, MODULES)
