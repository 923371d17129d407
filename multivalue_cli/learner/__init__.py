"""Controlled learner errors (determiner, preposition, verb, spelling) at a calibrated rate.

    from multivalue_cli.learner import ErrorConfig, LearnerInjector, load_error_profile
    inj = LearnerInjector(ErrorConfig(types=("prep",), rate=0.10, profile=load_error_profile(None)))
    result = inj.inject(doc, key=row, path="input", protected_spans=[(0, 4)])
"""
from __future__ import annotations

from .injector import (
    ErrorConfig, LearnerInjector, LearnerResult, LearnerStats, error_rate_for, resolve_types,
)
from .profile import ErrorProfile, ErrorProfileError, load_error_profile
from ..protection import Protection, read_terms, spans_from_field
from .rate import UnreachableRate

__all__ = [
    "ErrorConfig", "ErrorProfile", "ErrorProfileError", "LearnerInjector", "LearnerResult",
    "LearnerStats", "Protection", "UnreachableRate", "error_rate_for", "load_error_profile",
    "read_terms", "resolve_types", "spans_from_field",
]
