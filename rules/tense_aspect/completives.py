"""Completive and perfect markers (eWAVE 104-110): *done*, *have done*, *be done*, *slam*,
*ever*, *already* and *finish*."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Op, Replace, Site, site
from multivalue_cli.engine.morphology import (
    BE_PAST, agreement_subject, be_replacing, inflect_verb, lemma_of, person_shown,
    possessive_compound_adjective, possessive_participle_object,
)
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    EMBEDDED_CLAUSE_DEPS, RECENT_ADVERBS, children, in_comparison, measure_predicate, negation_after,
    negative_noun_phrase, questioned_clause, rate_or_frequency, subject_of,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    NON_RESULTATIVE_VERBS, NOT_COMPLETABLE, STATIVE_VERBS, WILL_FORMS, Perfect, asks_how_long,
    clause_end, comma_phrase_in, experiential_cue, final_vocative_comma, find_perfects, finite_verb_after,
    has_duration, in_temporal_clause, measures_degree, participle_ops, phrase_end, preverbal_start,
    shares_auxiliary, span_up_to_now, two_nominal_subjects, under_negated_verb,
)


EXPERIENTIAL_ADVERBS = frozenset({"ever", "never", "yet", "rarely", "seldom", "before", "often"})
CONTINUING = frozenset({"just", "again", "always", "still", "constantly", "forever", "usually"})


def _superlative_relative(verb: Token) -> bool:
    """*the best concert I have been to*, *the first film I have seen*: experiential."""
    if verb.dep_ != "relcl":
        return False
    return any(c.tag_ == "JJS" or c.lower_ in ("only", "first", "last") for c in children(verb.head))


# Where _completive_perfects keeps its choice for a document: positions in find_perfects.
_COMPLETIVE_KEY = "multivalue.tense_aspect.completive_perfects"


def _completive_perfects(index: DocIndex) -> list[Perfect]:
    """Present perfects in statements, active and not progressive, of an action with a
    result: *he has finished it*. Not continuative (*for/since*), experiential (*ever, never,
    before*, superlative relatives), copular *been* or possessive *have got*. Chosen once per
    document (four rules ask)."""
    perfects = find_perfects(index)
    user_data = index.doc.user_data
    chosen = user_data.get(_COMPLETIVE_KEY)
    if chosen is None:
        chosen = user_data[_COMPLETIVE_KEY] = [k for k, p in enumerate(perfects) if _is_completive(p)]
    return [perfects[k] for k in chosen]


def _is_completive(p: Perfect) -> bool:
    if p.past or not p.affirmative_declarative or p.progressive or p.passive or p.copular:
        return False
    if p.verb.lower_ == "got" or p.verb.lemma_ == "have" or has_duration(p.verb) \
            or _superlative_relative(p.verb) or is_habitual(p.verb):
        return False
    return not any(c.dep_ in ("advmod", "neg") and c.lower_ in EXPERIENTIAL_ADVERBS
                   for c in children(p.verb))


# Adverbs of frequency: *has always felt*, *have usually finished* are habits or states, not
# a completed event.
HABITUAL_ADVERBS = frozenset(
    "always usually often sometimes generally normally constantly frequently repeatedly "
    "regularly occasionally typically habitually".split())


def is_habitual(verb: Token) -> bool:
    """A clause of repeated or generic events: a frequency adverb (*always*, *usually*), or a
    *whenever* clause it heads or that modifies it (*whenever he has eaten, he sleeps*)."""
    if any(c.dep_ == "advmod" and c.lower_ in HABITUAL_ADVERBS for c in children(verb)):
        return True
    clauses = [verb, *(c for c in children(verb) if c.dep_ == "advcl")]
    return any(c.lower_ == "whenever" and c.dep_ in ("advmod", "mark")
               for clause in clauses for c in children(clause))


@rule(
    "completive_done",
    tags={"VBN", "VBD"},
    examples=[
        ("He has finished it.", "He done finished it."),
        ("You have eaten what I sent you.", ["You done eaten what I sent you.", "You done ate what I sent you."]),
        ("I think she's already left the house.", "I think she done already left the house."),
        ("They've seen it all.", ["They done seen it all.", "They done saw it all."]),
        ("My uncle has sold his farm.", ["My uncle done sold his farm.", "My uncle done sold his farm."]),
        ("We have painted the fence white.", ["We done painted the fence white."]),
        ("The kids have broken the window, so we called their parents.",
         ["The kids done broken the window, so we called their parents.",
          "The kids done broke the window, so we called their parents."]),
    ],
    negatives=[
        "Have you finished it?",
        "He hasn't finished it.",
        "Once he's done cooking, we eat.",
        "The house has been sold.",
        "I have lived here for years.",
        "She had left.",
        "He's gone.",
        "She has always felt that it was wrong.",
        "Whenever the boss has left, the workers relax.",
        "He has often helped us.",
        "They have sometimes visited us.",
    ],
)
def completive_done(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Completive *done* for the present perfect: *He done finished it*, *you done ate*. The
    verb keeps its participle or takes the past form, both attested. Statements only; not
    passives, progressives, continuative (*for/since*) or experiential (*ever/never*) perfects,
    and not a clitic *'s* that may be *is*."""
    for p in _completive_perfects(index):
        if p.have.lower_ in ("'s", "’s") and p.subj.tag_ != "PRP":
            continue
        if p.have.lower_ in ("'s", "’s") and not any(c.dep_ == "dobj" for c in children(p.verb)) \
                and p.have.dep_ != "aux":
            continue
        past = participle_ops(p, "VBD")
        ops = [Replace(p.have.i, "done")]
        alternatives = ((*ops, *past),) if past else ()
        # the participle must stay next to *done*: no second *done* before it (have_done)
        yield site(*ops, alternatives=alternatives, keep=(p.verb.i,))


@rule(
    "completive_have_done",
    tags={"VBN", "VBD"},
    examples=[
        ("I have eaten.", ["I have done eaten.", "I am done eaten."]),
        ("He has gone home.", ["He has done gone home.", "He is done gone home."]),
        ("They've already finished the job, so we can leave.",
         ["They've already done finished the job, so we can leave.",
          "They're already done finished the job, so we can leave."]),
        ("Politics has changed a lot.",
         ["Politics has done changed a lot.", "Politics is done changed a lot."]),
        ("The police have caught the thief.",
         ["The police have done caught the thief.", "The police are done caught the thief."]),
        ("I've sold the car.", ["I've done sold the car.", "I'm done sold the car."]),
    ],
    negatives=[
        "Have you eaten?",
        "I haven't eaten.",
        "The cake has been eaten.",
        "I have been waiting.",
        "We have known them since 2010.",
        "She has always felt at home here.",
        "Whenever he has eaten, he falls asleep.",
        "They have usually finished by noon.",
    ],
)
def completive_have_done(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Completive *have/be + done + participle*: *I have done eaten*, *he is done gone*. Both
    auxiliaries are attested; *be* agrees with the subject. Same contexts as *done* (104)."""
    for p in _completive_perfects(index):
        if p.have.lower_ in ("'s", "’s", "'d", "’d") or p.copular:
            continue
        done = Insert(p.verb.i, "done")
        be = be_replacing(p.have, agreement_subject(p.subj), past=False)
        yield site(done, alternatives=((Replace(p.have.i, be), done),))


@rule(
    "irrealis_be_done",
    lemmas={"will"},
    tags={"MD"},
    examples=[
        ("By the time you get here, my baby will have eaten.",
         ["By the time you get here, my baby be done eaten.",
          "By the time you get here, my baby be done ate."]),
        ("If you love your enemies, they will eat you alive.",
         ["If you love your enemies, they be done eat you alive.",
          "If you love your enemies, they be done ate you alive."]),
        ("I'll have finished the report by Friday.",
         "I be done finished the report by Friday."),
        ("If the dog finds the cake, he will eat it all.",
         ["If the dog finds the cake, he be done eat it all.",
          "If the dog finds the cake, he be done ate it all."]),
        ("If you touch that wire, it will burn your hand.",
         ["If you touch that wire, it be done burn your hand.",
          "If you touch that wire, it be done burnt your hand.",
          "If you touch that wire, it be done burned your hand."]),
    ],
    negatives=[
        "They will eat you alive.",
        "Will you have finished by Friday?",
        "If you come, I won't leave.",
        "If you love them, will they love you?",
        "If it rains, the game will be cancelled.",
        "If prices rise, which of these firms will lose customers?",
        "What will the farmer plant if it rains in May?",
        "what will happen to the ice if the sun comes out",
        "who will pay the bill if the company closes",
        "If you open the window, you will hear the birds.",
        "If you turn left, you'll notice a red door.",
        "If she saves every week, she will have enough money.",
        "If we leave now, the drive will take three hours.",
        "If she keeps this diet, she will lose two kilos a month.",
        "If you water it, the plant will grow an inch per week.",
    ],
)
def irrealis_be_done(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*be done* of a future or conditional result: *my baby be done ate by the time you get
    here*, *if you love your enemies, they be done eat you alive*. For the future perfect
    (*will have eaten*) and for *will* in the main clause of an *if*-clause. Statements only;
    not passives or copular *be*, nor a measure (*it will take 50 minutes*:
    :func:`measure_predicate`) or a rate (*he'll lose a pound a week*:
    :func:`rate_or_frequency`), which has no completion. Needs a future perfect or a conditional *will*; the
    benchmark texts have neither (their *will* is a plain future without an *if*-clause)."""
    for will in index.by_tag.get("MD", ()):
        if will.lemma_.lower() != "will" or will.lower_ not in WILL_FORMS or will.dep_ != "aux":
            continue
        verb = will.head
        subj = subject_of(verb)
        if subj is None or subj.i > will.i or negation_after(will) is not None:
            continue
        if index.in_question(will.i) or subj.tag_ in ("WP", "WDT") or any(
                t.tag_ in ("WP", "WDT", "WP$") for t in subj.subtree):
            continue  # *which of these will increase ...?*, *what will happen if ...*: asks, states no result
        if verb.lemma_ in NOT_COMPLETABLE:
            continue  # a state has no completion (*he will have 60 marbles*, *you'll need to wait*)
        if any(c.dep_ == "auxpass" for c in children(verb)) or verb.lemma_ == "be":
            continue
        if measure_predicate(verb) or rate_or_frequency(verb):
            continue  # "it will take 50 minutes", "he'll lose a pound a week": no completed result
        haves = [c for c in children(verb) if c.dep_ == "aux" and c.lemma_ == "have"]
        if not haves and verb.lemma_.lower() in PERCEPTION_VERBS:
            continue  # "if you look, you'll see a graph": perceived as the condition holds, no sequence
        # *will have eaten* (a future perfect), or *will eat* with an if-clause stating the condition
        if not (haves and verb.tag_ == "VBN" or verb.tag_ == "VB" and not haves and _has_if_clause(verb)):
            continue
        ops: list[Op] = ([Replace(will.i, "be"), Replace(haves[0].i, "done")] if haves
                         else [Replace(will.i, "be done")])
        past = inflect_verb(lemma_of(verb), "VBD")
        alternatives = ((*ops, Replace(verb.i, past)),) if past and past != verb.lower_ else ()
        yield site(*ops, alternatives=alternatives)


# Verbs of perception: what *will* perceive under a condition is perceived while it holds
# (*if you look up, you'll see the moon*), not a result that follows its completion.
PERCEPTION_VERBS = frozenset({"see", "hear", "feel", "smell", "taste", "notice"})


def _has_if_clause(verb: Token) -> bool:
    return any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "if" for m in children(c))
               for c in children(verb))


def _only_subject(p: Perfect) -> bool:
    """*Only the dead have seen ...*, *only two climbers have reached it*: a subject limited by
    *only* says who has had the experience, not that an event is complete."""
    return any(t.lower_ == "only" and t.dep_ == "advmod" for t in p.subj.subtree) or any(
        c.lower_ == "only" and c.dep_ == "advmod" and c.i < p.subj.i for c in children(p.verb))


@rule(
    "perfect_slam",
    tags={"VBN", "VBD"},
    examples=[
        ("I have told you not to mess up.", "I slam told you not to mess up."),
        ("She's eaten all the cake.", "She slam ate all the cake."),
        ("We have finished the job, and now we can go home.",
         "We slam finished the job, and now we can go home."),
        ("The kids have broken the lamp.", "The kids slam broke the lamp."),
    ],
    negatives=[
        "Have you told him?",
        "I haven't told you.",
        "He has been fired.",
        "I have lived here since 2010.",
        "He had told me.",
        "Rents have risen steadily over the past decade.",
        "My grandparents have lived a quiet life.",
        "Only a few people have seen the far side of the moon.",
    ],
)
def perfect_slam(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Completive *slam* before a past form for the present perfect: *I slam told you not to
    mess up*. Same contexts as completive *done* (104)."""
    for p in _completive_perfects(index):
        if p.copular or p.have.lower_ in ("'d", "’d"):
            continue
        if p.verb.lemma_ in STATIVE_VERBS | CONTINUATIVE_VERBS:
            continue  # "has lived a simple life", "has worked hard": a state or a way of living
        if possessive_compound_adjective(p.verb):
            continue  # "has built in pockets": possessive have and a hyphenated adjective
        if span_up_to_now(p.verb) or measures_degree(p.verb) or _only_subject(p):
            continue  # "has gone up over the last years", "only the dead have seen it": no completion
        if p.have.lower_ in ("'s", "’s") and p.have.dep_ != "aux" and not any(
                c.dep_ == "dobj" for c in children(p.verb)):
            continue
        past = participle_ops(p, "VBD")
        if past is not None:
            yield site(Replace(p.have.i, "slam"), *past)


EXPERIENCE_VERBS = wordlist("experience_verbs")
# Verbs whose perfect spans a time (*has lived a simple life*, *has worked hard*): no completion.
CONTINUATIVE_VERBS = wordlist("continuative_verbs")
# How often something has happened: *once, twice, three times, many times*.
COUNT_ADVERBS = frozenset({"once", "twice", "thrice"})
# Cues of a recent or completed result, or of a state up to now: not an experience.
RESULT_ADVERBS = frozenset({"already", "just", "yet", "now", "finally", "recently", "lately",
                            "still", "since", "again"})


def _counts_occasions(verb: Token) -> bool:
    """*once*, *twice*, *three times*, *many times*: the perfect counts experiences."""
    for child in children(verb):
        if child.lower_ in COUNT_ADVERBS and child.dep_ in ("advmod", "npadvmod"):
            return True
        if child.dep_ == "npadvmod" and child.lemma_.lower() == "time" and child.tag_ == "NNS":
            return True
    return False


def _plain_experiential(p: Perfect) -> bool:
    """A present perfect that reports an experience without *ever/before*: a count of
    occasions (*has visited Japan twice*), or a verb of experience (*I have seen the movie*,
    *have you tried durian?*) in a main clause with no cue of a result or a lasting state
    (*already, just, yet, recently*, *for/since*, *always*)."""
    if any(c.lower_ in RESULT_ADVERBS and c.dep_ in ("advmod", "prep", "mark") or c.dep_ == "neg"
           for c in children(p.verb)):
        return False  # (*has never dated* denies the experience: not this marker)
    if has_duration(p.verb) or is_habitual(p.verb):
        return False
    if _counts_occasions(p.verb):
        return True
    if p.copular:  # *I have been to Japan*
        return any(c.dep_ == "prep" and c.lower_ == "to" for c in children(p.verb))
    return p.verb.lemma_.lower() in EXPERIENCE_VERBS and p.verb.dep_ in ("ROOT", "ccomp", "conj")


@rule(
    "present_perfect_ever",
    tags={"VBN", "VBD"},
    examples=[
        ("Have you ever eaten durian?", "You ever eat durian?"),
        ("I have seen the movie before.", "I ever see the movie before."),
        ("Has she ever been to Japan?", "She ever go to Japan?"),
        ("My father has ridden a camel before, but I haven't.",
         "My father ever ride a camel before, but I haven't."),
        ("I have seen the movie.", "I ever see the movie."),
        ("She has visited Paris twice.", "She ever visit Paris twice."),
        ("Have you tried the new restaurant?", "You ever try the new restaurant?"),
        ("We have met your brother, and he is nice.", "We ever meet your brother, and he is nice."),
        ("He has fixed cars many times.", "He ever fix cars many times."),
        ("I have been to Japan.", "I ever go to Japan."),
    ],
    negatives=[
        "I have just seen the movie.",
        "She has already eaten.",
        "He has finished his homework.",
        "We have recently visited them.",
        "The people who have seen it love it.",
        "I have worked here for ten years.",
        "My friend has never dated a woman.",
        "I haven't ever seen it.",
        "Have you finished?",
        "Had you ever eaten durian?",
        "Has the house ever been painted?",
        "What have you ever done?",
    ],
)
def present_perfect_ever(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*ever* + bare verb as experiential perfect: *You ever eat durian?*, *I ever see the
    movie before*, *I ever see the movie* 'I have seen the movie'. For present perfects with
    *ever* or *before*, and plain experiential ones (a count of occasions, or a verb of
    experience with no cue of a result: see :func:`_plain_experiential`): *have* goes (also in
    yes/no questions, which keep only their question mark), the verb is bare, *ever* stands
    before it; *been to* becomes *go to*. Not negated, passive or progressive perfects, nor
    wh-questions."""
    for p in find_perfects(index):
        if p.past or p.neg is not None or p.passive or p.progressive or shares_auxiliary(p.verb):
            continue
        cue = experiential_cue(p.verb)
        if cue is None and not _plain_experiential(p):
            continue
        if _superlative_relative(p.verb) or p.verb.lemma_ == "have":
            continue
        if p.inverted and (p.have.i != p.subj.left_edge.i - 1 or
                           any(index.tag_of[t] in ("WP", "WRB", "WDT")
                               for t in range(index.sentence_of[p.have.i], p.have.i))):
            continue
        if p.copular:
            to = [c for c in children(p.verb) if c.dep_ == "prep" and c.lower_ == "to"]
            if not to:
                continue
            base = "go"
        else:
            base = inflect_verb(lemma_of(p.verb), "VB")
        if not base:
            continue
        ops: list[Op] = [Delete(p.have.i), Replace(p.verb.i, base)]
        if cue is None or cue.lower_ != "ever":
            ops.insert(1, Insert(preverbal_start(p.verb, p.subj), "ever"))
        yield site(*sorted(ops, key=lambda op: op.i))


# --------------------------------------------------------------------------- 109 perfect_already


def _already_site(p: Perfect, base_tag: str, marker: str) -> list[Op] | None:
    """Ops that drop *have*, put the verb in ``base_tag`` and add clause-final ``marker``."""
    end = clause_end(p.verb)
    comma = final_vocative_comma(p.verb, end) if end is not None else None
    if comma is not None:
        end = comma.i - 1  # "did you make a reservation already, ladies?"
    if end is None or finite_verb_after(end, p.verb) or comma_phrase_in(p.verb, end):
        return None  # a run-on's next clause, an appositive or vocative: the marker would land there
    forms = participle_ops(p, base_tag)
    if forms is None or shares_auxiliary(p.verb):
        return None
    ops: list[Op] = [Delete(p.have.i), *forms]
    for child in children(p.verb):
        if child.dep_ == "advmod" and child.lower_ in ("already", "yet"):
            if child.i == end:
                return [op for op in ops] + [Replace(child.i, marker)]
            ops.append(Delete(child.i))
    ops.append(Insert(end, marker, after=True))
    return sorted(ops, key=lambda op: op.i)


@rule(
    "perfect_already",
    tags={"VBN", "VBD"},
    examples=[
        ("I have eaten.", "I ate already."), ("Have you eaten yet?", "Did you eat already?"),
        ("She's finished her homework, so she can play.", "She finished her homework already, so she can play."),
        ("The twins have painted their room, so it smells.", "The twins painted their room already, so it smells."),
        ("My sister has lost her keys, so she is late.", "My sister lost her keys already, so she is late."),
        ("We have booked the hotel.", "We booked the hotel already."), ("Have you been there?", "Were you there already?"),
        ("Have you washed it?", "Did you wash it already?"), ("We have already paid the bill.", "We paid the bill already."),
        ("I think our neighbours have sold their car.", "I think our neighbours sold their car already."),
        ("How many letters have you written?", "How many letters did you write already?"),
        ("She has bought apples, pears and plums.", "She bought apples, pears and plums already."),
        ("Have you finished the report, boss?", "Did you finish the report already, boss?"),
        ("Which of your cousins have been here?", "Which of your cousins were here already?"),
    ],
    negatives=[
        "I haven't eaten yet.", "I have lived here for years.", "I have told him that she left.", "He had eaten.",
        "She has just finished her essay.", "They have recently moved to Leeds.", "Has she finished it now?",
        "Which of them has had a cold recently?", "He has owned that car.", "The soup has been cold.",
        "The patient has had reduced hearing.", "She has always been kind to her neighbours.",
        "Have you ever been to Paris?", "The house has been sold.", "Tell me when you're finished reading.",
        "We have bought a cottage in a village where the air is clean.", "My cousin has grown a lot.",
        "The committee has ranked the bids in order of:", "Prices have risen over the past ten years.",
        "Once the guests have left, we can clean up.", "I don't believe they have sold the house.",
        "You have ruined the party, Jack.", "My cousin has picked ten more apples than his sister.",
        "How many Legos has Lisa bought?", "there has been a mix up sam is actually my cousin",
        "The shop has sold no bread.",
    ],
)
def perfect_already(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Clause-final *already* as perfect marker, with the simple past: *I ate already*, *Did
    you eat already?*, *Were you there already?*. Questions take *did* (or *was/were* for
    *been*); a *yet* or preverbal *already* becomes the final *already*. Not negated,
    continuative, experiential, passive or progressive perfects, nor where a clause follows
    the verb (the marker would land in it). *already* marks an event completed by now: not after
    *recently/just/now/today*, nor on a lasting state (*have known*, *has been ill*, *has had X*)."""
    for p in find_perfects(index):
        if p.past or p.neg is not None or p.passive or p.progressive or has_duration(p.verb):
            continue
        if any(c.dep_ in ("advmod", "neg") and c.lower_ in (EXPERIENTIAL_ADVERBS - {"yet"}) | CONTINUING
               for c in children(p.verb)):
            continue  # experiential, iterated or continuing states (*has always been faithful*)
        if p.verb.dep_ == "relcl" or asks_how_long(p.verb) or p.verb.lower_ == "got":
            continue  # relatives and "how long" are not completive
        if two_nominal_subjects(p.verb) or in_comparison(p.verb) or under_negated_verb(p.verb):
            continue  # a misparsed question, an amount compared, a negation raised from the complement
        if span_up_to_now(p.verb) or measures_degree(p.verb) or in_temporal_clause(p.verb):
            continue  # a period summed up, a degree of change, an event that times another
        if any(c.dep_ in ("advmod", "npadvmod") and c.lower_ in RECENT_ADVERBS
               and c.doc[c.i + 1: c.i + 2].text != "," for c in children(p.verb)):
            continue  # "has had ... recently", "have graduated now" (not "Now, ..."): its time is told
        if any(c.dep_ in ("dobj", "nsubj") and negative_noun_phrase(c) for c in children(p.verb)):
            continue  # "has received no money": no event that is completed
        if p.verb.lemma_.lower() in STATIVE_VERBS or p.copular and any(c.dep_ == "acomp" for c in children(p.verb)) \
                or possessive_participle_object(p.verb) or possessive_compound_adjective(p.verb):
            continue  # "have known her", "has been ill", "has had decreased appetite": a state goes on
        if p.copular and p.inverted and any(index.tag_of[t] in ("WRB", "WP")
                                            for t in index.subtree_positions(p.verb.i)):
            continue  # "Where have you been?" asks for a place, not completion
        if p.copular:
            if any(c.dep_ == "prep" and c.lower_ == "to" for c in children(p.verb)):
                continue
            ops = _already_site(p, "VBN", "already")
            if ops is not None:
                ops = [op for op in ops if not (isinstance(op, Delete) and op.i == p.have.i)]
                ops = [Replace(p.have.i, BE_PAST[person_shown(p.have, p.subj)]), Delete(p.verb.i),
                       *[op for op in ops if getattr(op, "i", None) != p.verb.i]]
                yield site(*sorted(ops, key=lambda op: op.i))
            continue
        if p.inverted:
            ops = _already_site(p, "VB", "already")
            if ops is not None:
                ops = [Replace(p.have.i, "did") if isinstance(op, Delete) and op.i == p.have.i else op
                       for op in ops]
                yield site(*ops)
        else:
            ops = _already_site(p, "VBD", "already")
            if ops is not None:
                yield site(*ops)


DISTRIBUTIVE_DETERMINERS = frozenset({"every", "each"})


def _distributive_object(verb: Token) -> bool:
    """An object or prepositional object quantified by *every/each* (*visited each of her
    cousins*): one event per member, which *finish* would present as one finished task."""
    for child in children(verb):
        nouns = [child] if child.dep_ == "dobj" else [
            g for g in children(child) if g.dep_ == "pobj"] if child.dep_ == "prep" else []
        for noun in nouns:
            if noun.lower_ in DISTRIBUTIVE_DETERMINERS or noun.lower_ in ("everyone", "everybody") \
                    or any(c.dep_ == "det" and c.lower_ in DISTRIBUTIVE_DETERMINERS
                           for c in children(noun)):
                return True
    return False


TIME_NOUNS = wordlist("time_nouns")
QUOTES = frozenset({'"', "“", "”", "'", "‘", "’", "``", "''"})


# Adverbs of direction, which complete a verb of motion (*brought the dress back*).
DIRECTIONAL_ADVERBS = frozenset(
    "back home away out up down off in over around along aside apart together".split())


def _adverbial(child: Token) -> bool:
    """A modifier of time, degree, frequency or manner after the verb (*here lately*, *a
    little*, *at the right time*, *over the years*), which the verb phrase ends before; not
    an adverb of direction (*brought the dress back*), which belongs to it."""
    if child.dep_ in ("advmod", "npadvmod", "tmod"):
        return child.lower_ not in DIRECTIONAL_ADVERBS
    if child.dep_ != "prep":
        return False
    objs = [c for c in children(child) if c.dep_ == "pobj"]
    return bool(objs) and (objs[0].lemma_.lower() in TIME_NOUNS or objs[0].lower_ in TIME_NOUNS
                           or objs[0].ent_type_ in ("DATE", "TIME"))


def finish_position(verb: Token) -> int | None:
    """The last token of the verb phrase ``verb`` heads, where completive *finish* follows it
    (*wakum gaden ... finis*: verb, object, marker): after the particle, the objects and the
    complements, before the adverbials of time, degree or manner that follow (*we buy the flat
    finish at the right time*) and before a following clause. None where the phrase holds a
    clause of its own (an object with a relative clause, a complement clause) or a quotation,
    whose end the marker would land in."""
    last = phrase_end(verb, _adverbial)
    if last is None:
        return None
    whole = phrase_end(verb, lambda child: False)
    if whole is not None and whole.dep_ == "prep" and not any(
            c.dep_ in ("pobj", "pcomp") for c in children(whole)):
        return None  # "... on the order of: (a list)": the phrase goes on past the punctuation
    span = verb.doc[verb.i + 1: last.i + 1]
    if any(t.dep_ in EMBEDDED_CLAUSE_DEPS and t.pos_ in ("VERB", "AUX") or t.lower_ in QUOTES
           for t in span):
        return None
    return last.i


# Achievements: verbs of a change that takes a moment, with no process leading up to it that
# could be finished (SAE has no *finished finding/reaching/arriving*), and verbs of a gradual
# change with no end point (*finished soaring*): *finish* marks the completion of an activity.
ACHIEVEMENT_VERBS = frozenset(
    "find reach arrive die happen occur notice realize realise recognize recognise spot "
    "receive win lose miss leave come go start begin stop quit end decide forget mention "
    "promise hit reveal discover achieve join appear disappear vanish fail succeed "
    "rise soar climb fall drop increase decrease grow shrink decline improve worsen".split())


@rule(
    "completive_finish",
    tags={"VBN", "VBD"},
    examples=[
        ("I have completed my work in the garden.", "I complete my work in the garden finish."),
        ("They've eaten.", "They eat finish."),
        ("She has washed the dishes, so we can go.", "She wash the dishes finish, so we can go."),
        ("We have eaten all the cake.", "We eat all the cake finish."),
        ("My mother has cooked dinner.", "My mother cook dinner finish."),
        ("The workers have built the new bridge.", "The workers build the new bridge finish."),
        ("The kids have cleaned their room this morning.",
         "The kids clean their room finish this morning."),
        ("I have read the whole book in one night.", "I read the whole book finish in one night."),
        ("They have brought the chairs back.", "They bring the chairs back finish."),
    ],
    negatives=[
        "Have you eaten?",
        "I haven't eaten.",
        "I have known her for years.",
        "He has been fired.",
        "I have told him that she left.",
        "He has always cooked dinner.",
        "Whenever she has eaten, she sleeps.",
        "He has cheated on every one of his partners.",
        "She has visited each of her cousins.",
        "They have usually washed the car.",
        "The price of bread has risen a lot.",
        "Sales have grown over the past five years.",
        "The old bridge has stood there to this day.",
        "She has painted the pictures that hang in the hall.",
        'He has written the words "good luck" on the card.',
        "How many more books does the library have compared to the school?",
        "They have lived a quiet life.",
        "She has received no letters this week.",
        "I've washed my car only twice.",
        "Our neighbours have worked very hard.",
        "My aunt has found her keys.",
        "The train has arrived at the station.",
        "How many apples has the farmer picked?",
        "Tom has scored ten points more than his brother.",
        "The puppy has spotted fur.",
        "This jacket has built in gloves.",
        "The committee has ranked the four proposals by cost in the order of:",
        "He also has had increased thirst for a week.",
    ],
)
def completive_finish(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Clause-final completive *finish* with a bare verb, the English form of the
    contact-variety marker (*wakum gaden ... finis* 'I have completed my work in the garden';
    colloquial Malaysian and Singapore English *I eat finish*): *I complete my work finish*.
    The bare verb is invariant, as in those varieties. *finish* closes the verb phrase
    (:func:`finish_position`): after the object and complements, before adverbials of time
    or degree; not where the phrase ends inside a relative clause or a quotation. Not a
    perfect that sums up a period up to now (*over the last years*, *lately*, *to this day*:
    :func:`span_up_to_now`) or measures a gradual change (*has matured a little*:
    :func:`measures_degree`), which has no end to finish. Statements of action verbs only (no
    states, *be*, *have*), not passives, progressives, continuative or experiential perfects.
    Not achievements (:data:`ACHIEVEMENT_VERBS`: *has found his job*, *has arrived*), which
    take a moment and have no process to finish, nor a perfect compared with another amount
    (*5 more than Stan*, *as many as she has caught*: :func:`in_comparison`), one that its
    question asks (*how many has Stan caught?*: :func:`questioned_clause`), or possessive
    *have* before a participial adjective (*has attached earlobes*:
    :func:`possessive_participle_object`).
    Needs a present perfect of a completed action; the benchmark texts have none (their
    present perfects are experiential, *has never dated anyone*, continuative or copular, and
    their completed actions are past perfects, whose past the bare verb would lose)."""
    for p in _completive_perfects(index):
        if p.copular or p.verb.lemma_ in NOT_COMPLETABLE | NON_RESULTATIVE_VERBS | {"finish"}:
            continue
        if p.verb.dep_ == "relcl" or any(index.tag_of[t] in ("WDT", "WP")
                                         for t in index.subtree_positions(p.subj.i)):
            continue  # "students who take two courses finish" would read as a habit
        if any(c.dep_ == "advmod" and c.lower_ in ("already", "just") for c in children(p.verb)):
            continue
        if _distributive_object(p.verb):
            continue  # "cheated on every one of his partners" is many events, not one finished
        if span_up_to_now(p.verb) or measures_degree(p.verb) or _counts_occasions(p.verb):
            continue  # "has gone up over the last years", "has matured a little": no end point
        if any(c.dep_ in ("dobj", "nsubj") and negative_noun_phrase(c) for c in children(p.verb)):
            continue  # "has received no money": no event to be finished
        if p.verb.lemma_.lower() in ACHIEVEMENT_VERBS:
            continue  # "has found his job": a moment, not a process that is finished
        if questioned_clause(p.verb):
            continue  # "how many has Stan caught?": a question, whatever the parse says of its order
        if in_comparison(p.verb):
            continue  # "has caught 5 more than Stan", "as many as she has caught": an amount compared
        if possessive_participle_object(p.verb) or possessive_compound_adjective(p.verb):
            continue  # "has attached earlobes", "has built in pockets": possessive have and an adjective
        end = finish_position(p.verb)
        forms = participle_ops(p, "VB")
        if end is None or forms is None or shares_auxiliary(p.verb):
            continue
        yield site(Delete(p.have.i), *forms, Insert(end, "finish", after=True))
