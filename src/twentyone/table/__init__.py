"""twentyone.table."""
