"""Dialect profiles (YAML), generated from eWAVE by ``scripts/make_profiles.py``.
Shipped in the wheel as ``multivalue_cli.dialects``."""
