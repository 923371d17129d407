"""What the commands print on a terminal beside a run's own messages: notes, JSON, the tables
of ``dialects``, ``errors``, ``tasks`` and ``features`` and of the one they show, two dialects
compared, and an explained ``apply``. Each takes the rows the command read and prints them;
Rich is imported only when a table is printed, so that a run does not load it."""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable, Iterable


class NotesStream:
    """stderr, where notes and warnings go, as a command sees it: once its reader has gone
    (``multivalue transform ... 2>&1 | head -1``), what is written to it is dropped (the file
    descriptor then points to the null device) and the command goes on to its own end."""

    def __init__(self, stream) -> None:
        # a process started with stderr closed (``2>&-``) has none: its notes go nowhere
        self._stream = stream if stream is not None else open(os.devnull, "w", encoding="utf-8")

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._drop()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._drop()

    def _drop(self) -> None:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, self._stream.fileno())  # what is still buffered goes there too
        os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def note(message: str | None, quiet: bool = False) -> None:
    """A note on stderr, unless there is none or ``quiet``."""
    if message and not quiet:
        print(message, file=sys.stderr)


def print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def show(data: Any, as_json: bool, print_tables: Callable[[Any], None]) -> None:
    """``data`` as JSON (``--json``), else as ``print_tables`` shows it."""
    if as_json:
        print_json(data)
    else:
        print_tables(data)


def print_table(title: str, columns: list[str], rows: Iterable[list], numeric: set[str] = frozenset(),
                whole: set[str] = frozenset()) -> None:
    """A Rich table on stdout; the ``numeric`` columns are right-aligned and kept on one line,
    the ``whole`` ones (names a user types) at least 14 characters wide."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text  # a value is shown as it is, never read as Rich markup

    table = Table(title=title)
    for col in columns:  # a number is not broken over two lines
        if col in numeric:
            table.add_column(col, justify="right", no_wrap=True)
        else:  # a name a user types is kept at least 14 characters wide
            table.add_column(col, min_width=14 if col in whole else None)
    for row in rows:
        table.add_row(*(Text(str(v)) for v in row))
    Console().print(table)


def missing_rules_note(profile) -> str | None:
    """The note that some features of ``profile`` (or of a tuple of them) have no rule yet and
    are skipped."""
    if isinstance(profile, tuple):
        counts = [(p.abbreviation, len(p.split()[1])) for p in profile]
        shown = ", ".join(f"{abbr} {n}" for abbr, n in counts if n)
        return (f"note: features without a rule yet are skipped ({shown}; `multivalue dialects show "
                "NAME` lists them)") if shown else None
    _, missing = profile.split()
    if not missing:
        return None
    shown = ", ".join(missing[:12]) + (" ..." if len(missing) > 12 else "")
    have = "has" if len(missing) == 1 else "have"
    return (f"note: {len(missing)} of the {len(profile.features)} features of {profile.abbreviation} "
            f"{have} no rule yet and {'is' if len(missing) == 1 else 'are'} skipped: {shown}")


def profile_notes(profile) -> str | None:
    """The notes about a run's profile (or each of several): features without a rule, rules ``--min-accuracy`` left out."""
    if profile is None:
        return None
    notes = [missing_rules_note(profile)]
    for one in profile if isinstance(profile, tuple) else (profile,):  # several dialects: each
        if one.accuracy_filter is not None:
            kept = len(one.split()[0])
            notes.append(f"note: --min-accuracy {one.accuracy_filter['min_accuracy']:g} keeps {kept} rule(s) of "
                         f"{one.abbreviation} and leaves out {accuracy_summary(one.accuracy_filter)}")
    return "\n".join(n for n in notes if n) or None


def accuracy_summary(accuracy_filter: dict) -> str:
    """How many rules ``--min-accuracy`` left out and why: ``3 not measured, 1 measured below 0.9``."""
    reasons = list(accuracy_filter["left_out"].values())
    unmeasured = reasons.count("not measured")
    return (f"{unmeasured} not measured, {len(reasons) - unmeasured} measured below "
            f"{accuracy_filter['min_accuracy']:g}")


# ------------------------------------------------------------------------------ dialects


def print_dialects(rows: list[dict]) -> None:
    print_table("Dialect profiles (eWAVE): attested features (A/B/C) and those with a rule",
                ["Abbr", "Name", "Region", "Type", "Attested", "Implemented", "%"],
                [[r["abbreviation"], r["name"], r["region"], r["type"], r["attested"],
                  r["implemented"], f"{r['percent_implemented']:.1f}"] for r in rows],
                numeric={"Attested", "Implemented", "%"})


def print_dialect(dialect: dict) -> None:
    """A dialect's features (``abbreviation``, ``name``, ``features``: the rows of each)."""
    rows = dialect["features"]
    have = sum(r["implemented"] for r in rows)
    print_table(f"{dialect['name']} ({dialect['abbreviation']}): {len(rows)} features, {have} implemented",
                ["eWAVE", "Feature", "Category", "Rating", "Probability", "Accuracy"],
                [[r["ewave"], r["name"], r["category"], r["rating"],
                  f"{r['probability']:.2f}" + (" (set)" if r["overridden"] else ""),
                  _accuracy_cell(r) if r["implemented"] else "no rule"] for r in rows],
                numeric={"eWAVE", "Probability", "Accuracy"}, whole={"Feature"})
    measured_rows = [r for r in rows if r.get("accuracy")]
    print(f"Accuracy: the share of a rule's sites on real text that a blind reviewer accepted "
          f"({len(measured_rows)} of the {have} rules measured; blank: not measured; silent: it changed "
          f"no text of the review pool; no rule: the feature has no rule yet and is skipped).")


def _accuracy_cell(row: dict) -> str:
    found = row.get("accuracy")
    if found:
        return f"{100 * found['share']:.0f}% ({found['accepted']}/{found['reviewed']})"
    return "silent" if row.get("silent") else ""


def print_comparison(result: dict) -> None:
    a, b = result["a"], result["b"]
    print(f"{a} vs {b}: Manhattan distance {result['manhattan_distance']} over all attested "
          f"features, {result['manhattan_distance_implemented']} over implemented ones")
    for title, names in ((f"shared ({len(result['shared'])})", result["shared"]),
                         (f"only {a} ({len(result['only_a'])})", result["only_a"]),
                         (f"only {b} ({len(result['only_b'])})", result["only_b"]),
                         (f"shared, with different probabilities ({len(result['differing_probability'])})",
                          result["differing_probability"])):
        print(f"\n{title}:\n  " + (", ".join(names) or "-"))


# ------------------------------------------------------------------------------ learner errors


def print_error_levels(rows: list[dict]) -> None:
    print_table("Learner-error profiles from W&I+LOCNESS (`multivalue errors show LEVEL` for details)",
                ["Profile", "Rate", "det", "prep", "verb", "spell", "Who"],
                [[r["profile"], f"{100 * r['rate']:.2f}%", *(f"{100 * r[t]:.1f}%" for t in ("det", "prep", "verb", "spell")),
                  r["who"]] for r in rows], numeric={"Rate", "det", "prep", "verb", "spell"})


def print_error_profile(info: dict) -> None:
    rate = f", rate {100 * info['rate']:.2f}% of tokens" if info["rate"] is not None else ""
    print(f"{info['name']}{rate}: {info['description'] or info['path']}")
    print_table("ERRANT types: share of the edits", ["Type", "Share", "Per 1,000 tokens"],
                [[t["label"], f"{100 * t['share']:.1f}%", "" if t["per_1000_tokens"] is None else t["per_1000_tokens"]]
                 for t in info["types"]], numeric={"Share", "Per 1,000 tokens"})
    if info["commonest"]:
        print_table("Commonest confusions in the corpus (clean -> learner, count)", ["Type", "Confusions"],
                    [[label, "; ".join(f"{c['confusion']} {c['count']}" for c in pairs)]
                     for label, pairs in info["commonest"].items()])
    print_table("What the injector draws for the words learners get wrong most", ["Type", "Word", "Site weight", "Becomes"],
                [[label, w["word"], w["site_weight"], ", ".join(f"{a} {100 * p:.0f}%" for a, p in w["becomes"].items())]
                 for label, words in info["drawn"].items() for w in words], numeric={"Site weight"})
    if info["citation"]:
        print(f"Cite: {info['citation']}")


# ------------------------------------------------------------------------------ tasks, rules


def print_tasks(tasks: dict[str, str]) -> None:
    print_table("Task presets (--task NAME; `multivalue tasks show NAME` for details)",
                ["Task", "What is rewritten"], [[k, v] for k, v in tasks.items()])


def print_task(preset: dict) -> None:
    """A task preset (its ``as_dict()``): what it rewrites, keeps, leaves out and rebuilds."""
    protect = preset["protect"]
    lines = [f"{preset['name']}: {preset['description']}",
             "  fields rewritten: " + " or ".join(", ".join(p) for p in preset["fields"]),
             "  kept verbatim in them: " + ("; ".join(filter(None, [
                 ("values of " + ", ".join(protect["fields"])) if protect["fields"] else "",
                 "quoted spans" if protect["quotes"] else "",
                 ("SQL value literals of " + ", ".join(protect["sql_literals"])) if protect["sql_literals"] else "",
                 "the entities of the label lists" if preset.get("tokens") else "",
                 ("matches of " + ", ".join(protect["regex"])) if protect.get("regex") else "",
             ])) or "nothing beyond --protect-*"),
             *(["  label lists: every other list as long as the tokens, kept aligned with them"]
               if preset.get("tokens") else []),
             *([f"  no learner errors on words tagged {', '.join(protect['learner_tags'])}"]
               if protect["learner_tags"] else []),
             "  features left out: " + ("; ".join(f"{k} ({v})" for k, v in preset["exclude"].items()) or "none"),
             "  rebuilt fields: " + (", ".join(f"{k} from {v['from']} ({v['tokenizer']} tokens)" if "from" in v
                                               else f"{k} from {' and '.join(v['join'])} (joined as in the input)"
                                               for k, v in preset["rebuild"].items()) or "none"),
             *(f"  offsets moved with their span, when {label['text']} is rewritten: "
               + ", ".join(f"{k}={v}" for k, v in label.items() if k != "text") for label in preset.get("spans", ())),
             *([f"  rewritten alike wherever its text recurs (draws keyed by the text): {', '.join(preset['key_by_text'])}"]
               if preset.get("key_by_text") else [])]
    if preset.get("lm_eval"):
        lines.append("  lm-evaluation-harness task written with the output: " + " or ".join(
            t["task"] + (f" (needs {', '.join(t['requires'])})" if t.get("requires") else "")
            for t in preset["lm_eval"]))
    if preset["notes"]:
        lines.append("  " + preset["notes"])
    lines.append("  (--no-task-protection drops the protection and the features left out; "
                 "--protect-* and --exclude add to them)")
    print("\n".join(lines))


def print_features(rules: list[dict]) -> None:
    """The registered rules, one row each with the first of their examples."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(rules)} implemented features")
    for col in ("eWAVE", "Name", "Category", "Example"):
        table.add_column(col)
    for r in rules:
        ex = r["examples"][0]
        table.add_row(str(r["ewave"]), r["name"], r["category"], f"{ex['input']} → {ex['accepted'][0]}")
    Console().print(table)


# ------------------------------------------------------------------------------ apply --explain


def print_explanation(transformer, text: str, verbose: bool = False) -> None:
    """The output with its edits highlighted, a table of edits, and why other features did not fire."""
    from rich.console import Console
    from rich.text import Text

    trace: dict = {}
    result = transformer.explain(text, trace=trace)
    console = Console()
    shown = Text()
    position = 0
    for start, end, before, after in sorted({(e.start, e.end, e.before, e.after) for e in result.edits}):
        shown.append(text[position:start])
        shown.append(after or "‸", style="bold green")
        position = end
    shown.append(text[position:])
    console.print(Text("input:  ", style="dim") + Text(text))
    console.print(Text("output: ", style="dim") + shown)
    rows = [[e.feature, str(e.ewave), f"{e.before} → {e.after}"] for e in result.edits]
    if rows:
        print_table(f"{len(rows)} edit(s)", ["Feature", "eWAVE", "Before → after"], rows)
    fired = {e.feature for e in result.edits}
    sampled = sorted(n for n, f in trace.items() if n not in fired and f["sampled_out"])
    blocked = sorted(n for n, f in trace.items() if n not in fired and not f["sampled_out"] and f["sites"])
    rules = transformer.profile.split()[0] if transformer.profile is not None else []
    no_site = sorted(r.name for r, _ in rules if r.name not in trace or not trace[r.name]["sites"])
    console.print(f"[dim]had a site but sampled out ({len(sampled)}):[/dim] " + (", ".join(sampled) or "-"))
    console.print(f"[dim]had a site taken by an earlier feature or protected ({len(blocked)}):[/dim] "
                  + (", ".join(blocked) or "-"))
    if verbose:
        console.print(f"[dim]no site in this text ({len(no_site)}):[/dim] " + (", ".join(no_site) or "-"))
    else:
        console.print(f"[dim]no site in this text: {len(no_site)} feature(s) (--verbose lists them)[/dim]")
