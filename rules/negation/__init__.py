"""Negation rules (eWAVE 154-169)."""
