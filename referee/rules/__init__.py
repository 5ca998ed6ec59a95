"""The ruleset as the engine reads it: frozen values, contracts, phases, teams."""
