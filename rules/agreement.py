"""Agreement rules (eWAVE 170-180)."""
from __future__ import annotations

from multivalue_cli.edits import Replace, site
from multivalue_cli.morphology import inflect_verb
from multivalue_cli.registry import rule


@rule(
    170, "uninflect", "Agreement",
    tags={"VBZ"},
    examples=[
        ("He speaks English.", "He speak English."),
        ("Does she know the answer?", "Do she know the answer?"),
        ("My brother doesn't like spicy food.", "My brother don't like spicy food."),
        ("I think the train leaves at noon, and it stops in Pune.",
         "I think the train leave at noon, and it stop in Pune."),
    ],
    negatives=[
        "They speak English.",
        "He is a teacher.",
        "She has two cars.",
        "The news was good.",
    ],
)
def uninflect(doc, index):
    """Third person singular present -s dropped: *he speak*, *she don't*. Lexical verbs and
    do-support only; *is* and *has* change meaning-bearing forms and belong to other features."""
    for tok in index.by_tag.get("VBZ", ()):
        if tok.lemma_ in ("be", "have"):
            continue
        base = inflect_verb(tok.lemma_.lower(), "VBP")
        if base and base.lower() != tok.lower_:
            yield site(Replace(tok.i, base))
