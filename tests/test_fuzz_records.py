"""Generated JSON lines thrown at `multivalue transform`: optional and late keys, types that
change after the first thousand records, nested lists and objects, empty objects, huge
integers, NaN, decimals written in odd ways, Unicode edge cases, lone surrogates, invalid bytes,
truncated and non-object lines. Every record must come back with every value equal in value and
type (the text rewritten, nothing else), or be listed in errors.jsonl with its line, byte for
byte; and `verify` must pass."""
import base64
import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from multivalue_cli.io import jsontext

ENV = {**os.environ, "HF_HUB_OFFLINE": "1"}
SENTENCES = [
    "He speaks English.", "She doesn't know where he lives.", "They have been waiting for hours.",
    "The teacher gave the students a test.", "Is there a bank near here?", "We were not ready.",
    "My brother's friends are coming tomorrow.", "What is the name of the longest river?",
    "I have never seen such a big dog.", "It was raining when they left the house.",
]
ODD_TEXT = ["Caf\u00e9 cr\u00e8me is \u00fcber good.", "\u05e9\u05dc\u05d5\u05dd he said.",
            "He likes \U0001f600 a lot.", "e\u0301\u0301 is here.", "zero\u200bwidth is odd.",
            "tab\tand\x0bvertical tab are here.", "", "   ", "a" * 3000 + " is long.",
            "NUL \x00 in the middle is odd.", "\ufeffBOM first is odd.", "line\u2028separator here."]
NUMBERS = ["0", "-0", "1.10", "1e400", "-1E-400", "3.0", "12345678901234567890123", "NaN",
           "-Infinity", "2.5e-3", "9223372036854775808", "-9223372036854775809"]


def _value(rng: random.Random, depth: int = 0):
    kind = rng.choice(["int", "float", "str", "bool", "null", "list", "obj", "empty"]
                      if depth < 3 else ["int", "str", "null"])
    if kind == "int":
        return str(rng.choice([0, 1, -7, 2 ** 62, 2 ** 64, -(2 ** 70)]))
    if kind == "float":
        return rng.choice(NUMBERS)
    if kind == "str":
        return json.dumps(rng.choice(["x", "", "\u00e9\u00e8", "\U0001f600", "a\"b\\c", "\\ud83d"]),
                          ensure_ascii=rng.random() < 0.5).replace("\\\\ud83d", "\\ud83d")
    if kind == "bool":
        return rng.choice(["true", "false"])
    if kind == "null":
        return "null"
    if kind == "list":
        return "[" + ", ".join(_value(rng, depth + 1) for _ in range(rng.randint(0, 3))) + "]"
    if kind == "obj":
        keys = rng.sample(["a", "b", "c", "d e", "\u00fc"], rng.randint(1, 3))
        return "{" + ", ".join(f"{json.dumps(k)}: {_value(rng, depth + 1)}" for k in keys) + "}"
    return "{}"


def _text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.8:
        return json.dumps(rng.choice(SENTENCES))
    if roll < 0.9:
        return json.dumps(rng.choice(ODD_TEXT), ensure_ascii=rng.random() < 0.5)
    if roll < 0.93:
        return '"She \\udc00 left early."'  # a lone surrogate: not text
    return rng.choice(["null", "42", '["a"]'])


def generate(path: Path, n: int, seed: int, typable: bool) -> None:
    """``typable``: every column keeps one type (keys and nulls may come late), so the output is
    Parquet; otherwise anything goes and the output is JSON lines."""
    rng = random.Random(seed)
    lines: list[bytes] = []
    for row in range(n):
        fields = [f'"id": {row}', f'"text": {_text(rng) if not typable else json.dumps(rng.choice(SENTENCES + ODD_TEXT[:6]))}']
        if typable:
            if rng.random() < 0.5:
                fields.append(f'"label": {rng.choice(["0", "1", "null"])}')
            if row > 1000 and rng.random() < 0.3:
                fields.append(f'"late": {{"score": {rng.choice(["0.5", "1.25", "null"])}, "tags": ["t{row % 3}"]}}')
            if rng.random() < 0.2:
                fields.append(f'"nested": [{{"a": {row}, "b": null}}, {{"a": null}}]')
        else:
            for key in rng.sample(["label", "meta", "score", "x y", "\u00fcber"], rng.randint(0, 4)):
                fields.append(f"{json.dumps(key)}: {_value(rng)}")
            if row > 1000 and rng.random() < 0.1:
                fields.append(f'"label": {rng.choice(["2.5", json.dumps("two"), "[2]"])}')
        rng.shuffle(fields)
        line = ("{" + ", ".join(fields) + "}").encode("utf-8")
        if not typable:
            roll = rng.random()
            if roll < 0.01:
                line = line.replace(b'"id"', b'"\xff\xfeid"', 1)  # not UTF-8
            elif roll < 0.02:
                line = line[: len(line) // 2]  # truncated
            elif roll < 0.025:
                line = b"[1, 2, 3]"
            elif roll < 0.03:
                line = b'{"a": ' * 5000 + b"1" + b"}" * 5000  # deeper than JSON readers go
        lines.append(line)
    path.write_bytes(b"\n".join(lines) + (b"\n" if rng.random() < 0.5 else b""))


def _same(a, b, parquet: bool) -> bool:
    """Equal in value and JSON type; with Parquet output an absent key reads as null."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = set(a) | set(b)
        return all(_same(a.get(k), b.get(k), parquet) if parquet else
                   (k in a and k in b and _same(a[k], b[k], parquet)) for k in keys)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y, parquet) for x, y in zip(a, b))
    if isinstance(a, jsontext.JsonNumber) and isinstance(b, jsontext.JsonNumber):
        return a.text == b.text
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    return type(a) is type(b) and a == b


@pytest.mark.slow
@pytest.mark.parametrize("seed,typable,workers", [(1, True, 1), (2, False, 2), (3, False, 1)])
def test_generated_records_come_back_whole(tmp_path, seed, typable, workers):
    src = tmp_path / "fuzz.jsonl"
    generate(src, 1500, seed, typable)
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", str(src), "--dialect",
                          "IndE", "-o", str(out), "--workers", str(workers), "--shard-size", "600",
                          "--quiet"], env=ENV, capture_output=True, text=True, timeout=900)
    assert run.returncode in (0, 3), run.stderr
    assert "Traceback" not in run.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["format"] == ("parquet" if typable else "jsonl"), manifest["format_reason"]

    errors = {}
    if (out / "errors.jsonl").exists():
        errors = {e["row"]: e for e in map(json.loads, (out / "errors.jsonl").read_text().splitlines())}
    written = []
    for name in manifest["outputs"]["data"]:
        if name.endswith(".jsonl"):
            written += [jsontext.loads(line) for line in (out / name).read_bytes().splitlines()]
        else:
            written += pq.read_table(out / name).to_pylist()
    outputs = iter(written)
    data = src.read_bytes()
    raw_lines = [line + b"\n" for line in data.split(b"\n")]
    raw_lines[-1] = raw_lines[-1][:-1]  # what follows the last newline (nothing, or a line)
    if not raw_lines[-1]:
        raw_lines.pop()
    rewritten = 0
    for row, raw in enumerate(raw_lines):
        try:
            record = jsontext.loads(raw.decode("utf-8").rstrip("\n"))
            assert isinstance(record, dict)
        except (UnicodeDecodeError, ValueError, RecursionError, AssertionError):
            entry = errors[row]
            assert entry["where"].endswith(f"line {row + 1}")
            assert base64.b64decode(entry["raw_base64"]) == raw
            continue
        back = next(outputs)
        if row in errors:  # passed through unchanged, with the reason
            assert _same(record, back, typable), (row, record, back)
            continue
        assert _same({**record, "text": None}, {**back, "text": None}, typable), (row, record, back)
        assert type(back["text"]) is type(record["text"])  # a list of strings stays one
        rewritten += back["text"] != record["text"]
    assert next(outputs, None) is None
    assert rewritten > 100
    check = subprocess.run([sys.executable, "-m", "multivalue_cli", "verify", str(src), str(out)],
                           env=ENV, capture_output=True, text=True, timeout=600)
    assert check.returncode == 0, check.stdout + check.stderr
