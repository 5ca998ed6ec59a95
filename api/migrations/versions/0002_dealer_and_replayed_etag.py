"""A game's first dealer; the ETag sent with each answer kept for an Idempotency-Key.

A replayed answer must carry the ETag of the game as that answer shows it, not the game's
current one, or a client could send it back in If-Match and overwrite writes it never saw.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("dealer", sa.Text, nullable=True))
    op.add_column("idempotency", sa.Column("etag", sa.String(80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("idempotency") as batch:
        batch.drop_column("etag")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("dealer")
