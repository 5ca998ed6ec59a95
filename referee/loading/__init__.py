"""Rulesets read from files: YAML with positions, extends, the checks a document needs, the build."""
