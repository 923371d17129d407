"""Features that meet in one dialect: each output must still read as the features it combines,
whatever order the engine applies them in."""
import pytest

from multivalue_cli.engine import Engine
from multivalue_cli.registry import registry

RULES = registry()


def apply(nlp, names, text):
    return Engine([(RULES[name], 1.0) for name in names]).apply(nlp(text)).text


@pytest.mark.parametrize(
    "text",
    [
        "What is the name of the course?",
        "What are the names of the singers from France?",
        "What did the teacher say?",
    ],
)
def test_a_wh_question_without_inversion_keeps_its_subjects_article(nlp, text):
    """*What name of course is?* would read as *which name*: either the article goes or the
    auxiliary moves, never both."""
    out = apply(nlp, ["remove_det_definite", "drop_aux_wh"], text)
    alone = {apply(nlp, ["remove_det_definite"], text), apply(nlp, ["drop_aux_wh"], text)}
    assert out in alone, out
