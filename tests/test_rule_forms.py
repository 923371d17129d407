"""Variety-specific forms: a profile says which form a rule renders (``form:``), the
generated profiles choose it from the eWAVE ratings, and the form is part of the profile's
canonical form and hash, since the output depends on it."""
import pytest

from multivalue_cli.engine.apply import Engine
from multivalue_cli.profiles import ProfileError, catalog, load_profile, profile_from_canonical
from multivalue_cli.engine.registry import registry


def _run(profile, nlp, text: str, feature: str) -> str:
    rules = profile.select(only=[feature]).split()[0]
    return Engine([(rule, 1.0) for rule, _ in rules]).apply(nlp(text)).text


def test_a_profile_form_changes_what_the_rule_renders(tmp_path, nlp):
    going = tmp_path / "going.yaml"
    going.write_text("features:\n  future_sub_gon: {probability: 1.0, form: going}\n")
    plain = tmp_path / "plain.yaml"
    plain.write_text("features:\n  future_sub_gon: 1.0\n")  # the plain form still works
    text = "He will build my house."
    assert _run(load_profile(str(going)), nlp, text, "future_sub_gon") == "He is going to build my house."
    assert _run(load_profile(str(plain)), nlp, text, "future_sub_gon") in (
        "He gon build my house.", "He is gonna build my house.")


@pytest.mark.parametrize("form,expected", [
    ("going", "I am not going to go anywhere."),
    ("gonna", "I am not gonna go anywhere."),
    ("be_gon", "I ain't gon go anywhere."),
    ("gon", "I ain't gon go anywhere."),
])
def test_every_form_of_the_go_future(nlp, form, expected):
    rule = registry()["future_sub_gon"].with_form(form)
    assert Engine([(rule, 1.0)]).apply(nlp("I won't go anywhere.")).text == expected


def test_be_gon_keeps_be_and_going_keeps_questions_inverted(nlp):
    be_gon = registry()["future_sub_gon"].with_form("be_gon")
    assert Engine([(be_gon, 1.0)]).apply(nlp("She will win.")).text in (
        "She is gon win.", "She is gonna win.")
    going = registry()["future_sub_gon"].with_form("going")
    assert Engine([(going, 1.0)]).apply(nlp("Will they stay?")).text == "Are they going to stay?"


def test_got_for_gotten_where_the_variety_does_not_say_gotten(nlp):
    rule = registry()["present_perfect_for_past"]
    text = "I got a letter yesterday."
    assert Engine([(rule, 1.0)]).apply(nlp(text)).text == "I have gotten a letter yesterday."
    assert Engine([(rule.with_form("got"), 1.0)]).apply(nlp(text)).text == "I have got a letter yesterday."
    [(inde, _)] = load_profile("IndE").select(only=["present_perfect_for_past"]).split()[0]
    assert inde.form == "got"  # eWAVE rates 145 (gotten) D for Indian English


def test_extending_keeps_the_form_and_a_plain_probability_does_not_reset_it(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: CollSgE\nfeatures:\n  future_sub_gon: 0.5\n")
    profile = load_profile(str(mine))
    assert profile.features["future_sub_gon"] == 0.5
    assert profile.forms["future_sub_gon"] == "going"
    off = tmp_path / "off.yaml"
    off.write_text("extends: CollSgE\nfeatures:\n  future_sub_gon: off\n")
    assert "future_sub_gon" not in load_profile(str(off)).forms


@pytest.mark.parametrize("yaml_text,message", [
    ("features:\n  future_sub_gon: {probability: 1.0, form: gone}\n", "unknown form 'gone'"),
    ("features:\n  uninflect: {probability: 1.0, form: going}\n", "has no variety-specific forms"),
])
def test_bad_forms_are_errors_that_name_the_file(tmp_path, yaml_text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml_text)
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    assert message in str(err.value) and "bad.yaml" in str(err.value)


def test_the_resolved_form_is_in_the_canonical_profile_and_its_hash(tmp_path):
    canonical = load_profile("CollSgE").canonical()
    assert canonical["forms"]["future_sub_gon"] == "going"
    assert canonical["forms"]["present_perfect_for_past"] == "got"
    assert profile_from_canonical(canonical).canonical() == {**canonical, "source": canonical["source"]}
    other = tmp_path / "other.yaml"
    other.write_text("extends: CollSgE\nfeatures:\n  future_sub_gon: {probability: 1.0, form: gon}\n")
    changed = load_profile(str(other)).canonical()
    assert changed["features"] == canonical["features"] and changed["hash"] != canonical["hash"]
    tampered = {**canonical, "forms": {**canonical["forms"], "future_sub_gon": "gon"}}
    with pytest.raises(ProfileError, match="hash"):
        profile_from_canonical(tampered)
    # A rule without an explicit form runs its default, and the canonical form says which.
    assert load_profile("Multi").canonical()["forms"]["future_sub_gon"] == "gon"


def test_no_bundled_profile_renders_a_form_whose_own_feature_it_does_not_attest():
    numbers = {entry.ewave for entry in catalog().values()}
    for abbr in ("AborE", "BahE", "CollSgE", "EAAVE", "IndE", "JamE", "UAAVE", "AusE", "RAAVE"):
        profile = load_profile(abbr)
        attested = {catalog()[name].ewave for name in profile.features}
        for rule, _ in profile.split()[0]:
            form = next((f for f in rule.forms if f.name == rule.form), None)
            if form is not None:
                needed = {n for n in form.needs if n in numbers}
                assert needed <= attested, (abbr, rule.name, rule.form)
    assert load_profile("CollSgE").forms["future_sub_gon"] == "going"  # no AAVE "gon" there
    assert load_profile("EAAVE").forms["future_sub_gon"] == "gon"
    assert load_profile("UAAVE").forms["future_sub_gon"] == "be_gon"  # be is kept: 175 is D


def test_invariant_do_only_where_the_variety_has_invariant_present_forms(nlp):
    rule = registry()["do_tense_marker"]
    text = "This man owns the farm."
    both = {"This man does own the farm.", "This man do own the farm."}
    assert Engine([(rule, 1.0)]).apply(nlp(text)).text in both
    assert Engine([(rule.with_form("does"), 1.0)]).apply(nlp(text)).text == "This man does own the farm."
    assert load_profile("IrE").forms["do_tense_marker"] == "does"  # eWAVE rates 170 D for IrE


def test_unmarked_past_of_the_kinds_a_variety_attests(nlp):
    # eWAVE 129 (irregular pasts levelled to the base form) and 132 (zero past of regular
    # verbs) are two rules, so each edit carries the number of the feature it shows
    text = "She walked home and gave him the keys."
    irregular, regular = registry()["bare_past_tense"], registry()["zero_past_regular"]
    assert (irregular.ewave, regular.ewave) == (129, 132)
    assert Engine([(irregular, 1.0)]).apply(nlp(text)).text == "She walked home and give him the keys."
    assert Engine([(regular, 1.0)]).apply(nlp(text)).text == "She walk home and gave him the keys."
    assert Engine([(irregular, 1.0), (regular, 1.0)]).apply(nlp(text)).text == \
        "She walk home and give him the keys."
    # Appalachian English levels irregular pasts (129: A) but keeps -ed (132: D); Hong Kong
    # English the other way round (132: A, 129: D); Urban AAVE has both (B)
    appe, hke, uaave = (load_profile(a).features for a in ("AppE", "HKE", "UAAVE"))
    assert "bare_past_tense" in appe and "zero_past_regular" not in appe
    assert "zero_past_regular" in hke and "bare_past_tense" not in hke
    assert uaave["bare_past_tense"] == uaave["zero_past_regular"] == 0.6


def test_a_form_of_the_rule_before_it_was_split_says_what_to_write(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text("abbreviation: Old\nfeatures:\n  bare_past_tense: {probability: 1.0, form: regular}\n")
    with pytest.raises(ProfileError, match="zero_past_regular"):
        load_profile(str(path))


def test_past_been_keeps_the_past_form_once_per_verb_phrase_where_the_atlas_has_past_for_participle(nlp):
    rule = registry()["past_been"]
    text = "They sold the house and bought a boat."
    assert Engine([(rule, 1.0)]).apply(nlp(text)).text == "They been sell the house and been buy a boat."
    assert Engine([(rule.with_form("past"), 1.0)]).apply(nlp(text)).text == \
        "They been sold the house and bought a boat."
    assert Engine([(rule.with_form("past"), 1.0)]).apply(nlp("She had already gone.")).text == \
        "She been already went."
    # where the past form is also the participle, been + it must not read as the SAE passive
    # or perfect: not after a wh-subject, nor with no object to show the verb active; and an
    # asked-for subject takes no anterior been at all (*What been fell to them?* reads garbled)
    for text in ("Which player kicked the ball?", "The girl who painted the fence is my niece.",
                 "The bike that he fixed is red.", "They moved.", "She had already left.",
                 "Who ate the cake?", "What fell off the shelf?"):
        assert Engine([(rule.with_form("past"), 1.0)]).apply(nlp(text)).text == text, text
    for text, expected in (("The dog ate the cake.", "The dog been ate the cake."),
                           ("My uncle painted the fence.", "My uncle been painted the fence."),
                           ("She went home.", "She been went home."),
                           ("She arrived at the party.", "She been arrived at the party."),
                           ("She walked to school.", "She been walk to school.")):
        form = "bare" if expected.endswith("walk to school.") else "past"
        assert Engine([(rule.with_form(form), 1.0)]).apply(nlp(text)).text == expected, text
    # "past" where the atlas attests the past form for a participle (eWAVE 130), else "bare"
    for abbr in ("UAAVE", "RAAVE", "EAAVE", "JamE"):
        assert load_profile(abbr).forms["past_been"] == "past"
    assert load_profile("CollFijiE").forms["past_been"] == "bare"  # 130 rated D
