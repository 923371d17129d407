"""Tense and aspect rules (eWAVE 88, 95-112, 114-120)."""
