"""The catalogs are compiled when the package is built, and an installed referee reads the
compiled ones: they say what the `.po` files in the repository say."""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest
from babel.support import Translations
from setuptools import Distribution

from referee.values import i18n
from referee.values.i18n import LANGUAGES, SOURCE, language, t

ROOT = Path(__file__).resolve().parent.parent
SENTENCE = "This game has no sets."


def _build(into: Path) -> Path:
    """Run the package's own `build_py` (setup.py) into `into`; the built locale directory."""
    spec = importlib.util.spec_from_file_location("referee_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_module)
    dist = Distribution({"name": "referee", "packages": ["referee"], "package_data": {
        "referee": ["locale/*/LC_MESSAGES/*.po"]}})
    dist.script_name = str(ROOT / "setup.py")
    command = setup_module.BuildWithCatalogs(dist)
    command.build_lib = str(into)
    command.ensure_finalized()
    command.run()
    return into / "referee" / "locale"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cwd = Path.cwd()
    try:
        os.chdir(ROOT)  # the build reads the catalogs from the checkout it is run in
        return _build(tmp_path_factory.mktemp("build"))
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != SOURCE])
def test_each_catalog_is_compiled_into_the_build(built: Path, code: str) -> None:
    compiled = built / code / "LC_MESSAGES" / "referee.mo"
    with compiled.open("rb") as mo:
        translations = Translations(mo, domain="referee")
    with language(code):
        from_source = t(SENTENCE)
    assert translations.gettext(SENTENCE) == from_source != SENTENCE


def test_an_installed_package_reads_the_compiled_catalog(built: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the `.mo` is left beside the template: the sentence still comes out translated."""
    installed = tmp_path / "locale"
    shutil.copytree(built, installed)
    for source in installed.glob("*/LC_MESSAGES/referee.po"):
        source.unlink()
    monkeypatch.setattr(i18n, "LOCALE_DIR", installed)
    i18n.catalog.cache_clear()
    try:
        with language("sv"):
            said = t(SENTENCE)
    finally:
        i18n.catalog.cache_clear()
    assert said != SENTENCE
