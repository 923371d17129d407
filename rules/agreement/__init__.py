"""Agreement rules (eWAVE 170-180)."""
