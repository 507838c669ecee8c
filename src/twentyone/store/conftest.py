"""pytest: the Alembic scripts only run inside Alembic, so doctest collection skips them."""

collect_ignore: list[str] = ["alembic"]
