"""Future and conditional reference (eWAVE 114, 116-120): *go*- and *come*-based futures, the
present for a neutral future, *is* for *am*/*will* with *I*, *would* for a distant future,
and *would* in *if*-clauses."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Op, Replace, Site, site
from multivalue_cli.engine.futures import (
    about_to, described_plan, distant_time, distant_time_word, going_to, later_time, planned_will,
    planned_will_ops,
)
from multivalue_cli.engine.morphology import (
    agreement_subject, be_replacing, inflect_verb, is_clitic, lemma_of, person_number,
)
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import (
    children, clause_is_negated, clause_tokens, lexically_capitalised, negation_after, subject_of,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import WILL_FORMS, be_form, do_form, no_amnt, present_form, preverbal_start


# Adverbs of the immediate future (*right now*, *soon*, *today*), and the nouns of *in five
# minutes* / *in a moment*, *this afternoon*: with them *will* is the near future that
# feature 119 keeps for *will*. Closed sets written by us.
IMMEDIATE_ADVERBS = frozenset("now immediately soon shortly presently today tonight straightaway".split())
SHORT_SPANS = frozenset("second seconds minute minutes moment moments bit while hour hours sec".split())
PARTS_OF_TODAY = frozenset("morning afternoon evening".split())
# Times of the clock: *at noon*, *at 8 pm*, *at six o'clock* give a scheduled event.
CLOCK_WORDS = frozenset("noon midnight o'clock pm am p.m. a.m.".split())


def _near_or_scheduled(verb: Token) -> bool:
    """Whether ``verb``'s clause puts the event in the immediate future (*right now*, *soon*,
    *in five minutes*, *this afternoon*) or at a scheduled time of the clock (*at noon*,
    *at 8 pm*), where feature 119 keeps *will*."""
    for tok in clause_tokens(verb):
        low = tok.lower_
        if low in IMMEDIATE_ADVERBS or (low == "once" and tok.head.lower_ == "at"):
            return True
        if low == "away" and any(c.lower_ == "right" for c in children(tok)):
            return True  # right away
        if low in PARTS_OF_TODAY and any(c.lower_ == "this" for c in children(tok)):
            return True
        if tok.dep_ == "pobj" and tok.head.lower_ == "in" and tok.lemma_.lower() in SHORT_SPANS:
            return True
        if tok.dep_ == "pobj" and tok.head.lower_ == "at" and (
                low in CLOCK_WORDS or tok.like_num
                or any(c.lower_ in CLOCK_WORDS for c in children(tok))):
            return True
    return False


# *later* (today): no distant future for *would* to mark (*I'll call her later*).
SAME_DAY = frozenset({"later"})


def _future_will(tok: Token) -> bool:
    """The auxiliary *will* of a future that its clause sets later than now (*tomorrow*, *next
    week*, *one day*, *in ten years*: the shared ``later_time``/``distant_time``) and does not
    make imminent or scheduled (see :func:`_near_or_scheduled`); not of a future perfect
    (*will have finished*). The feature is *would* for the distant future in contrast to *will*
    for the immediate one: with no time of its own, a *will* is as often bound to the moment
    of speaking (an offer, a promise, a refusal: *I'll get you one*), a disposition (*someone
    who will help*) or a law (*heating water will make it boil*), where *would* reads as a
    conditional or a hypothesis."""
    if tok.tag_ != "MD" or tok.lemma_.lower() != "will" or tok.dep_ != "aux":
        return False
    verb = tok.head
    if any(c.dep_ == "aux" and c.lemma_ == "have" for c in children(verb)):
        return False
    if any(c.dep_ == "advmod" and c.lower_ in ("always", "forever") for c in children(verb)):
        return False  # "will always be a legend": timeless, no future to set far off
    timed = verb
    while not (later_time(timed, besides=SAME_DAY)
               or any(distant_time_word(t) for t in clause_tokens(timed))):
        if timed.dep_ != "conj":
            return False
        timed = timed.head  # "one day he will study abroad and (he will) forget us"
    return not _near_or_scheduled(verb)


substitution_rule(
    "will_would",
    {"will": "would", "'ll": "would", "’ll": "would", "wo": "would"},
    where=_future_will,
    doc="""*Would* for the (distant) future of *will*: *I would eat rice tomorrow*, *one day he
    would forget us*, *in ten years nobody would remember this*. The varieties keep *will* for
    the immediate future, so only where the clause sets the event later than now (a time of
    its own: *tomorrow*, *next week*, *one day*, *in ten years*) and not where it makes it
    imminent or scheduled (*right now*, *soon*, *in five minutes*, *at noon*); not the future
    perfect (*will have finished*), where *would have* is a counterfactual. With no time, a
    *will* may be an offer or refusal made now (*I'll get you one*), a disposition (*someone
    who will help*) or a law (*heating water will make it boil*): *would* would read as a
    conditional or a hypothesis.""",
    lemmas={"will"},
    tags={"MD"},
    examples=[
        ("I will eat rice tomorrow.", "I would eat rice tomorrow."),
        ("She'll call you next week.", "She would call you next week."),
        ("We will visit you next summer.", "We would visit you next summer."),
        ("I won't forget this day in years to come.", "I wouldn't forget this day in years to come."),
        ("The children who will start school next year must register.",
         "The children who would start school next year must register."),
        ("Will you come to the party next Saturday?", "Would you come to the party next Saturday?"),
        ("One day my son will study abroad, and he will forget us.",
         "One day my son would study abroad, and he would forget us."),
        ("In ten years, nobody will remember this.", "In ten years, nobody would remember this."),
        ("They will build a new hospital in our town next year.",
         "They would build a new hospital in our town next year."),
        ("Rain will fall on the hills next week.", "Rain would fall on the hills next week."),
        # the time is the complement's: *you'll find* keeps its will
        ("I think you'll find that in a year it will be worth more.",
         "I think you'll find that in a year it would be worth more."),
        ("Someday my brother will study medicine.", "Someday my brother would study medicine."),
    ],
    negatives=[
        "She has a strong will.",
        "Heating the water will make it boil.",
        "Salt will melt the ice on the road.",
        "Strong winds will damage the roofs of old houses.",
        "Cutting down forests will raise the level of which gas?",
        "Loud music will wake a sleeping baby.",
        "By Friday, I will have finished the report.",
        "I would like some tea.",
        "He wills it to happen.",
        "The train will leave at noon.",
        "The meeting will start in five minutes.",
        "I will call you right now.",
        "Dinner will be ready soon.",
        "The show will begin at 8 pm.",
        "We will meet this afternoon.",
        "I'll do it right away.",
        # no time of its own: an offer, promise or refusal said now, a disposition, a property,
        # a forecast whose distance the clause does not tell
        "We won't be late.",
        "Will that be all?",
        "The storm will reach the coast.",
        "The first day we will walk ten miles.",
        "I will call her later.",
        "Prices will rise while wages will fall within the same month.",
        "Each year the river will flood the valley.",
        "She will always be a legend at 84 years old.",
        "Sure, I'll carry your bag.",
        "I'll be standing by the door.",
        "We won't sign that contract.",
        "Pick a helper who will gladly clean up.",
        "The ripe pears will taste sweeter.",
    ],
)


def future_will(index: DocIndex) -> Iterator[tuple[Token, Token, Token]]:
    """``(will, verb, subject)`` for the future auxiliary *will/'ll/won't*, not the future
    perfect (*will have gone*), not *will* as a noun or lexical verb."""
    for tok in index.by_tag.get("MD", ()):
        if tok.lemma_.lower() != "will" or tok.lower_ not in WILL_FORMS or tok.dep_ != "aux":
            continue
        verb = tok.head
        if verb.tag_ != "VB" or any(c.dep_ == "aux" and c.lemma_ == "have" for c in children(verb)):
            continue
        subj = subject_of(verb)
        if subj is None:
            continue
        yield tok, verb, subj


def _gon_variants(will: Token, verb: Token, subj: Token, form: str) -> list[tuple[Op, ...]]:
    """The go-future for ``will`` in ``form``: ``gon`` (African American and Caribbean-
    influenced varieties: *he gon build*, *I'm gon call*, *ain't gon*, or *be gonna*),
    ``be_gon`` (the same keeping *be*: *he's gon build*), ``going`` (*he is going to build*)
    or ``gonna`` (*he's gonna build*); *be* agrees with the subject."""
    neg = negation_after(will)
    if neg is not None and form in ("gon", "be_gon"):
        return [(Replace(will.i, "ain't gon"), Delete(neg.i))]
    be = be_replacing(will, subj, past=False)
    if will.i > subj.i:
        def with_be(marker: str) -> tuple[Op, ...]:
            return (Replace(will.i, be), *no_amnt(be, neg), Insert((neg or will).i, marker, after=True))

        if form == "going":
            return [with_be("going to")]
        if form == "gonna":
            return [with_be("gonna")]
        if form == "be_gon" or person_number(subj) == "1s":
            return [with_be("gon"), with_be("gonna")]
        return [(Replace(will.i, "gon"),), with_be("gonna")]
    # question: "Will you come?" -> "You gon come?" / "Are you gonna come?"
    at = preverbal_start(verb, subj)

    def inverted(marker: str) -> tuple[Op, ...]:
        return (Replace(will.i, be_form(subj, past=False)), Insert(at, marker))

    if form == "going":
        return [inverted("going to")]
    if form == "gonna":
        return [inverted("gonna")]
    if form == "be_gon":
        return [inverted("gon"), inverted("gonna")]
    return [(Delete(will.i), Insert(at, "gon")), inverted("gonna")]


@rule(
    "future_sub_gon",
    lemmas={"will"},
    tags={"MD"},
    # "he gon build" drops be (175); "ain't gon" is ain't for negated be (155) and, like
    # "ain't go", a generic negator before the verb (157)
    forms={"gon": (155, 175), "be_gon": (155, 157), "going": (), "gonna": ()},
    examples=[
        ("He will build my house.", ["He gon build my house.", "He is gonna build my house."]),
        ("I'll call you tonight.", ["I'm gon call you tonight.", "I'm gonna call you tonight."]),
        ("I won't go anywhere.", "I ain't gon go anywhere."),
        ("Will you come to the party?", ["You gon come to the party?", "Are you gonna come to the party?"]),
        ("They say it will rain, so we will stay home.",
         ["They say it gon rain, so we gon stay home.", "They say it is gonna rain, so we gon stay home.",
          "They say it gon rain, so we are gonna stay home.",
          "They say it is gonna rain, so we are gonna stay home."]),
    ],
    negatives=[
        "By Friday, I will have finished the report.",
        "She has a strong will.",
        "I would go.",
        "He wills it to happen.",
    ],
)
def future_sub_gon(doc: Doc, index: DocIndex, form: str = "gon") -> Iterator[Site]:
    """Go-based future for *will*: *He gon build my house*, *I'm gon call you*, *I ain't gon
    go nowhere*, or *be gonna*. Questions drop or invert the auxiliary (*You gon come?* /
    *Are you gonna come?*). Not the future perfect. ``form`` picks the variety's marker: *gon*
    without *be* (the default), *be_gon* keeping *be* (*he's gon build*), *going* (*he is
    going to build*) or *gonna*."""
    for will, verb, subj in future_will(index):
        if will.i < subj.i and (negation_after(will) is not None or subj.left_edge.i != will.i + 1):
            continue  # negated questions ("Won't you come?") keep their auxiliary
        variants = _gon_variants(will, verb, subj, form)
        yield site(*variants[0], alternatives=tuple(variants[1:]))


# ---------------------------------------------------------------------------- 115 volition_changes
# Not implemented: the eWAVE forms are creole markers (*wan*, *laik*: *nobadi els wan de da
# kamp* 'nobody else will be at the camp', *em i laik go* 'he is about to go') that mark a
# plain future. Their English counterparts *want to / like to* mean volition, so rewriting
# *will* or *be about to* as *want/like* would change what the sentence says, and no SAE
# construction keeps the creole's sense in English words a parse could put in its place.


# ------------------------------------------------------------------------------- 116 come_future


# Verbs of motion that *coming to* would contradict or double (*I'm coming to go home*), and
# verbs that go on with what is already happening (*keep watching*, *continue*, *stay*),
# which cannot be about to begin.
COMING_CLASHES = frozenset({"go", "come", "leave", "arrive", "keep", "continue", "stay", "remain"})



@rule(
    "come_future",
    lemmas={"about", "go", "will"},
    examples=[
        ("I am about to cook your meal.", "I am coming to cook your meal."),
        ("She was about to leave when he called.", "She was coming to leave when he called."),
        ("Are they about to start the show?", "Are they coming to start the show?"),
        ("I'm going to cook your meal.", "I'm coming to cook your meal."),
        ("Wait here, we are going to bring the car.", "Wait here, we are coming to bring the car."),
        ("I am gonna call you back.", "I am coming to call you back."),
        ("Sit down, I'll cook your meal.", "Sit down, I'm coming to cook your meal."),
        ("We will bring the chairs.", "We are coming to bring the chairs."),
        ("Don't worry, I will be washing the dishes.", "Don't worry, I am coming to wash the dishes."),
        ("Wait, I will just grab my coat.", "Wait, I am just coming to grab my coat."),
        ("Hold on, we'll fix the sink.", "Hold on, we're coming to fix the sink."),
    ],
    negatives=[
        "She will cook your meal.",
        "I will probably cook tonight.",
        "We will move to Spain in ten years.",
        "I won't cook your meal.",
        "Will we cook the meal?",
        "I will be happy.",
        "I'm going to go home.",
        "We'll leave at six.",
        "We'll see.",
        "I am worried about the test.",
        "What is the book about?",
        "She is about five feet tall.",
        "I am not about to give up.",
        "She is going to cook dinner.",
        "I'm going to study law in three years.",
        "I was going to call you.",
        "I'm going to the market.",
        "If you help me, I will finish the report.",
        "Don't worry, we'll manage it somehow.",
        "I will keep reading the book.",
        "Our plan is that we are going to build a school.",
        "This is the road that we are going to repair.",
    ],
)
def come_future(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Come-based ingressive future: *I am coming to cook your meal* 'I am about to cook your
    meal'. For *be about to* + verb, and for the speaker's own near future *I am / we are
    going to* + verb (present tense, not set far off: *in three years*); another subject's
    *is coming to* would read as motion towards. The negated *not about to* ('unwilling') and
    motion *going to the market* are left alone. The speaker's own planned *will* (*I'll cook
    your meal* -> *I'm coming to cook your meal*) takes it too, with the limits of
    :func:`planned_will`. Not a verb of going on (*keep watching*), which cannot be about to
    begin, nor a *going to* that describes a plan (a relative clause, a clause under a negated
    or copular verb: :func:`described_plan`). Needs *be about to* or a speaker's own *I am / we are going to* or
    *I/we will*; the benchmark texts have none (no *about to* or *going to* at all; their
    futures are third-person *will*, whose *is coming to* would read as motion)."""
    for tok in index.lemma("about", "go"):
        if about_to(tok) is not None:
            if not clause_is_negated(tok.head):
                yield site(Replace(tok.i, "coming"))
            continue
        to = going_to(tok)
        if to is None or distant_time(tok) or clause_is_negated(tok) or to.head.lemma_.lower() in COMING_CLASHES:
            continue
        if described_plan(tok):
            continue
        subj = subject_of(tok)
        be = next((c for c in children(tok) if c.dep_ == "aux" and c.lemma_ == "be"), None)
        if subj is None or subj.lower_ not in ("i", "we") or be is None or be.tag_ == "VBD":
            continue
        if to.lower_ == "to":
            yield site(Replace(tok.i, "coming"))
        else:  # gon|na
            yield site(Replace(tok.i, "coming to"), Delete(to.i))
    for will in index.by_tag.get("MD", ()):
        planned = planned_will(will, index)
        if planned is None or planned[0].lemma_.lower() in COMING_CLASHES:
            continue
        if subject_of(planned[0]).lower_ in ("i", "we") and (
                ops := planned_will_ops(will, *planned, "coming to")):
            yield site(*ops)


# ----------------------------------------------------------------- 117 present_for_neutral_future

FUTURE_TIME_WORDS = wordlist("future_time_words")


def _has_future_adverbial(verb: Token) -> bool:
    """*tomorrow*, *tonight*, *soon*, *next week*, *on the coming Sunday* in the clause."""
    for tok in clause_tokens(verb):
        if tok.lower_ in FUTURE_TIME_WORDS and tok.dep_ in ("npadvmod", "advmod", "amod", "pobj", "tmod"):
            return True
    return False


def _future_progressives(index: DocIndex) -> Iterator[tuple[Token, Token, Token]]:
    """``(will, be, subject)`` of declarative future progressives (*she will be leaving*) with
    future time in the clause, or in its sentence or the one before."""
    for will in index.by_tag.get("MD", ()):
        if will.lemma_.lower() != "will" or will.lower_ not in WILL_FORMS or will.dep_ != "aux":
            continue
        verb = will.head
        bes = [c for c in children(verb) if c.dep_ == "aux" and c.lower_ == "be" and c.i > will.i]
        if verb.tag_ != "VBG" or not bes or any(c.lemma_ == "have" and c.dep_ == "aux"
                                                for c in children(verb)):
            continue
        subj = subject_of(verb)
        if subj is None or subj.i > will.i:
            continue
        if _has_future_adverbial(verb) or _future_in_context(index, will):
            yield will, bes[0], agreement_subject(subj)


def _future_in_context(index: DocIndex, tok: Token) -> bool:
    """A future time word (*tomorrow*, *next week*) in ``tok``'s sentence or the one before."""
    start = index.sentence_of[tok.i]
    first = index.sentence_of[start - 1] if start > 0 else start
    deps = ("npadvmod", "advmod", "amod", "pobj", "tmod")
    return any(index.words[i].lower() in FUTURE_TIME_WORDS and index.dep_of[i] in deps
               for i in range(first, index.sentence_end(tok.i)))


@rule(
    "present_for_neutral_future",
    lemmas={"will"},
    tags={"MD"},
    examples=[
        ("I will see you tomorrow.", "I see you tomorrow."),
        ("I think I will make a new dress next week.", "I think I make a new dress next week."),
        ("Will you come tomorrow?", "Do you come tomorrow?"),
        ("She won't be at home tonight.", "She isn't at home tonight."),
        ("I'll be there soon.", "I'm there soon."),
        ("He'll call you later, and we won't wait.", "He calls you later, and we won't wait."),
        ("She will be leaving tomorrow.", "She is leaving tomorrow."),
        ("We'll be staying at a hotel tonight.", "We're staying at a hotel tonight."),
        ("I'm away next week, so my sister will be watching the kids.",
         "I'm away next week, so my sister is watching the kids."),
        ("They won't be coming to the party next week.", "They aren't coming to the party next week."),
    ],
    negatives=[
        "They will be waiting for you.",
        "By then, he will have been waiting for hours.",
        "It will rain.",
        "I will have finished by tomorrow.",
        "Will you help me?",
        "Tomorrow I would go.",
        "Won't you stay for dinner tonight?",
    ],
)
def present_for_neutral_future(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple present for neutral future reference: *I see you tomorrow*, *Do you come
    tomorrow?*, *She isn't at home tonight*. The present agrees with the subject; questions and
    negation take *do*; *will be* becomes *am/is/are*, also before a progressive (*she is
    leaving tomorrow*). Only where the clause has a future time adverbial, so that the present
    keeps its future meaning; a future progressive (an arrangement) may take it from its
    sentence or the one before (*I'm away next week, so my sister is watching the kids*)."""
    for will, be_aux, subj in _future_progressives(index):
        neg = negation_after(will)
        be = be_replacing(will, subj, past=False)
        yield site(Replace(will.i, be), *no_amnt(be, neg), Delete(be_aux.i))
    for will, verb, subj in future_will(index):
        if not _has_future_adverbial(verb):
            continue
        neg = negation_after(will)
        lemma = verb.lemma_.lower()
        if lemma == "be":
            be = be_replacing(will, agreement_subject(subj), past=False)
            yield site(Replace(will.i, be), *no_amnt(be, neg), Delete(verb.i))
            continue
        if any(c.dep_ in ("aux", "auxpass") and c.i != will.i for c in children(verb)):
            continue
        if neg is not None and will.i < subj.i:
            continue  # "Won't you stay?" is an invitation, "Don't you stay?" is not
        subj = agreement_subject(subj)
        if neg is not None or will.i < subj.i:
            yield site(Replace(will.i, do_form(subj, past=False)))
            continue
        present = present_form(lemma, subj)
        if present:
            yield site(Delete(will.i), Replace(verb.i, present))


# ---------------------------------------------------------------------------------- 118 is_am_1s


def _first_person_am(be: Token) -> bool:
    """*am* (or its clitic) whose subject is *I*."""
    if be.lemma_.lower() != "be":
        return False
    subj = subject_of(be if be.dep_ not in ("aux", "auxpass") else be.head)
    return subj is not None and subj.lower_ == "i"


substitution_rule(
    "is_am_1s",
    {"am": "is", "'m": "'s", "’m": "’s"},
    where=_first_person_am,
    doc="""*is* for *am* with the first person singular: *I is going to town*, *I's not sure*.""",
    lemmas={"be"},
    examples=[
        ("I am going to town.", "I is going to town."),
        ("I'm not sure.", "I's not sure."),
        ("Am I late?", "Is I late?"),
        ("She said that I am her best friend, and I'm proud of it.",
         "She said that I is her best friend, and I's proud of it."),
    ],
    negatives=[
        "You are late.",
        "He is tall.",
        "I was late.",
        "I have been there.",
    ],
)


# ----------------------------------------------------------------------------------- 120 if_would

COUNTERFACTUAL_MODALS = frozenset({"would", "could", "might", "'d", "’d"})


def _conditional_clause(verb: Token) -> bool:
    """``verb`` heads an *if*-clause whose main clause has *would/could/might*."""
    if verb.dep_ != "advcl" or not any(c.dep_ == "mark" and c.lower_ == "if" for c in children(verb)):
        return False
    return any(c.dep_ == "aux" and c.lower_ in COUNTERFACTUAL_MODALS for c in children(verb.head))


@rule(
    "if_would",
    lemmas={"if"},
    examples=[
        ("If I were you, I would go.", "If I would be you, I would go."),
        ("If it rained, we would stay home.", "If it would rain, we would stay home."),
        ("If I had known, I would have come.", "If I would have known, I would have come."),
        ("If he didn't call, she would worry.", "If he wouldn't call, she would worry."),
        ("What would you do if you won the lottery?", "What would you do if you would win the lottery?"),
        ("If the bus weren't so slow, I could walk less.", "If the bus wouldn't be so slow, I could walk less."),
        ("Would We Survive If The Oceans Dried Up?", "Would We Survive If The Oceans Would Dry Up?"),
    ],
    negatives=[
        "If it rains, we will stay home.",
        "I wonder if he knew.",
        "If he was there, he saw it.",
        "If I were you.",
        "If we were to leave now, we could catch the train.",
    ],
)
def if_would(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*would* in hypothetical *if*-clauses: *If I would be you*, *if it would rain, we would
    stay home*, *if I would have known*. Only where the main clause has *would/could/might*;
    *did* becomes *would*, *had* + participle becomes *would have*. Needs a hypothetical
    *if*-clause; the benchmark texts have none (their *if* asks an indirect question, *asked
    her if that was acceptable*, where *would* would change what is asked)."""
    for verb in index.tag("VBD", "VBN", "VB"):
        if not _conditional_clause(verb):
            continue
        subj = subject_of(verb)
        if subj is None or subj.i > verb.i:
            continue
        auxes = [c for c in children(verb) if c.dep_ in ("aux", "auxpass")]
        if verb.tag_ == "VBD" and not auxes:
            if verb.lemma_ == "be" and any(c.dep_ == "xcomp" and any(
                    a.dep_ == "aux" and a.lower_ == "to" for a in children(c)) for c in children(verb)):
                continue  # *if they were to share*: were to is the hypothetical already
            base = inflect_verb(lemma_of(verb), "VB")
            if not base:
                continue
            neg = negation_after(verb)
            if verb.lemma_ == "be" and neg is not None:  # *if it weren't for* -> *wouldn't be*
                yield site(Replace(verb.i, "would"), Insert(neg.i, "be", after=True))
                continue
            at = preverbal_start(verb, subj)
            if lexically_capitalised(verb):  # a title: *If The Earth Suddenly Disappeared*
                yield site(Insert(at, "Would"), Replace(verb.i, base.capitalize()))
            else:
                yield site(Insert(at, "would"), Replace(verb.i, base))
            continue
        if not auxes or auxes[0].tag_ != "VBD":
            continue
        first = auxes[0]
        if first.lemma_ == "do" and verb.tag_ == "VB":
            yield site(Replace(first.i, "would"))
        elif first.lemma_ == "have" and not is_clitic(first):
            yield site(Insert(first.i, "would"), Replace(first.i, "have"))
        elif first.lemma_ == "be":  # "if I was told", "if it were raining"
            yield site(Insert(first.i, "would"), Replace(first.i, "be"))
