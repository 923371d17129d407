"""The review page in headless Chromium (Debian's package, driven by Playwright): opened from
file://, two edits clicked, an item judged, reloaded with the marks kept, the judgments
downloaded and imported."""
import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="chromium not installed (apt-get install -y chromium): the review page is not checked in a browser"),
    pytest.mark.skipif(importlib.util.find_spec("playwright") is None,
                       reason="playwright not installed (pip install -e '.[test]'): the review page is not checked in a browser"),
]


def cli(*args) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def review(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("page")
    cli("transform", "--dialect", "IndE", "--limit", 30, "-o", base / "run", "--quiet")
    cli("review", "export", base / "run", "-o", base / "review", "--per-feature", 1, "--controls", 1)
    return base / "review"


@pytest.fixture()
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND"])
        yield chromium
        chromium.close()


def test_mark_reload_and_download(review, browser, tmp_path):
    items = [json.loads(line) for line in (review / "items.jsonl").read_text().splitlines()]
    first = next(n for n, i in enumerate(items) if len({(e["start"], e["end"]) for e in i["edits"]}) >= 2)
    item = items[first]
    context = browser.new_context(accept_downloads=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto((review / "index.html").as_uri())

    article = page.locator(f"#item-{item['item']}")
    marks = article.locator("button.edit")
    marks.nth(0).click()
    marks.nth(1).click()
    marks.nth(1).click()  # undone
    marks.nth(1).press("Enter")  # and marked again, from the keyboard
    wanted = sorted({*marks.nth(0).get_attribute("data-edits").split(), *marks.nth(1).get_attribute("data-edits").split()},
                    key=lambda e: int(e[1:]))
    assert article.locator("input[value=no]").is_checked()  # a wrong change: not acceptable
    other = items[(first + 1) % len(items)]
    page.locator(f"#item-{other['item']} input[value=yes]").check()
    page.locator(f"#item-{other['item']} textarea").fill("sounds natural")
    page.fill("#annotator", "Ana Example")
    assert page.text_content("#progress") == f"2 of {len(items)} judged"

    page.reload()
    article = page.locator(f"#item-{item['item']}")
    assert article.locator("button.edit.wrong").count() == 2
    assert article.locator("button.edit[aria-pressed=true]").count() == 2
    assert page.locator(f"#item-{other['item']} input[value=yes]").is_checked()
    assert page.input_value(f"#item-{other['item']} textarea") == "sounds natural"
    assert page.input_value("#annotator") == "Ana Example"
    assert page.text_content("#progress") == f"2 of {len(items)} judged"

    page.locator(f"#item-{other['item']} h2").click()  # keys act on the current item
    page.keyboard.press("n")
    assert page.locator(f"#item-{other['item']} input[value=no]").is_checked()
    page.keyboard.press("y")

    with page.expect_download() as download:
        page.click("#download")
    assert download.value.suggested_filename == "judgments-Ana_Example.json"
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    review_id = json.loads((review / "review.json").read_text())["review"]
    assert data["review"] == review_id and data["annotator"] == "Ana Example"
    by_item = {j["item"]: j for j in data["judgments"]}
    assert set(by_item) == {item["item"], other["item"]}
    assert by_item[item["item"]]["wrong_edits"] == wanted and by_item[item["item"]]["acceptable"] is False
    assert by_item[other["item"]] == {"item": other["item"], "wrong_edits": [], "acceptable": True,
                                      "comment": "sounds natural"}
    assert problems == [] and all(url.startswith("file://") for url in requests)
    context.close()

    result = json.loads(cli("review", "import", review, saved, "--json"))
    assert result["items"]["judged"] == 1 + (not other["control"]) and result["annotators"] == {"Ana Example": 2}
