"""The page's script as ES modules loaded natively: each module small, the templates loading the
entry point as a module, every import naming a module and what it exports, no import cycle,
and every module served as JavaScript, cached as the style sheet is."""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[1] / "api" / "static"
MODULES = sorted(p.name for p in STATIC.glob("*.js"))
ENTRY = "main.js"
MOST_LINES = 400

IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w-]+\.js)";$', re.MULTILINE)
EXPORT = re.compile(r"^export (?:async )?(?:function|const|let) ([\w$]+)", re.MULTILINE)


def imports(name: str) -> dict[str, set[str]]:
    """What a module imports: each module it names, with the names it takes from it."""
    found: dict[str, set[str]] = {}
    for names, module in IMPORT.findall((STATIC / name).read_text(encoding="utf-8")):
        found.setdefault(module, set()).update(n.strip() for n in names.split(",") if n.strip())
    return found


def exports(name: str) -> set[str]:
    return set(EXPORT.findall((STATIC / name).read_text(encoding="utf-8")))


def test_the_page_is_several_modules_none_over_400_lines() -> None:
    assert ENTRY in MODULES and len(MODULES) > 5
    long = {name: n for name in MODULES if (n := len((STATIC / name).read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


@pytest.mark.parametrize("name", MODULES)
def test_every_import_names_a_module_and_what_it_exports(name: str) -> None:
    text = (STATIC / name).read_text(encoding="utf-8")
    # Every import is of the one form the test reads (no default or namespace import, no other host).
    assert len(re.findall(r"^import\b", text, re.MULTILINE)) == len(IMPORT.findall(text))
    for module, names in imports(name).items():
        assert module in MODULES, f"{name} imports {module}, which is not a module of the page"
        assert names <= exports(module), f"{name} imports {names - exports(module)} that {module} does not export"


def test_the_modules_import_one_another_without_a_cycle_and_each_is_reached_from_the_entry() -> None:
    graph = {name: set(imports(name)) for name in MODULES}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, "import cycle: " + " -> ".join((*path, name))
        if name in done:
            return
        for module in sorted(graph[name]):
            visit(module, (*path, name))
        done.add(name)

    visit(ENTRY, ())
    assert done == set(MODULES), f"not reached from {ENTRY}: {set(MODULES) - done}"


@pytest.mark.parametrize("path", ["/", "/games/no-such-game"])
def test_the_templates_load_the_page_as_a_module(quick_client: Any, path: str) -> None:
    page = quick_client.get(path).get_data(as_text=True)
    scripts = re.findall(r"<script\b[^>]*>", page)
    assert [s for s in scripts if "src=" in s] == ['<script type="module" src="/static/main.js">']
    assert all('type="application/json"' in s for s in scripts if "src=" not in s)  # the page's words


@pytest.mark.parametrize("path", ["/", "/rulesets/bing-rummy/referee"])
def test_each_page_names_every_module_it_will_import_to_be_fetched_at_once(quick_client: Any, path: str) -> None:
    page = quick_client.get(path).get_data(as_text=True)
    preloaded = re.findall(r'<link rel="modulepreload" href="/static/([\w-]+\.js)">', page)
    assert sorted(preloaded) == sorted(set(MODULES) - {ENTRY})
    assert page.index("modulepreload") < page.index('<script type="module"')


@pytest.mark.parametrize("path", ["/", "/rulesets/bing-rummy/referee"])
def test_a_page_goes_gzipped_to_a_browser_that_takes_it(quick_client: Any, path: str) -> None:
    plain = quick_client.get(path)
    packed = quick_client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.headers["Vary"]
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert len(packed.get_data()) < len(plain.get_data()) / 2


@pytest.mark.parametrize("name", MODULES)
def test_each_module_is_served_as_javascript_cached_as_the_style_sheet(quick_client: Any, name: str) -> None:
    with quick_client.get("/static/table.css") as style, quick_client.get(f"/static/{name}") as answer:
        assert answer.status_code == 200
        assert answer.headers["Content-Type"].split(";")[0] in {"text/javascript", "application/javascript"}
        assert answer.headers["Cache-Control"] == style.headers["Cache-Control"]
        assert answer.headers["ETag"] and answer.get_data() == (STATIC / name).read_bytes()
