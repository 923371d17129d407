"""What a browser's tokenizer makes of a page, for the tests of the HTML report and the review
page: its start tags, comments and text, the text of each script element by its id, and the
ids of the review items."""
from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser


class Tokens(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: Counter = Counter()
        self.comments: list[str] = []
        self.text: list[str] = []
        self.scripts: dict[str | None, str] = {}
        self.items: list[str] = []
        self._script: str | None = None
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        attrs = dict(attrs)
        if tag == "script":
            self._in_script, self._script = True, attrs.get("id")
            self.scripts[self._script] = ""
        if tag == "article" and "data-item" in attrs:
            self.items.append(attrs["data-item"])

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_comment(self, data):
        self.comments.append(data)

    def handle_data(self, data):
        if self._in_script:
            self.scripts[self._script] += data
        else:
            self.text.append(data)


def tokens(html: str) -> Tokens:
    parsed = Tokens()
    parsed.feed(html)
    parsed.close()
    return parsed
