"""Mechanisms on R^p, Z and the sphere: the Gaussian, Laplace, discrete Laplace and von Mises–Fisher
mechanisms, their divergences and exact (ε, δ) curves, Gaussian DP, Bayes' capacity of continuous noise.

Each name below is imported on first use from the module that defines it (``mechanisms.continuous.<module>``)."""
import importlib

MODULES = ('gaussian', 'gaussian_dp', 'gdp', 'divergences', 'discrete', 'capacity', 'vmf', 'vmf_moments', 'vmf_renyi', 'vmf_hockey_stick', 'vmf_sphere_quadrature', 'vmf_monte_carlo',)

_WHERE = {
    'BoundedIntegrand': 'vmf_monte_carlo',
    'VmfRenyiMonteCarlo': 'vmf_monte_carlo',
    'clip_per_layer': 'gaussian',
    'clip_to_ball': 'gaussian',
    'discrete_laplace_delta': 'discrete',
    'discrete_laplace_kl': 'discrete',
    'discrete_laplace_rdp': 'discrete',
    'dp_sgd_gaussian_step': 'gaussian',
    'exponential_mechanism_rdp': 'divergences',
    'gaussian_capacity': 'capacity',
    'gaussian_capacity_mc': 'vmf_monte_carlo',
    'gaussian_capacity_per_layer': 'capacity',
    'gaussian_capacity_quadrature': 'capacity',
    'gaussian_capacity_quadrature_arb': 'capacity',
    'gaussian_delta': 'gaussian_dp',
    'gaussian_epsilon': 'gaussian_dp',
    'gaussian_hockey_stick': 'divergences',
    'gaussian_kl': 'divergences',
    'gaussian_log_density': 'gaussian',
    'gaussian_mechanism_log_density': 'gaussian',
    'gaussian_rdp': 'gaussian_dp',
    'gaussian_tv': 'divergences',
    'gdp_delta': 'gdp',
    'gdp_epsilon': 'gdp',
    'gdp_tradeoff': 'gdp',
    'iter_sample_vmf': 'vmf',
    'laplace_delta': 'gaussian_dp',
    'laplace_epsilon': 'gaussian_dp',
    'laplace_hockey_stick': 'divergences',
    'laplace_kl': 'divergences',
    'laplace_log_density': 'gaussian',
    'laplace_mechanism_log_density': 'gaussian',
    'laplace_rdp': 'divergences',
    'laplace_tv': 'divergences',
    'log_sphere_area': 'vmf',
    'log_sphere_integral': 'vmf_sphere_quadrature',
    'log_sphere_integral_arb': 'vmf_sphere_quadrature',
    'log_vmf_mgf': 'vmf_moments',
    'log_vmf_mgf_mc': 'vmf_monte_carlo',
    'log_vmf_normaliser_quadrature': 'vmf_sphere_quadrature',
    'log_vmf_normaliser_quadrature_arb': 'vmf_sphere_quadrature',
    'mean_resultant_length_quadrature': 'vmf_sphere_quadrature',
    'mean_resultant_length_quadrature_arb': 'vmf_sphere_quadrature',
    'multivariate_vmf_log_density': 'vmf',
    'per_layer_clip_radius': 'gaussian',
    'rr_kl': 'divergences',
    'rr_rdp': 'divergences',
    'sample_gaussian_mechanism': 'gaussian',
    'sample_laplace_mechanism': 'gaussian',
    'sample_multivariate_vmf': 'vmf',
    'sample_vmf': 'vmf',
    'sample_vmf_t': 'vmf',
    'sphere_order': 'vmf_moments',
    'vmf_capacity': 'capacity',
    'vmf_capacity_mc': 'vmf_monte_carlo',
    'vmf_capacity_quadrature': 'capacity',
    'vmf_capacity_quadrature_arb': 'capacity',
    'vmf_capacity_scipy': 'capacity',
    'vmf_hockey_stick_antipodal': 'vmf_hockey_stick',
    'vmf_hockey_stick_antipodal_arb': 'vmf_hockey_stick',
    'vmf_hockey_stick_mc': 'vmf_monte_carlo',
    'vmf_kl_antipodal': 'vmf_renyi',
    'vmf_kl_mc': 'vmf_monte_carlo',
    'vmf_kl_quadrature': 'vmf_renyi',
    'vmf_kl_quadrature_arb': 'vmf_renyi',
    'vmf_log_density': 'vmf',
    'vmf_log_normaliser': 'vmf',
    'vmf_mean_resultant_length': 'vmf_moments',
    'vmf_rdp': 'vmf_renyi',
    'vmf_rdp_cgf': 'vmf_renyi',
    'vmf_rdp_nu': 'vmf_renyi',
    'vmf_renyi_divergence': 'vmf_renyi',
    'vmf_renyi_divergence_quadrature': 'vmf_renyi',
    'vmf_renyi_divergence_quadrature_arb': 'vmf_renyi',
    'vmf_renyi_mc': 'vmf_monte_carlo',
    'vmf_renyi_moment_integrand': 'vmf_monte_carlo',
    'vmf_t_log_density': 'vmf',
    'vmf_taus': 'vmf_renyi',
    'wood_envelope': 'vmf',
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
