"""`tablegames report`: the page's content, read back with the standard library's HTML parser,
and one rendering in headless Chromium (Playwright driving the system's /usr/bin/chromium).

Set TABLEGAMES_UPDATE_DOCS=1 to write the screenshot to docs/report.png and the page to
docs/report-example.html.
"""

from __future__ import annotations

import base64
import os
import shutil
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tablegames.blackjack.analysis.game import analyse, basic_from
from tablegames.blackjack.analysis.side_wagers import edge_report
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.reports.report import WAGER_NAMES, build_report, rule_options, write_report
from tests.chromium import CHROMIUM, CHROMIUM_ARGS

DOCS = Path(__file__).resolve().parents[2] / "docs"

# PA base from six decks as commonly dealt: split to four hands, aces split once, one card each.
PA_BASE = """\
# PA base, six decks, aces split once with one card each; five side wagers.
decks = 6
resplit_aces = false
hit_split_aces = false
min_wager = 1500
max_wager = 500000

[side_wagers.lucky_ladies]
[side_wagers.royal_match_21]
paytable = "C"
[side_wagers.bad_beat]
[side_wagers.three_card_poker]
[side_wagers.ez_bust]
"""
H17 = """\
decks = 6
dealer_hits_soft_17 = true
resplit_aces = false
hit_split_aces = false
"""
MAX_HANDS_8 = """\
decks = 6
max_hands = 8
"""
SECTIONS = {
    "rules": "Rules in force",
    "main": "Main game",
    "strategy": "Strategy chart",
    "side": "Side wagers offered",
    "reading": "How to read these figures",
}


@dataclass
class Page:
    """What the parser read: text, title, headings, images, table rows, ids and classes."""

    title: str = ""
    text: list[str] = field(default_factory=list)
    headings: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    alts: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    rows: list[tuple[list[str], str]] = field(default_factory=list)  # cells, the row's class
    tags: set[str] = field(default_factory=set)

    @property
    def all_text(self) -> str:
        return " ".join(" ".join(self.text).split())

    def row(self, first_cell: str) -> tuple[list[str], str]:
        """The first table row whose first cell reads `first_cell`, and its class."""
        for cells, kind in self.rows:
            if cells and cells[0] == first_cell:
                return cells, kind
        raise AssertionError(f"no table row starts with {first_cell!r}")

    def rule_row(self, name: str) -> tuple[list[str], str]:
        """The row of the rules table for the field `name` (its first cell ends in the name)."""
        for cells, kind in self.rows:
            if cells and cells[0].split()[-1] == name:
                return cells, kind
        raise AssertionError(f"no rule row for {name!r}")


class PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._stack: list[str] = []
        self._row: list[str] | None = None
        self._row_class = ""
        self._cell: list[str] | None = None
        self._heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self.page.tags.add(tag)
        if "id" in values:
            self.page.ids.add(values["id"])
        if tag == "img":
            self.page.images.append(values.get("src", ""))
            self.page.alts.append(values.get("alt", ""))
        if tag in ("a", "link", "script") and ("href" in values or "src" in values):
            self.page.links.append(values.get("href") or values.get("src", ""))
        if tag == "tr":
            self._row, self._row_class = [], values.get("class", "")
        if tag in ("td", "th"):
            self._cell = []
        if tag == "br" and self._cell is not None:
            self._cell.append(" ")
        if tag in ("h1", "h2", "h3"):
            self._heading = []
        if tag not in ("img", "br", "meta", "link"):
            self._stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        if tag == "tr" and self._row is not None:
            self.page.rows.append((self._row, self._row_class))
            self._row = None
        if tag in ("h1", "h2", "h3") and self._heading is not None:
            self.page.headings.append(" ".join("".join(self._heading).split()))
            self._heading = None
        if self._stack and self._stack[-1] == tag:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if self._stack and self._stack[-1] == "title":
            self.page.title += data
        if "style" in self._stack or "title" in self._stack:
            return
        self.page.text.append(data)
        if self._cell is not None:
            self._cell.append(data)
        if self._heading is not None:
            self._heading.append(data)


def parse(page: str) -> Page:
    parser = PageParser()
    parser.feed(page)
    parser.close()
    return parser.page


@pytest.fixture(scope="module")
def pa_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "pa-base-6deck.toml"
    path.write_text(PA_BASE, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def pa_html(pa_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "report.html"
    write_report(pa_file, out)
    return out


@pytest.fixture(scope="module")
def pa_page(pa_html: Path) -> Page:
    return parse(pa_html.read_text(encoding="utf-8"))


def _report_for(text: str, tmp_path: Path, name: str) -> Page:
    """A page without the rule options' analyses (the PA page tests those)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    rules = load_rules(path=path)
    return parse(build_report(rules, source=path.name, effects=False))


def test_title_names_the_rules_file_and_the_date(pa_page: Page) -> None:
    assert "pa-base-6deck.toml" in pa_page.title
    assert any("pa-base-6deck.toml" in heading for heading in pa_page.headings)
    assert "report generated 20" in pa_page.all_text


def test_the_page_has_every_section(pa_page: Page) -> None:
    for anchor, heading in SECTIONS.items():
        assert anchor in pa_page.ids
        assert any(heading in text for text in pa_page.headings), heading
    for heading in ("Reference figures", "Effect of each rule option", "Dealer's outcome"):
        assert any(heading in text for text in pa_page.headings), heading


def test_pa_base_six_decks_house_edge_is_the_published_0_330268_percent(pa_page: Page) -> None:
    cells, _ = pa_page.row("CDZ- (best play on the cards of the hand)")
    assert cells[1] == "0.330268%"
    assert cells[2].startswith("1.14")  # split rounds with their hands' covariance
    basic, _ = pa_page.row("Basic strategy (total-dependent chart, section 3)")
    assert basic[1].endswith("%")
    assert 0.3303 < float(basic[1].rstrip("%")) < 0.34  # basic never beats CDZ-


def test_reference_figures_reproduce_the_boards_2012_range(pa_page: Page) -> None:
    text = pa_page.all_text
    assert "0.355% to 0.371%" in text
    assert "CDZ- 0.3548%" in text
    assert "basic strategy 0.3557%" in text


def test_rules_in_force_lists_every_field_with_its_paragraph(pa_page: Page) -> None:
    for name, info in Rules.model_fields.items():
        cells, kind = pa_page.rule_row(name)
        assert kind != "non-pa"
        description = info.description or ""
        if description[:3].isdigit():  # it starts with its paragraph
            first = cells[3].split(",")[0]
            assert first.startswith("63")
            assert description.startswith(first)
    assert pa_page.rule_row("decks")[0][1] == "6"
    assert pa_page.rule_row("min_wager")[0][1] == "$15.00"
    assert pa_page.rule_row("resplit_aces")[0][1:3] == ["No", "filed"]
    assert pa_page.rule_row("late_surrender")[0][1:3] == ["Yes", "default"]
    assert "Every option in force is allowed by 58 Pa. Code Chapter 633a." in pa_page.all_text


def test_every_offered_side_wager_appears_with_its_lines(pa_file: Path, pa_page: Page) -> None:
    rules = load_rules(path=pa_file)
    offered = rules.side_wagers.offered()
    assert len(offered) == 5
    for wager in offered:
        report = edge_report(wager, decks=rules.decks, paytable=None, rules=rules)
        assert any(heading.startswith(WAGER_NAMES[wager]) for heading in pa_page.headings)
        summary, _ = pa_page.row(WAGER_NAMES[wager])
        assert summary[1] == f"{report['house_edge'] * 100:.4f}%"
        for line in report["lines"]:
            cells, _ = pa_page.row(line["outcome"])
            assert cells[1] == line["pays"]
            assert cells[2].endswith("%")
    # Progressive: the meter and its break-even.
    assert "Break-even meter" in pa_page.all_text
    assert pa_page.row("Break-even meter: above it the wager favours the player")[0][1].endswith(
        "wagers"
    )


def test_rule_effects_are_listed_and_charted(pa_page: Page) -> None:
    h17, kind = pa_page.row("Dealer hits soft 17 (H17)")
    assert kind == "non-pa"
    assert h17[3].startswith("+0.19")  # H17 costs the player about 0.2 points
    assert pa_page.row("2 decks")[0][3].startswith("\u2212")  # fewer decks favour the player
    assert any(alt.startswith("Bar chart") for alt in pa_page.alts)


def test_images_are_embedded_data_uris_and_nothing_is_fetched(pa_html: Path) -> None:
    text = pa_html.read_text(encoding="utf-8")
    page = parse(text)
    assert len(page.images) >= 2  # effects chart and strategy chart
    for src in page.images:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1]).startswith(b"\x89PNG\r\n\x1a\n")
    assert "http:" not in text
    assert "https:" not in text
    assert "script" not in page.tags
    assert all(link.startswith("#") for link in page.links)


def test_a_non_pa_rule_file_is_flagged_in_red_with_its_paragraph(tmp_path: Path) -> None:
    page = _report_for(H17, tmp_path, "h17.toml")
    cells, kind = page.rule_row("dealer_hits_soft_17")
    assert kind == "non-pa"
    assert cells[1] == "Yes"
    assert "NON-PA" in cells[4]
    assert "633a.7(m)" in cells[4]
    assert "1 option in force is not allowed in Pennsylvania" in page.all_text
    assert "Non-PA options in force 1 Dealer hits soft 17" in page.all_text  # the summary card
    assert "what-if" in page.all_text
    # Its effects would toggle it back to the PA rule.
    labels = [option.label for option in rule_options(load_rules(path=tmp_path / "h17.toml"))]
    assert labels[0] == "Dealer stands on soft 17 (S17)"


def test_633a_11_c_a_house_limit_of_eight_hands_is_analysed_exactly(tmp_path: Path) -> None:
    # 633a.11(c): the house sets the limit of hands (1 to 16); the exact analysis covers
    # every limit, so the page carries the figures of the filed rules, not a refusal.
    page = _report_for(MAX_HANDS_8, tmp_path, "eight-hands.toml")
    text = page.all_text
    assert "not yet analysed" not in text
    cdz = analyse(Rules(decks=6, max_hands=8))
    basic = basic_from(cdz)
    cells, _ = page.row("CDZ- (best play on the cards of the hand)")
    assert cells[1] == f"{cdz.house_edge * 100:.6f}%"
    cells, _ = page.row("Basic strategy (total-dependent chart, section 3)")
    assert cells[1] == f"{basic.house_edge * 100:.6f}%"
    assert "Strategy chart" in " ".join(page.headings)
    # The reference figures are for the standard game and still there.
    assert "0.330268%" in text


# The Blackjack Switch, Switch Hands and hand-dealt pages, the Super Match wager of a Switch table
# and the player-edge warning: tests/analysis/test_report_variants.py (from one deck: six-deck
# Blackjack Switch takes a minute and a half).


def test_a_pa_base_page_carries_no_player_edge_warning(pa_page: Page) -> None:
    assert "player-edge" not in pa_page.ids
    assert "the player has the edge" not in pa_page.all_text
    # The house keeps its edge on the main game (and on each side wager, whose figures the page
    # test above compares with `edge_report`).
    assert not pa_page.row("CDZ- (best play on the cards of the hand)")[0][1].startswith("\u2212")


def test_the_page_renders_in_headless_chromium(pa_html: Path, tmp_path: Path) -> None:
    """One real rendering: the title and a figure are visible text; the screenshot is a PNG."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium package "
            "(`make chromium` as root, or apt-get install chromium)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the test extra installs it
        pytest.fail("playwright is not installed: pip install -e '.[test]'")
    update_docs = os.environ.get("TABLEGAMES_UPDATE_DOCS") == "1"
    shot = DOCS / "report.png" if update_docs else tmp_path / "report.png"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1120, "height": 900})
            page.goto(pa_html.resolve().as_uri())
            assert "pa-base-6deck.toml" in page.title()
            assert page.get_by_role("heading", level=1).is_visible()
            assert (
                "Blackjack Rules Submission report"
                in page.get_by_role("heading", level=1).inner_text()
            )
            figure = page.get_by_text("0.330268%").first
            assert figure.is_visible()
            height = page.evaluate("document.documentElement.scrollHeight")
            page.screenshot(path=str(shot), full_page=True)
        finally:
            browser.close()
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 100_000  # a full page of tables and charts, not a blank frame
    width = int.from_bytes(data[16:20], "big")
    tall = int.from_bytes(data[20:24], "big")
    assert width == 1120
    assert tall == height > 3_000
    if update_docs:
        shutil.copyfile(pa_html, DOCS / "report-example.html")
