"""Builds the package with its message catalogs compiled: each `referee/locale/<lang>/LC_MESSAGES/
referee.po` becomes a `referee.mo` beside it in the built package (an installed referee reads
those; a source checkout compiles the `.po` files in memory). Everything else about the package
is in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """`build_py`, then each language's catalog compiled into the build (unfinished, fuzzy
    entries left out, as the service leaves them out)."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for source in sorted(Path("referee", "locale").glob("*/LC_MESSAGES/referee.po")):
            target = Path(self.build_lib) / source.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with source.open("rb") as po:
                catalog = read_po(po, locale=source.parts[-3], domain="referee")
            with target.open("wb") as mo:
                write_mo(mo, catalog, use_fuzzy=False)


if __name__ == "__main__":  # as the build runs it (tests import the command alone)
    setup(cmdclass={"build_py": BuildWithCatalogs})
