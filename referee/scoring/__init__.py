"""A round's points: hands, bonuses, knocks, counts as the table enters them."""
