"""Which fields of a token-classification record are its tokens and its per-token label lists,
and what each list holds (:class:`TokenLayout`), worked out from the first records of the input
before a run starts.

A label list is any other top-level list as long as the tokens in every one of those records,
of strings or of class ids. Its labels are read as names: strings as they are; class ids through
the names of the ``datasets`` ``ClassLabel`` feature (kept in a Parquet or saved dataset's schema),
else the names the user declares, else -- for a list that reads as spans -- the ``datasets``
convention for entity tags (0 is ``O``, then ``B-`` and ``I-`` of each type in turn), which is
used only when every sequence of the first records is valid under it. A list whose labels are
``O`` and prefixed tags holds spans: entity spans (kept as they are: their tokens are protected),
or chunks when its name says so (or its types are phrase labels: NP, VP, ...). Any other list
holds tags (parts of speech): a new token takes the parse's tag when the list's labels are Penn
Treebank or Universal POS tags, else a declared fill value.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from ..io.fields import FieldError
from .schemes import OUTSIDE, detect_scheme, first_invalid, is_span_tag_set, split_tag

if TYPE_CHECKING:
    import pyarrow as pa

DOCUMENT_START = "-DOCSTART-"
PENN = frozenset("CC CD DT EX FW IN JJ JJR JJS LS MD NN NNS NNP NNPS PDT POS PRP PRP$ RB RBR RBS RP "
                 "SYM TO UH VB VBD VBG VBN VBP VBZ WDT WP WP$ WRB . , : `` '' -LRB- -RRB- ( ) \" # $ "
                 "HYPH NFP ADD AFX XX NN|SYM _SP".split())
UPOS = frozenset("ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ SYM VERB X".split())
PHRASES = frozenset("NP VP PP ADVP ADJP SBAR PRT CONJP INTJ LST UCP".split())
# The parse's Penn tags that a tag set may spell otherwise (CoNLL-2003 writes brackets as such).
PENN_SPELLINGS = {"-LRB-": "(", "-RRB-": ")"}


@dataclass(frozen=True)
class LabelList:
    """One per-token label list: how its labels read and what a new token gets in it."""

    field: str
    role: str  # "entities" (spans kept verbatim), "chunks" (spans that may change), "tags"
    scheme: str | None = None  # IOB2, IOB1, BILOU or IOBES, for spans
    names: tuple[str, ...] | None = None  # class names by id, for a list of class ids
    names_from: str | None = None  # "features", "declared" or "inferred"
    tagset: str | None = None  # "penn" or "upos": a new token takes the parse's tag
    fill: str | None = None  # the label of a new token otherwise (a name)

    @property
    def ids(self) -> bool:
        return self.names is not None

    def read(self, values: Sequence[Any]) -> list[str]:
        """The labels as names."""
        if self.names is None:
            return list(values)
        return [self.names[v] for v in values]

    def write(self, names: Sequence[str]) -> list[Any]:
        """Names back as the list holds them (class ids stay class ids)."""
        if self.names is None:
            return list(names)
        index = {name: k for k, name in enumerate(self.names)}
        return [index[name] for name in names]

    def new_label(self, tag: str | None, pos: str | None) -> str:
        """The label of a new token whose parse gave ``tag`` (Penn) and ``pos`` (UPOS)."""
        if self.role != "tags":
            return OUTSIDE
        found = tag if self.tagset == "penn" else pos if self.tagset == "upos" else None
        allowed = set(self.names) if self.names is not None else None
        if found is not None and allowed is not None and found not in allowed:
            found = PENN_SPELLINGS.get(found) if PENN_SPELLINGS.get(found) in allowed else None
        if found is None or found == "_SP":
            return self.fill if self.fill is not None else OUTSIDE
        return found

    def as_dict(self) -> dict:
        data = {"role": self.role, "scheme": self.scheme, "tagset": self.tagset, "fill": self.fill}
        if self.names is not None:
            data.update(names=list(self.names), names_from=self.names_from)
        return data

    @classmethod
    def from_dict(cls, name: str, data: dict) -> "LabelList":
        names = data.get("names")
        return cls(name, data["role"], data.get("scheme"), tuple(names) if names is not None else None,
                   data.get("names_from"), data.get("tagset"), data.get("fill"))


@dataclass(frozen=True)
class TokenLayout:
    """The token field and the label lists aligned with it."""

    tokens: str
    labels: tuple[LabelList, ...] = field(default=())

    @property
    def fields(self) -> tuple[str, ...]:
        return (self.tokens, *(lst.field for lst in self.labels))

    def as_dict(self) -> dict:
        return {"tokens": self.tokens, "labels": {lst.field: lst.as_dict() for lst in self.labels}}

    @classmethod
    def from_dict(cls, data: dict) -> "TokenLayout":
        return cls(data["tokens"], tuple(LabelList.from_dict(k, v) for k, v in data["labels"].items()))

    def problems(self, record: dict) -> list[str]:
        """Why a record cannot be rewritten with this layout (nothing when it can)."""
        tokens = record.get(self.tokens)
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            return [f"{self.tokens}: expected a list of strings"]
        found = [f"{self.tokens}[{k}]: {'empty' if not t else 'holds whitespace'}; a token is rewritten "
                 "as a word of a sentence" for k, t in enumerate(tokens) if not t or any(c.isspace() for c in t)]
        for lst in self.labels:
            values = record.get(lst.field)
            if not isinstance(values, list):
                found.append(f"{lst.field}: expected a list of labels, got {type(values).__name__}")
            elif len(values) != len(tokens):
                found.append(f"{lst.field}: {len(values)} labels for {len(tokens)} tokens")
            elif lst.names is not None and not all(_is_id(v) and v < len(lst.names) for v in values):
                found.append(f"{lst.field}: holds a value that is not a class id of its {len(lst.names)} names")
            elif lst.names is None and not all(isinstance(v, str) for v in values):
                found.append(f"{lst.field}: expected labels as strings")
        return found[:3]


def is_document_start(tokens: Any) -> bool:
    """A CoNLL ``-DOCSTART-`` line read as a record: kept as it is, never rewritten."""
    return isinstance(tokens, list) and len(tokens) == 1 and tokens[0] == DOCUMENT_START


def detect_layout(records: Sequence[dict], tokens: str = "tokens", schema: "pa.Schema | None" = None,
                  declared: dict | None = None) -> TokenLayout:
    """The layout of these records (the first of the input); raises FieldError, saying what
    to declare, when a list cannot be read or a new token's label cannot be known."""
    declared = declared or {}
    sample = [r for r in records if isinstance(r.get(tokens), list) and r[tokens]
              and not is_document_start(r[tokens])]
    if not sample:
        raise FieldError(f"no record of the first {len(records)} holds a list of tokens in {tokens!r}")
    lists = [key for key, value in sample[0].items()
             if key != tokens and isinstance(value, list)
             and all(isinstance(r.get(key), list) and len(r[key]) == len(r[tokens])
                     and all(isinstance(v, str) or _is_id(v) for v in r[key]) for r in sample)]
    if not lists:
        raise FieldError(f"no list of labels as long as {tokens!r} in the first {len(sample)} record(s) "
                         f"(fields: {', '.join(sample[0])})")
    for name in declared:
        if name not in lists:
            raise FieldError(f"--token-labels names {name!r}, which is not a label list of the records "
                             f"(label lists: {', '.join(lists)})")
    features = class_names(schema)
    return TokenLayout(tokens, tuple(_label_list(name, [r[name] for r in sample], features.get(name),
                                                 declared.get(name) or {}) for name in lists))


def _label_list(name: str, sequences: list[list], feature_names: list[str] | None, declared: dict) -> LabelList:
    ids = all(_is_id(v) for seq in sequences for v in seq)
    names, names_from = None, None
    if ids:
        if declared.get("names"):
            names, names_from = tuple(map(str, declared["names"])), "declared"
        elif feature_names:
            names, names_from = tuple(feature_names), "features"
        else:
            names, names_from = _conventional_names(sequences), "inferred"
        if names is not None:
            top = max((v for seq in sequences for v in seq), default=0)
            if top >= len(names):
                raise FieldError(f"{name}: class id {top} has no name ({names_from} names: {len(names)})")
    if ids and names is None:
        read = None
    else:
        read = [[names[v] for v in seq] for seq in sequences] if names is not None else sequences
    fill = declared.get("fill")
    if fill is not None and names is not None and _is_id(fill):
        fill = names[fill]
    fill = str(fill) if fill is not None else None
    if read is not None and is_span_tag_set({v for seq in read for v in seq} | ({OUTSIDE} if names else set())):
        kinds = {split_tag(v)[1] for seq in read for v in seq if v != OUTSIDE}
        role = "chunks" if "chunk" in name.lower() or kinds and kinds <= PHRASES else "entities"
        if names is not None and OUTSIDE not in names:
            raise FieldError(f"{name}: its names have no {OUTSIDE!r} for the tokens outside a span")
        return LabelList(name, role, detect_scheme(read), names, names_from, fill=OUTSIDE)
    if read is None:
        raise FieldError(f"{name}: holds class ids whose names are unknown (a JSON input keeps no "
                         "ClassLabel names); give them in --token-labels FILE "
                         f"({name}: {{names: [...]}}) or read the saved dataset, whose features name them")
    seen = {v for seq in read for v in seq} | set(names or ())
    tagset = _tagset(seen)
    if tagset is None and fill is None:
        shown = ", ".join(sorted(seen)[:12])
        raise FieldError(f"{name}: a new token needs a label, and these are not Penn Treebank or "
                         f"Universal POS tags ({shown}); declare one in --token-labels FILE "
                         f"({name}: {{fill: LABEL}})")
    if fill is not None and names is not None and fill not in names:
        raise FieldError(f"{name}: the fill {fill!r} is not one of its names")
    return LabelList(name, "tags", None, names, names_from, tagset, fill)


def _conventional_names(sequences: list[list[int]]) -> tuple[str, ...] | None:
    """``O, B-1, I-1, B-2, I-2, ...`` when every sequence is valid BIO under them and 0 is the
    commonest id (the ``datasets`` entity tags); else None."""
    values = [v for seq in sequences for v in seq]
    if not values or max(values, key=values.count) != 0 or max(values) == 0:
        return None
    count = max(values) + (max(values) % 2 == 1)  # a B- without its I- in the sample
    names = ("O", *(f"{'B' if k % 2 else 'I'}-{(k + 1) // 2}" for k in range(1, count + 1)))
    if any(first_invalid([names[v] for v in seq], "IOB2") for seq in sequences):
        return None
    return names


def _tagset(seen: set[str]) -> str | None:
    for name, tags, core in (("penn", PENN, {"NN", "NNP", "VB", "VBD", "IN", "DT"}),
                             ("upos", UPOS, {"NOUN", "VERB", "ADP", "DET", "PRON"})):
        if seen and len(seen & tags) >= 0.9 * len(seen) and len(seen & core) >= 2:
            return name
    return None


def class_names(schema: "pa.Schema | None") -> dict[str, list[str]]:
    """The ``ClassLabel`` names of the top-level fields, from the ``datasets`` features a
    Parquet or saved dataset's schema carries."""
    metadata = (schema.metadata or {}) if schema is not None else {}
    raw = metadata.get(b"huggingface")
    if not raw:
        return {}
    try:
        features = json.loads(raw)["info"]["features"]
    except (ValueError, KeyError, TypeError):
        return {}
    found = {}
    for name, feature in features.items() if isinstance(features, dict) else ():
        names = _names_in(feature)
        if names:
            found[name] = names
    return found


def _names_in(feature: Any) -> list[str] | None:
    if isinstance(feature, dict):
        if feature.get("_type") == "ClassLabel" and isinstance(feature.get("names"), list):
            return [str(n) for n in feature["names"]]
        inner = feature.get("feature")
        return _names_in(inner) if inner is not None else None
    if isinstance(feature, list) and len(feature) == 1:
        return _names_in(feature[0])
    return None


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
