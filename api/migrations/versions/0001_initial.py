"""The first schema: stored rulesets, games, their ledgers and idempotency keys.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rulesets",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset_id", sa.String(64), nullable=False),
        sa.Column("ruleset_document", sa.Text, nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("scores", sa.Text, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "records",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "idempotency",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("idempotency")
    op.drop_table("records")
    op.drop_table("games")
    op.drop_table("rulesets")
