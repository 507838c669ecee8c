"""twentyone.engine."""
