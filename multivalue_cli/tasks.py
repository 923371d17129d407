"""Task presets (``data/tasks.yaml``): which fields of a benchmark a person typed, and what its
labels depend on inside them - protected spans, features left out, derived fields rebuilt."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from .errors import MultivalueError
from .io.fields import MAX_LISTED_FIELDS, FieldError, _path_problem, existing_fields
from .io.spans import SpanLabel
from .io.joined import JoinedField
from .io.tokenize import Rebuild
from .io.yamltext import safe_load


class TaskError(MultivalueError):
    """A task preset that does not exist; the message lists those that do."""


@dataclass(frozen=True)
class TaskPreset:
    name: str
    description: str
    fields: tuple[tuple[str, ...], ...]
    protect_fields: tuple[str, ...] = ()
    protect_quotes: bool = False
    protect_sql: tuple[str, ...] = ()
    learner_tags: tuple[str, ...] = ()  # Penn tags of words learner errors leave alone
    exclude: dict[str, str] = field(default_factory=dict)  # feature -> why
    rebuild: tuple[Rebuild, ...] = ()
    spans: tuple[SpanLabel, ...] = ()  # offsets into a text field, moved when it is rewritten
    key_by_text: tuple[str, ...] = ()  # fields rewritten alike wherever a text recurs
    notes: str = ""
    tokens: bool = False  # the field is a list of tokens with per-token labels, rewritten as a sentence
    protect_regex: tuple[str, ...] = ()  # regular expressions whose matches are kept verbatim
    joined: tuple[JoinedField, ...] = ()  # fields made of rewritten fields, made again from them
    lm_eval: tuple["HarnessTask", ...] = ()  # lm-evaluation-harness tasks this layout runs

    def choose_fields(self, first_record: dict) -> list[str]:
        """The first candidate whose paths all select text in ``first_record``."""
        for paths in self.fields:
            if all(_path_problem([first_record], path) is None for path in paths):
                return list(paths)
        tried = " or ".join(", ".join(paths) for paths in self.fields)
        shown = ", ".join(existing_fields([first_record])[:MAX_LISTED_FIELDS]) or "none"
        raise FieldError(f"task {self.name!r} expects the field(s) {tried}, which the first record "
                         f"does not have; fields that exist: {shown}")

    def derived_fields(self, paths) -> tuple[tuple[Rebuild, ...], tuple[JoinedField, ...]]:
        """The fields this preset makes again from the rewritten ``paths``: the tokens of one
        and the fields made of several (the others stay as they are)."""
        return (tuple(r for r in self.rebuild if r.source in paths),
                tuple(j for j in self.joined if set(j.parts) <= set(paths)))

    def as_dict(self) -> dict:
        protect = {"fields": list(self.protect_fields), "quotes": self.protect_quotes,
                   "sql_literals": list(self.protect_sql), "learner_tags": list(self.learner_tags)}
        if self.protect_regex:
            protect["regex"] = list(self.protect_regex)
        shown = {"name": self.name, "description": self.description,
                 "fields": [list(p) for p in self.fields], "protect": protect,
                 "exclude": dict(self.exclude),
                 "rebuild": {r.field: r.as_dict() for r in (*self.rebuild, *self.joined)},
                 "spans": [label.as_dict() for label in self.spans],
                 "key_by_text": list(self.key_by_text),
                 "tokens": self.tokens,
                 "notes": self.notes}
        if self.lm_eval:
            shown["lm_eval"] = [task.as_dict() for task in self.lm_eval]
        return shown


@dataclass(frozen=True)
class HarnessTask:
    """An lm-evaluation-harness task that runs on a preset's layout: the harness's own task,
    by name, with the data swapped for the output (see :mod:`.reports.lm_eval`)."""

    task: str  # the harness's task name (gsm8k, hellaswag, ...)
    requires: tuple[str, ...] = ()  # top-level columns the task reads beside the rewritten ones
    overrides: dict = field(default_factory=dict)  # task settings changed besides the data

    def as_dict(self) -> dict:
        shown: dict = {"task": self.task}
        if self.requires:
            shown["requires"] = list(self.requires)
        if self.overrides:
            shown["overrides"] = dict(self.overrides)
        return shown


@lru_cache(maxsize=1)
def _presets() -> dict[str, TaskPreset]:
    text = resources.files("multivalue_cli").joinpath("data/tasks.yaml").read_text("utf-8")
    presets = {}
    for name, spec in safe_load(text)["tasks"].items():
        protect = spec.get("protect") or {}
        presets[name] = TaskPreset(
            name=name, description=spec["description"],
            fields=tuple(tuple(paths) for paths in spec["fields"]),
            protect_fields=tuple(protect.get("fields") or ()),
            protect_quotes=bool(protect.get("quotes", False)),
            protect_sql=tuple(protect.get("sql_literals") or ()),
            learner_tags=tuple(protect.get("learner_tags") or ()),
            exclude=dict(spec.get("exclude") or {}),
            rebuild=tuple(Rebuild(name_, r["from"], r.get("tokenizer", "treebank"))
                          for name_, r in (spec.get("rebuild") or {}).items() if "join" not in r),
            spans=tuple(SpanLabel.from_dict(label) for label in spec.get("spans") or ()),
            key_by_text=tuple(spec.get("key_by_text") or ()),
            tokens=bool(spec.get("tokens", False)),
            notes=" ".join(str(spec.get("notes", "")).split()),
            protect_regex=tuple(protect.get("regex") or ()),
            joined=tuple(JoinedField(name_, tuple(r["join"]))
                         for name_, r in (spec.get("rebuild") or {}).items() if "join" in r),
            lm_eval=tuple(HarnessTask(t["task"], tuple(t.get("requires") or ()), dict(t.get("overrides") or {}))
                          for t in spec.get("lm_eval") or ()),
        )
    return presets


def load_task(name: str) -> TaskPreset:
    presets = _presets()
    if name not in presets:
        close = difflib.get_close_matches(name, list(presets), n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        raise TaskError(f"unknown task {name!r}; tasks: {', '.join(presets)}.{hint}")
    return presets[name]


def list_tasks() -> dict[str, str]:
    """Task preset names and their descriptions."""
    return {name: preset.description for name, preset in _presets().items()}


def task_fields(task: str, first_record: dict) -> list[str]:
    """The field paths of a task preset for data shaped like ``first_record``."""
    return load_task(task).choose_fields(first_record)
