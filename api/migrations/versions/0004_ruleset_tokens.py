"""A stored ruleset's token and revision: it may be replaced or deleted with the token `POST
/rulesets` answered.

`token_hash` is null for a ruleset stored before 0004 (it has no token and stays read-only);
`revision` counts its replacements from 1 (null before 0004: 1), so every process sees that the
ruleset it holds has been replaced; `extends` is the id of the ruleset it extends (null: none), so
the variants a replacement or a deletion reaches are found without reading every file (filled in
here for the rulesets stored before).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
import yaml
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rulesets") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("revision", sa.Integer, nullable=True))
        batch.add_column(sa.Column("extends", sa.String(64), nullable=True))
    table = sa.table("rulesets", sa.column("id", sa.String), sa.column("source", sa.Text),
                     sa.column("extends", sa.String))
    conn = op.get_bind()
    for ruleset_id, source in conn.execute(sa.select(table.c.id, table.c.source)).all():
        try:
            data = yaml.safe_load(source)
        except yaml.YAMLError:
            continue
        base = data.get("extends") if isinstance(data, dict) else None
        if isinstance(base, str):
            conn.execute(table.update().where(table.c.id == ruleset_id).values(extends=base[:64]))


def downgrade() -> None:
    with op.batch_alter_table("rulesets") as batch:
        batch.drop_column("extends")
        batch.drop_column("revision")
        batch.drop_column("token_hash")
