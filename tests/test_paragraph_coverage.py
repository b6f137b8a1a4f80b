"""Every Blackjack paragraph the code cites has a test or conformance scenario named after it.

Chapters 633a-633c; craps (623b) joins when its engine lands. A citation such as
`633a.7(i)(1)(i)` is covered by a test whose name contains `633a_7_i_1_i`, or by one named after
its lettered paragraph (`633a_7_i`), which then exercises its parts.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"633[abc]\.\d+(?:\([a-z]\))?(?:\(\d+\))?(?:\([ivx]+\))?")
LETTERED = re.compile(r"633[abc]\.\d+(?:\([a-z]\))?")


def _name(citation: str) -> str:
    return re.sub(r"[().]+", "_", citation).strip("_")


def _cited() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "src").rglob("*.py"):
        found |= set(CITATION.findall(path.read_text(encoding="utf-8")))
    return found


def _test_names() -> list[str]:
    names: list[str] = []
    for path in (ROOT / "tests").rglob("*.py"):
        names += re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8"))
    names += [path.stem for path in (ROOT / "tests" / "conformance").glob("*.json")]
    return names


def test_every_cited_paragraph_has_a_test_named_after_it() -> None:
    names = _test_names()
    missing = []
    for citation in sorted(_cited()):
        lettered = LETTERED.match(citation)
        candidates = {_name(citation), _name(lettered.group(0)) if lettered else ""}
        if not any(f"{candidate}_" in f"{name}_" for name in names for candidate in candidates):
            missing.append(citation)
    assert missing == [], f"paragraphs cited in src/ with no test named after them: {missing}"
