"""Alembic environment: runs on the connection the service hands over (see api.storage.migrate)."""

from __future__ import annotations

from alembic import context

from api.storage import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the service always passes one
    raise RuntimeError("run migrations through api.storage.migrate")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
