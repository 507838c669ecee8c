"""Test-wide settings.

Under CI (``CI`` set) Hypothesis runs derandomized: the same examples every run, so a green
build stays green for the same code; locally it explores new examples on every run.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
