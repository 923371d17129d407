"""Perturbation rules, one module per eWAVE category, registered with
:func:`multivalue_cli.engine.registry.rule`. Shipped in the wheel as ``multivalue_cli.rules``."""
