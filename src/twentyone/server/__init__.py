"""twentyone.server."""
