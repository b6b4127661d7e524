"""The docs keep up with the project: docs/cli.md has a section for every command, naming
each of its options and, for `rules`, each action; every link in README.md and docs/
finds its file inside the repository, and nothing sends a reader outside it; the README
tells what `ramsli` alone does; the examples of docs/hand-records.md replay as shown."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import yaml

from ramsli_tui.cli import build_parser

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def section(title: str) -> str:
    """The text under the heading ``## {title}``, up to the next heading of that level."""
    text = DOCS.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n") + 1
    end = text.find("\n## ", start)
    return text[start:] if end == -1 else text[start:end]


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    [choices] = [action.choices for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return dict(choices)


def options(parser: argparse.ArgumentParser) -> list[str]:
    return [option for action in parser._actions for option in action.option_strings if option not in ("-h", "--help")]


def test_every_command_has_a_section_naming_each_of_its_options():
    commands = subcommands(build_parser())
    assert set(commands) >= {"play", "saves", "replay", "rules", "simulate", "tournament"}
    for name, command in commands.items():
        described = section(f"`ramsli {name}`")
        missing = [option for option in options(command) if f"`{option}" not in described]
        assert not missing, f"docs/cli.md says nothing of ramsli {name} {missing}"


def test_the_rules_section_names_each_action():
    described = section("`ramsli rules`")
    for action in subcommands(subcommands(build_parser())["rules"]):
        assert f"`rules {action}" in described


def test_the_app_alone_has_its_section_too():
    assert "Opens the app" in section("`ramsli`")


# --- the README and docs/ stand alone in a clone of the project ----------------------------

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|^\s*\[[^\]]+\]:\s*(\S+)", re.MULTILINE)
WEB = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # https:, mailto:: not a file
BESIDE = re.compile(r"\.\./" + "shared")  # the folder beside a checkout, which a clone lacks
TEXT_SUFFIXES = {".py", ".md", ".yaml", ".yml", ".toml", ".txt", ".json", ".cfg", ".ini"}


def links_in(page: Path) -> list[str]:
    """The targets of every Markdown link and image on ``page``, inline or by reference."""
    text = page.read_text(encoding="utf-8")
    return [inline or reference for inline, reference in LINK.findall(text)]


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """The links on ``page`` to a file that is outside the repository (``root``) or is not there."""
    broken = []
    for target in links_in(page):
        if WEB.match(target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#")[0]).resolve()
        if not path.is_relative_to(root) or not path.exists():
            broken.append(target)
    return broken


def project_texts() -> list[Path]:
    """Every text file of the project: its code, tests, docs, rulesets and settings."""
    hidden = lambda path: any(part.startswith(".") or part == "__pycache__" for part in path.relative_to(ROOT).parts)
    return [path for path in ROOT.rglob("*") if path.suffix in TEXT_SUFFIXES and path.is_file() and not hidden(path)]


def test_the_pages_have_links_to_check():
    assert len(PAGES) > 3
    assert "docs/serving.md" in links_in(ROOT / "README.md")


def test_every_link_in_the_readme_and_docs_finds_its_file_inside_the_repository():
    broken = {page.relative_to(ROOT).as_posix(): broken_links(page) for page in PAGES}
    assert not {page: targets for page, targets in broken.items() if targets}


def test_a_link_out_of_the_repository_or_to_no_file_is_found(tmp_path):
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "cli.md").write_text("# cli\n", encoding="utf-8")
    (tmp_path / "elsewhere.md").write_text("# beside the project\n", encoding="utf-8")
    page = root / "docs" / "page.md"
    page.write_text("[out](../../elsewhere.md) [gone](no-such-page.md) [ok](cli.md#top) [web](https://example.org)\n"
                    "![picture](../docs/cli.md)\n[by reference]: ../../elsewhere.md\n", encoding="utf-8")
    assert broken_links(page, root) == ["../../elsewhere.md", "no-such-page.md", "../../elsewhere.md"]


def test_no_code_or_doc_of_the_project_sends_the_reader_to_the_folder_beside_it():
    texts = project_texts()
    assert ROOT / "ramsli_tui" / "net" / "protocol.py" in texts
    mentions = [f"{path.relative_to(ROOT)}:{number}" for path in texts
                for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
                if BESIDE.search(line)]
    assert not mentions, "a clone of the project has no such folder: say it in the project's own docs"


# --- what `ramsli` alone does, as the README tells it ----------------------------------------

def test_the_readme_says_ramsli_alone_goes_on_with_the_last_session_and_how_to_start_anew():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "alone opens the setup screen" not in readme
    assert "\n`ramsli` opens the setup screen" not in readme  # only the first time, or with none saved
    [row] = [line for line in readme.splitlines() if line.startswith("| `ramsli` |")]
    assert "played last" in row and "`ramsli play`" in row and "New game" in row


# --- the examples of docs/hand-records.md are what ramsli replay gives -------------------------

BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(page: Path, language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(page.read_text(encoding="utf-8")) if lang == language]


def replayed(record: dict) -> dict:
    """What ``ramsli replay --json`` prints for ``record``, as an object."""
    from ramsli_tui.games.rami import records as rami
    from ramsli_tui.games.ramsli import records as ramsli

    game = rami if record["format"] == rami.RECORD_FORMAT else ramsli
    result, _ = game.replay_text(json.dumps(record))
    return result


def test_each_record_on_the_records_page_replays_to_the_result_shown_after_it():
    page = ROOT / "docs" / "hand-records.md"
    records = [yaml.safe_load(text) for text in blocks(page, "yaml")]
    results = [json.loads(text) for text in blocks(page, "json")]
    ramsli_record, rami_record = records
    error, ramsli_result, rami_result, rami_unfinished = results
    assert "error" in error and error["error"]["action"] == 4
    assert replayed(ramsli_record) == ramsli_result
    assert replayed(rami_record) == rami_result
    assert replayed({**rami_record, "actions": rami_record["actions"][:3]}) == rami_unfinished
