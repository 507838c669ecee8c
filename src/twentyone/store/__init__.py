"""twentyone.store."""
