"""Every example of every registered rule: inputs where it must fire (output must be one of the
accepted ones) and inputs where it must not (output must equal the input)."""
import pytest

from multivalue_cli.engine.apply import Engine, replay
from multivalue_cli.engine.registry import registry

RULES = registry()
FIRE = [
    pytest.param(rule, ex, id=f"{rule.name}-fire-{k}")
    for rule in RULES.values()
    for k, ex in enumerate(rule.examples)
]
NO_FIRE = [
    pytest.param(rule, text, id=f"{rule.name}-nofire-{k}")
    for rule in RULES.values()
    for k, text in enumerate(rule.negatives)
]


@pytest.mark.parametrize("rule,example", FIRE)
def test_rule_fires(nlp, rule, example):
    result = Engine([(rule, 1.0)]).apply(nlp(example.text))
    assert not result.failures, result.failures
    assert result.text in example.accepted, f"{rule.name}: {example.text!r} -> {result.text!r}"
    assert result.edits, "an applied rule must log its edits"
    assert replay(example.text, result.edits) == result.text, "the log must reproduce the output"


@pytest.mark.parametrize("rule,text", NO_FIRE)
def test_rule_does_not_fire(nlp, rule, text):
    result = Engine([(rule, 1.0)]).apply(nlp(text))
    assert not result.failures, result.failures
    assert result.text == text and not result.edits, f"{rule.name}: {text!r} -> {result.text!r}"


def test_every_rule_has_enough_examples():
    for rule in RULES.values():
        assert len(rule.examples) >= 3, rule.name
        assert len(rule.negatives) >= 2, rule.name
        assert rule.doc, f"{rule.name} needs a docstring saying what it does"


def test_rules_are_catalogued_under_their_ewave_number():
    from multivalue_cli.profiles import catalog

    for rule in RULES.values():
        assert rule.name in catalog(), rule.name
        assert catalog()[rule.name].ewave == rule.ewave, rule.name
