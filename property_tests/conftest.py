import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
