"""Every craps paragraph the code cites has a test or conformance scenario named after it.

A citation such as `623b.5(c)` in src/tablegames/craps is covered by a test whose name contains
`623b_5_c`, or by a conformance file in tests/conformance_craps named that way.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CITATION = re.compile(r"623b\.\d+(?:\([a-z]\))?")


def test_every_cited_623b_paragraph_has_a_test_named_after_it() -> None:
    cited: set[str] = set()
    for path in (ROOT / "src" / "tablegames" / "craps").rglob("*.py"):
        cited |= set(CITATION.findall(path.read_text(encoding="utf-8")))
    names: list[str] = []
    for path in (ROOT / "tests").rglob("*.py"):
        names += re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8"))
    names += [path.stem for path in (ROOT / "tests" / "conformance_craps").glob("*.json")]
    assert {"623b.5(a)", "623b.5(b)", "623b.5(c)", "623b.5(d)"} <= cited
    missing = [
        citation
        for citation in sorted(cited)
        if not any(
            re.sub(r"[().]+", "_", citation).strip("_") + "_" in f"{name}_" for name in names
        )
    ]
    assert missing == [], f"paragraphs cited in src/tablegames/craps with no test: {missing}"
