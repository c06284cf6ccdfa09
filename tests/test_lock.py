"""The lock file: every dependency pyproject.toml asks for is pinned in requirements.lock to a
version it allows, every pin has its hashes, and the packages installed are the ones pinned;
the versions CONTRIBUTING's "When MkDocs goes" names are the locked ones."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\]+)")
NAMED = re.compile(r"^\| `([A-Za-z0-9._-]+)` \| ([0-9][^ |]*) \|", re.M)  # a row of CONTRIBUTING's table


def pins() -> dict[str, tuple[str, int]]:
    """``{name: (version, number of hashes)}`` of requirements.lock."""
    found: dict[str, tuple[str, int]] = {}
    name = None
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        match = PIN.match(line)
        if match:
            name = canonicalize_name(match[1])
            found[name] = (match[2], 0)
        elif name and line.strip().startswith("--hash=sha256:"):
            version, hashes = found[name]
            found[name] = (version, hashes + 1)
    return found


def wanted() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project.get("optional-dependencies", {})
    return [Requirement(text) for text in project.get("dependencies", []) + extras["site"] + extras["test"]]


def test_every_dependency_of_pyproject_is_pinned_to_a_version_it_allows():
    locked = pins()
    wrong = []
    for requirement in wanted():
        name = canonicalize_name(requirement.name)
        if name not in locked:
            wrong.append(f"{requirement} is not in requirements.lock")
        elif not requirement.specifier.contains(locked[name][0], prereleases=True):
            wrong.append(f"{requirement} does not allow the locked {locked[name][0]}")
    assert not wrong, "requirements.lock no longer matches pyproject.toml (see CONTRIBUTING): " + "; ".join(wrong)


def test_every_pin_has_its_hashes():
    assert all(hashes for _, hashes in pins().values())
    assert len(pins()) >= len(wanted())


def test_the_installed_packages_are_the_pinned_ones():
    locked = pins()
    installed = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    differ = {name: (version, installed.get(name)) for name, (version, _) in locked.items()
              if installed.get(name) != version}
    assert not differ, f"installed packages differ from requirements.lock (run ./dev to reinstall): {differ}"


def test_contributing_names_the_locked_versions_of_the_builders_packages():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("## When MkDocs goes", 1)[1].split("\n## ", 1)[0]
    named = {canonicalize_name(name): version for name, version in NAMED.findall(section)}
    locked = {name: version for name, (version, _) in pins().items()}
    assert {"mkdocs", "mkdocs-material", "mkdocs-static-i18n", "properdocs"} <= set(named)
    differ = {name: (version, locked.get(name)) for name, version in named.items() if locked.get(name) != version}
    assert not differ, f"CONTRIBUTING (When MkDocs goes) names other versions than requirements.lock: {differ}"
