"""Mechanisms on R^p, Z and the sphere: the Gaussian, Laplace, discrete Laplace and von Mises–Fisher
mechanisms, their divergences and exact (ε, δ) curves, Gaussian DP, Bayes' capacity of continuous noise.

Each name below is imported on first use from the module that defines it (``mechanisms.continuous.<module>``)."""
from mechanisms._lazy import exports

MODULES = ('gaussian', 'gaussian_dp', 'gdp', 'divergences', 'discrete', 'capacity', 'vmf', 'vmf_moments', 'vmf_renyi', 'vmf_hockey_stick', 'vmf_sphere_quadrature', 'vmf_monte_carlo', 'planar_laplace',)

# each module's public names (a name is imported from its module on first use)
_NAMES = {
    'vmf_monte_carlo': ('BoundedIntegrand', 'VmfRenyiMonteCarlo', 'gaussian_capacity_mc', 'log_vmf_mgf_mc',
                        'vmf_capacity_mc', 'vmf_hockey_stick_mc', 'vmf_kl_mc', 'vmf_renyi_mc',
                        'vmf_renyi_moment_integrand'),
    'gaussian': ('clip_per_layer', 'clip_to_ball', 'dp_sgd_gaussian_step', 'gaussian_log_density',
                 'gaussian_mechanism_log_density', 'laplace_log_density', 'laplace_mechanism_log_density',
                 'per_layer_clip_radius', 'sample_gaussian_mechanism', 'sample_laplace_mechanism'),
    'discrete': ('discrete_gaussian_delta', 'discrete_gaussian_kl', 'discrete_gaussian_rdp',
                 'discrete_gaussian_rdp_bound', 'discrete_laplace_delta', 'discrete_laplace_kl',
                 'discrete_laplace_rdp'),
    'divergences': ('exponential_mechanism_kl', 'exponential_mechanism_rdp', 'gaussian_hockey_stick', 'gaussian_kl',
                    'gaussian_tv', 'laplace_hockey_stick', 'laplace_kl', 'laplace_rdp', 'laplace_tv', 'rr_kl',
                    'rr_power', 'rr_rdp', 'rr_tradeoff'),
    'capacity': ('gaussian_capacity', 'gaussian_capacity_per_layer', 'gaussian_capacity_quadrature', 'vmf_capacity',
                 'vmf_capacity_quadrature', 'vmf_capacity_scipy'),
    'gaussian_dp': ('gaussian_delta', 'gaussian_epsilon', 'gaussian_rdp', 'laplace_delta', 'laplace_epsilon'),
    'gdp': ('gdp_delta', 'gdp_epsilon', 'gdp_mu', 'gdp_mu_poisson', 'gdp_mu_uniform', 'gdp_power', 'gdp_tradeoff'),
    'vmf': ('iter_sample_vmf', 'log_sphere_area', 'multivariate_vmf_log_density', 'sample_multivariate_vmf',
            'sample_vmf', 'sample_vmf_t', 'vmf_log_density', 'vmf_log_normaliser', 'vmf_t_log_density',
            'wood_envelope'),
    'vmf_sphere_quadrature': ('log_sphere_integral', 'log_sphere_integral_arb', 'log_vmf_normaliser_quadrature',
                              'vmf_sphere_integrand'),
    'vmf_moments': ('log_vmf_mgf', 'sphere_order', 'vmf_mean_resultant_length'),
    'planar_laplace': ('planar_laplace_density', 'planar_laplace_log_ratio', 'planar_laplace_radial_cdf',
                       'planar_laplace_radius', 'planar_laplace_sample'),
    'vmf_hockey_stick': ('vmf_hockey_stick_antipodal',),
    'vmf_renyi': ('vmf_kl_antipodal', 'vmf_kl_quadrature', 'vmf_mean_resultant_length_quadrature', 'vmf_rdp',
                  'vmf_rdp_cgf', 'vmf_rdp_nu', 'vmf_renyi_divergence', 'vmf_renyi_divergence_quadrature', 'vmf_taus'),
}

__all__, __getattr__, __dir__ = exports(__name__, _NAMES, MODULES)
