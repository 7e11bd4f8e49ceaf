"""Running Hypothesis the way grading needs it: reproducible, quiet, leaving no files."""
from __future__ import annotations

from typing import Any, Callable

from hypothesis import HealthCheck, Phase, seed, settings

from .probe import PropertySettings


def check_property(test: Callable[..., Any], properties: PropertySettings) -> None:
    """Run a `@given` test; its shrunk failure (a `Failure`) propagates unchanged.

    The seed is fixed and no example database is used, so a submission gets the
    same verdict every time and nothing is written into the student's folder."""
    graded = settings(
        max_examples=properties.max_examples, database=None, deadline=None,
        derandomize=False, print_blob=False, report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
        phases=(Phase.explicit, Phase.generate, Phase.shrink),
    )(test)
    seed(properties.seed)(graded)()
