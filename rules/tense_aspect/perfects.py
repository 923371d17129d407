"""Perfects (eWAVE 96-102): resultative *there* + participle, the medial object perfect, the
*after* perfect, simple past and present perfect levelled either way, the simple present
for a continuative or experiential perfect, and *be* as perfect auxiliary."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.antecedents import is_animate
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Move, Op, Replace, Site, site
from multivalue_cli.engine.morphology import (
    BE_PAST, after_auxiliary, agreement_subject, be_replacing, dictionary_verb, have_agreeing_with_past_be, inflect_verb,
    is_clitic, lemma_of, light_verb_event_object, person_number, person_shown, possessive_participle_object,
)
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    bare_adjective, EMBEDDED_CLAUSE_DEPS, children, demonstrative_pronoun_subject, in_comparison, negation_after,
    negative_noun_phrase, stranded_do, subject_of,
)
from multivalue_cli.engine.wordlists import wordlist

from .past import (
    backshifted_state, has_duration_phrase, identity_question, nearest_subject, past_belief,
    past_lexical, shared_subject_groups,
)
from .common import (
    NON_RESULTATIVE_VERBS, Perfect, asks_how_long, aux_children, be_form,
    coordinated_participles, do_form, experiential_cue, find_perfects, has_duration,
    in_temporal_clause, is_irrealis, no_amnt, present_form, preverbal_start, shares_auxiliary,
)


def have_form(subj: Token) -> str:
    return "has" if person_number(subj) == "3s" else "have"


@rule(
    "simple_past_for_present_perfect",
    lemmas={"have"},
    tags={"VBN"},
    examples=[
        ("I have finished my homework.", "I finished my homework."),
        ("Have you eaten?", "Did you eat?"),
        ("She hasn't seen the film.", "She didn't see the film."),
        ("I've been busy.", "I was busy."),
        ("Have you ever been in London?", "Were you ever in London?"),
        ("What have you done?", "What did you do?"),
        ("The bridge has been repaired.", "The bridge was repaired."),
        ("We have never eaten and drunk so much.", "We never ate and drank so much."),
        ("You've read the letter, haven't you?", "You read the letter, didn't you?"),
        ("She has been ill, has she?", "She was ill, was she?"),
        ("The books that have been sold were old.", "The books that were sold were old."),
        ("The lamps which have been repaired are in the hall.",
         "The lamps which were repaired are in the hall."),
    ],
    negatives=[
        "I have lived here since 2010.",
        "I have been waiting for an hour.",
        "I've got a car.",
        "He had finished the work.",
        "You should have told me.",
        "I have been to Paris.",
        "I have a car.",
        "He and I have been friends for years.",
        "The shop has leftover cakes every evening.",
        "My aunt has spare keys for the flat.",
        "This fish has wrinkled skin.",
    ],
)
def simple_past_for_present_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple past for the SAE present perfect: *I finished*, *Did you eat?*, *Were you ever in
    London?*. Questions and negation take *did* (or *was/were* for *been*). Not for perfects
    with *since/for* (the past would say the state is over), progressives (*have been waiting*),
    *have been to*, possessive *have got*, or past and modal perfects, nor possessive *have*
    before a participial adjective (*has attached earlobes*). *was/were* agree with the
    number *have* shows (*teachers who have been* -> *teachers who were*)."""
    for have in index.by_lemma.get("have", ()):
        if have.dep_ != "aux" or have.tag_ not in ("VBP", "VBZ"):
            continue
        verb = have.head
        if verb.tag_ != "VBN":
            continue
        subj = subject_of(verb)
        if subj is None or has_duration_phrase(index, verb) or verb.lower_ == "got":
            continue
        if not dictionary_verb(verb.lower_) or possessive_participle_object(verb):
            continue  # *she has leftover boards*, *has attached earlobes*: possessive have and an adjective
        inverted = have.i < subj.i
        negated = negation_after(have) is not None
        tag = _echo_tag(index, verb, have)
        been = [c for c in children(verb) if c.dep_ == "auxpass" and c.lower_ == "been"]
        if verb.lemma_ == "be":
            if any(c.dep_ == "prep" and c.lower_ == "to" for c in children(verb)):
                continue
            been = [verb]
        if been:
            tag_ops = [] if tag is None else [Replace(tag[0].i, be_form(tag[1], past=True))]
            was = BE_PAST[person_shown(have, subj)]  # as *have* shows it: *animals have* -> *were*
            yield site(Replace(have.i, was), Delete(been[0].i), *tag_ops)
            continue
        if any(c.dep_ == "aux" and c.i != have.i for c in children(verb)):
            continue
        participles = [verb, *coordinated_participles(verb)]
        if inverted or negated:
            forms = [inflect_verb(lemma_of(v), "VB") for v in participles]
            ops: list[Op] = [Replace(have.i, "did")]
        else:
            forms = [inflect_verb(lemma_of(v), "VBD") for v in participles]
            ops = [Delete(have.i)]
        if not all(forms):
            continue
        ops += [Replace(v.i, f) for v, f in zip(participles, forms) if f != v.lower_]
        if tag is not None:
            ops.append(Replace(tag[0].i, "did"))
        yield site(*ops)


def _echo_tag(index: DocIndex, verb: Token, have: Token) -> tuple[Token, Token] | None:
    """The tag question echoing the perfect's *have* at the end of its sentence (*I haven't
    told you, have I?*, *she has left, hasn't she?*): its *have* and pronoun, which follow the
    perfect into the past (*did I?*, *was she?*)."""
    end = index.sentence_end(verb.i)
    words = [t for t in index.doc[have.i + 1:end] if not t.is_space]
    if len(words) < 4 or words[-1].text != "?":
        return None
    pronoun, aux = words[-2], words[-3]
    if aux.lower_ in ("n't", "n’t", "not") and len(words) >= 5:
        aux = words[-4]
    if pronoun.tag_ != "PRP" or aux.lemma_ != "have" or aux.tag_ not in ("VBP", "VBZ"):
        return None
    before = index.doc[aux.i - 1]
    return (aux, pronoun) if before.text == "," else None


def perfect_participle(lemma: str, form: str = "gotten") -> str | None:
    """The past participle of ``lemma``; of *get* it is *gotten* or *got*, as ``form`` says
    (eWAVE 145: British-based varieties such as Indian English say *have got*)."""
    if lemma == "get":
        return form
    return inflect_verb(lemma, "VBN")


@rule(
    "present_perfect_for_past",
    tags={"VBD"},
    forms={"gotten": (145,), "got": ()},
    examples=[
        ("I went to Delhi last year.", "I have gone to Delhi last year."),
        ("She never liked him.", "She has never liked him."),
        ("Did you see the match yesterday?", "Have you seen the match yesterday?"),
        ("My parents didn't come to the wedding.", "My parents haven't come to the wedding."),
        ("We were in New York two years ago.", "We have been in New York two years ago."),
        ("Was he at home?", "Has he been at home?"),
        ("Neither she nor I knew the answer.", "Neither she nor I have known the answer."),
        ("I kind of liked the movie.", "I have kind of liked the movie."),
        ("The visitors who came yesterday liked it.",
         "The visitors who have come yesterday have liked it."),
        ("A man who lost his keys called the police.",
         "A man who has lost his keys has called the police."),
        ("I got a letter from the bank that sent me a card.",
         "I have gotten a letter from the bank that has sent me a card."),
        ("The girls washed the dishes and dried them.",
         "The girls have washed the dishes and have dried them."),
        ("The baker made a cake for his niece.", "The baker has made a cake for his niece."),
        ("Reading the letters and the notes was painful.", "Reading the letters and the notes has been painful."),
        ("Tom bought a bike.", "Tom has bought a bike."), ("My dog ran off.", "My dog has run off."),
    ],
    negatives=[
        "When I was young, we lived in a village.",
        "I used to play cricket.",
        "He was arrested.",
        "She is reading.",
        "If I knew the answer, I would tell you.",
        "I had finished the work.",
        "Was the old man happy at the end of the story?",
        "I wish I were taller.",
        "He talks as though he knew everything.",
        "I thought about it for a long time.",
        "She had laid the book on the table.",
        "A girl is seen waiting at the door with her arms folded.",
        "Find the number of trains departed from the station.",
        "Sweet of her mum called us.", "I thought it was Monday.",
        "She believed the story was true.",
        "Who was the king of France?", "What was the capital of Prussia?", "Which prize was Marie Curie famous for?",
        "No, we didn't.", "In which years did the Dutch arrive?", "When was the Greek version of the name Helen first recorded?",
        "The cook worked for an hour and then cleaned the kitchen.",
        "Phew, that was lucky!", "Does anyone offer company paid training?",  # company-paid
        "We’VE finished the report.", "I’Ve seen it.", "What else you’Ve got to say?",  # clitic on subject
    ],
)
def present_perfect_for_past(doc: Doc, index: DocIndex, form: str = "gotten") -> Iterator[Site]:
    """Present perfect for the SAE simple past, also with past time adverbials: *I have gone to
    Delhi last year*. *have/has* agrees with the subject; *did* becomes *have/has* with the
    participle. Not in temporal, conditional and irrealis clauses (*when I was young*, *if I
    knew*, *I wish I were*), with *for/since* durations, for *used to*, or for auxiliary
    *was/were*. *have* agrees with the antecedent of a relative pronoun (*visitors who have
    come*); the participle of *get* is the profile's ``form`` (*gotten* or *got*). Not a past
    belief (*I thought that was him*), nor *be* or a state in the complement of a past verb
    (its past is that time's: *asked where the books were*), an inverted copula asking who
    or what something was (*Who was the king?*), or a stranded *didn't* (*but Tom didn't*).
    Coordinated pasts sharing a subject go together (one site), and a conjunct whose first
    verb stays a simple past stays one too (*worked for him and helped him*)."""
    durations = not index.lemmas.isdisjoint(("for", "since"))  # else no clause has one
    tag_of = index.tag_of
    has_do = "do" in index.by_lemma  # else no bare verb has do-support
    marked: dict[int, list[Op]] = {}  # simple pasts -> their ops, marked by coordination below
    considered: set[int] = set()
    for verb in index.tag("VBD", "VB"):
        if tag_of[verb.i] == "VB":
            if not has_do:
                continue
            dids = [d for d in aux_children(verb, "do") if d.tag_ == "VBD"]
            if not dids:
                continue
            subj = subject_of(verb)
            if subj is None or in_temporal_clause(verb) or (
                    durations and has_duration_phrase(index, verb)) or past_belief(verb):
                continue
            participle = perfect_participle(lemma_of(verb), form)
            if participle:
                yield site(Replace(dids[0].i, have_form(agreement_subject(nearest_subject(verb, subj)))),
                           Replace(verb.i, participle))
            continue
        if not past_lexical(verb):
            continue
        considered.add(verb.i)
        if in_temporal_clause(verb) or is_irrealis(verb):
            continue
        if stranded_do(verb) and negation_after(verb) is not None:
            continue  # "but Jessica didn't." would give "has done not"; "Yes, I did" -> "I have done"
        if backshifted_state(verb) or past_belief(verb):
            continue  # "I thought that was a throwback": a belief held then, a state at that time
        if any(c.dep_ in ("aux", "auxpass") for c in children(verb)) or after_auxiliary(verb):
            continue  # a participle the tagger took for a past ("had laid", "I’Ve got": clitic on its subject)
        if durations and has_duration_phrase(index, verb):
            continue  # "I thought about it for a long time" would come to mean 'until now'
        subj = subject_of(verb)
        if subj is None or subj.lower_ == "there" or bare_adjective(subj):
            continue
        have = verb.lemma_ == "be" and have_agreeing_with_past_be(verb, subj) or have_form(  # was -> has
            agreement_subject(nearest_subject(verb, subj)))
        if verb.lemma_ == "be":
            neg = negation_after(verb)
            if demonstrative_pronoun_subject(verb) or identity_question(verb):
                continue  # "that was close" (the moment just past), "Who was the king?", "Which law was he for?"
            if subj.i > verb.i:  # "Was he at home?" -> "Has he been at home?"
                end = subj.right_edge.i
                if end + 1 < len(doc) and not doc[end + 1].is_punct and end >= verb.i:
                    marked[verb.i] = [Replace(verb.i, have), Insert(end, "been", after=True)]
            else:
                marked[verb.i] = [Replace(verb.i, have), Insert((neg or verb).i, "been", after=True)]
            continue
        participle = perfect_participle(lemma_of(verb), form)
        if not participle or subj.i > verb.i:
            continue
        # the verb is claimed even where its participle is its past form (*kissed*), so no
        # other rule rewords the participle the inserted *have* needs (*has then kiss*)
        marked[verb.i] = [Insert(preverbal_start(verb, subj), have),
                          Replace(verb.i, participle if participle != verb.lower_ else verb.text)]
    for group in shared_subject_groups(index, marked, considered):
        yield site(*(op for i in group for op in marked[i]))


INDEFINITE_PRONOUNS = frozenset({"something", "someone", "somebody"})
INDEFINITE_DETERMINERS = frozenset({"a", "an", "some", "another"})


def _is_indefinite(subj: Token) -> bool:
    """An indefinite subject, as *there* needs: *something*, *a man*, *some boys*, *two letters*."""
    if subj.lower_ in INDEFINITE_PRONOUNS:
        return True
    if subj.pos_ not in ("NOUN",):
        return False
    dets = [c for c in children(subj) if c.dep_ == "det"]
    if dets:
        return dets[0].lower_ in INDEFINITE_DETERMINERS
    return any(c.dep_ == "nummod" for c in children(subj)) and subj.tag_ == "NNS"


RELATIVE_PRONOUNS = frozenset({"that", "which", "who"})


def _resultative_relatives(index: DocIndex) -> Iterator[Site]:
    """*there is/was* + indefinite noun + *that/which/who* + simple past or present perfect of
    an intransitive verb of motion or change with a particle or prepositional phrase: the
    relative pronoun (and *has*) go and the verb becomes the participle."""
    for there in index.by_dep.get("expl", ()):
        be = there.head
        if be.lemma_ != "be" or be.i != there.i + 1 or index.in_question(be.i):
            continue
        for noun in children(be):
            if noun.i < be.i or noun.dep_ not in ("attr", "nsubj") or not _is_indefinite(noun):
                continue
            for clause in children(noun):
                ops = _resultative_relative_ops(clause)
                if ops:
                    yield site(*ops)


def _heads_prepositional_phrase(tok: Token) -> bool:
    """A dependent that heads a prepositional phrase (*for you*, which the parser may call a
    dative), not a bare noun."""
    return any(c.dep_ == "pobj" for c in children(tok))


# Particles and prepositions of direction: with them a verb of motion names where its subject
# ended up (*blew over*, *ran off into the woods*, *rolled under the car*). *in* and *on* only
# as particles: *ran in the park* is where the activity went on.
DIRECTION_PARTICLES = frozenset("down up over in out off away back".split())
DIRECTION_PREPOSITIONS = frozenset("into onto down up over off out through across under behind".split())
# Past times that set the event apart from the present result (*ran away yesterday*).
PAST_TIMES = frozenset({"yesterday", "ago", "last"})


def _resultative_verb(verb: Token) -> bool:
    """A verb of motion or change whose result holds afterwards: a mutative verb (*fall*,
    *come*), or a verb of displacement with a direction (*blow over*, *get out*, *run off*),
    not one whose *with* phrase makes it an action on something (*ran off with my bag*)."""
    lemma = verb.lemma_.lower()
    if lemma in MUTATIVE_VERBS:
        return True
    if lemma not in wordlist("displacement_verbs"):
        return False
    after = [c for c in children(verb) if c.i > verb.i]
    return any(c.lower_ in DIRECTION_PARTICLES if c.dep_ in ("prt", "advmod") or not _heads_prepositional_phrase(c)
               else c.dep_ == "prep" and c.lower_ in DIRECTION_PREPOSITIONS for c in after) \
        and not any(c.dep_ == "prep" and c.lower_ == "with" for c in after)


def _set_in_the_past(verb: Token) -> bool:
    """A past time in the clause (*yesterday*, *two weeks ago*, *last night*): a past event,
    not a result holding now."""
    return any(t.lower_ in PAST_TIMES for t in verb.subtree)


def _resultative_relative_ops(clause: Token) -> list[Op] | None:
    if clause.dep_ != "relcl" or not _resultative_verb(clause) or _set_in_the_past(clause):
        return None
    rel = next((c for c in children(clause) if c.dep_ == "nsubj" and c.lower_ in RELATIVE_PRONOUNS
                and c.i < clause.i), None)
    if rel is None or any(c.dep_ in ("dobj", "ccomp", "xcomp", "attr", "neg", "auxpass")
                          or (c.dep_ == "dative" and not _heads_prepositional_phrase(c)) for c in children(clause)):
        return None
    if not any(c.dep_ in ("prt", "prep") or (c.dep_ == "dative" and _heads_prepositional_phrase(c)) or (
            c.dep_ == "advmod" and c.i > clause.i and c.lower_ in (
            "down", "up", "over", "in", "out", "off", "away", "back")) for c in children(clause)):
        return None  # "a letter that came yesterday" has no result in a place
    auxes = [c for c in children(clause) if c.dep_ == "aux"]
    if clause.tag_ == "VBD" and not auxes:
        ops: list[Op] = [Delete(rel.i)]
    elif clause.tag_ == "VBN" and len(auxes) == 1 and auxes[0].lower_ in ("has", "have"):
        ops = [Delete(rel.i), Delete(auxes[0].i)]
    else:
        return None
    participle = inflect_verb(lemma_of(clause), "VBN")
    if not participle:
        return None
    if participle != clause.lower_:
        ops.append(Replace(clause.i, participle))
    return ops


@rule(
    "that_resultative_past_participle",
    tags={"VBN", "VBD"},
    examples=[
        ("There is a letter that came for you.", "There is a letter come for you."),
        ("There's a tree that has fallen onto the road.", "There's a tree fallen onto the road."),
        ("I think there was a glass which fell over.", "I think there was a glass fallen over."),
        ("Something has fallen down the sink.", "There's something fallen down the sink."),
        ("A window has been broken.", "There's a window broken."),
        ("I think a letter has come for you.", "I think there's a letter come for you."),
        ("Look, two trees have fallen onto the road!", "Look, there are two trees fallen onto the road!"),
        ("There are two fences that blew over in the storm.",
         "There are two fences blown over in the storm."),
        ("Careful, there's a cat that got out.",
         ["Careful, there's a cat got out.", "Careful, there's a cat gotten out."]),
        ("There was a dog that ran off into the woods.", "There was a dog run off into the woods."),
        ("A ball has rolled under the car.", "There's a ball rolled under the car."),
    ],
    negatives=[
        "There is a dog that ran away yesterday.",
        "There's a man who gave up.",
        "There was a cat that got out of the bag two weeks ago.",
        "There is a boy that ran off with my bag.",
        "A bird has flown.",
        "There's a dog that ran in the park.",
        "The window has been broken.",
        "Has something fallen down the sink?",
        "Something hasn't arrived.",
        "A man has bought the house.",
        "Something had fallen down the sink.",
        "Someone has been waiting for you.",
        "There is a man who wants to see you.",
        "There is the letter that came for you.",
        "Is there a letter that came for you?",
        "There is a letter that came yesterday.",
        "There is a boy who broke the window.",
    ],
)
def that_resultative_past_participle(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*There* + indefinite subject + past participle for a present perfect whose result
    holds now: *There's something fallen down the sink*, *there's a window broken*. Only
    active intransitive or passive perfects of an indefinite subject in statements; *has been*
    of a passive goes with *has*. An existential whose indefinite noun has a relative clause
    of such a verb with a particle or a phrase of place (*there's a letter that came for you*,
    *a tree that has fallen onto the road*) gives the participle directly (*there's a letter
    come for you*). Verbs of motion count with a particle or phrase of direction (*a fence that
    blew over*, *a cat that got out*), which gives the result; a past time (*ran away
    yesterday*) makes the relative a past event, and is left. Needs an indefinite subject of
    a present perfect of motion or change, or an existential with such a relative clause; the
    benchmark questions and narratives have neither (their perfects are past or experiential,
    their existentials' relatives are states)."""
    yield from _resultative_relatives(index)
    for p in find_perfects(index):
        if p.past or not p.affirmative_declarative or p.progressive or p.copular:
            continue
        if p.subj.dep_ not in ("nsubj", "nsubjpass") or not _is_indefinite(p.subj):
            continue
        if any(c.dep_ in ("dobj", "dative", "ccomp", "xcomp", "attr", "oprd") for c in children(p.verb)):
            continue
        if p.been is None and not _resultative_verb(p.verb):
            continue  # "some residents have complained" has no result state
        if shares_auxiliary(p.verb) or is_clitic(p.have):
            continue
        if any(c.dep_ == "conj" for c in children(p.subj)):
            continue
        there = "there's" if person_number(p.subj) == "3s" else "there are"
        ops: list[Op] = [Insert(p.subj.left_edge.i, there), Delete(p.have.i)]
        if p.been is not None:
            ops.append(Delete(p.been.i))
        yield site(*ops)


def _movable_object(index: DocIndex, verb: Token) -> Token | None:
    """The direct object standing right after the participle (*written [the letter]*), when
    it is a plain noun phrase and nothing else of the verb sits between."""
    objs = [c for c in children(verb) if c.dep_ == "dobj"]
    if len(objs) != 1:
        return None
    obj = objs[0]
    if obj.left_edge.i != verb.i + 1 or obj.tag_ in ("WP", "WDT", "EX"):
        return None
    if any(index.dep_of[t] in EMBEDDED_CLAUSE_DEPS for t in index.subtree_positions(obj.i)):
        return None
    if any(c.dep_ in ("prt", "dative", "ccomp", "xcomp", "oprd") for c in children(verb)):
        return None
    if is_animate(obj) is True or obj.lower_.endswith(("self", "selves")):
        return None  # "have my girlfriend promised", "has themselves put": causative "have X done"
    if negative_noun_phrase(obj):
        return None  # "has no money received" reads as possessing none
    if light_verb_event_object(verb) or possessive_participle_object(verb) or in_comparison(obj):
        return None  # "made a good buy", "has attached earlobes", "caught 5 more than Stan"
    return obj


@rule(
    "medial_object_perfect",
    tags={"VBN", "VBD"},
    examples=[
        ("I have written the letter.", "I have the letter written."),
        ("She's finished her homework already.", "She's her homework finished already."),
        ("The president has signed the new law.", "The president has the new law signed."),
        ("We haven't painted the kitchen yet.", "We haven't the kitchen painted yet."),
        ("When they have cleaned the house, they can leave.",
         "When they have the house cleaned, they can leave."),
        ("My father has repaired the old radio.", "My father has the old radio repaired."),
    ],
    negatives=[
        "Have you written the letter?",
        "I should have written the letter.",
        "I have written to her.",
        "He has been told the news.",
        "I have given him the book.",
        "What have you done?",
        "The council had approved the plan.",
        "I have never met a more honest man.",
        "Which singers have released an album?",
        "They have lived a happy life.",
        "The storm has left the village without power.",
        "She has promised her brother.",
        "The boys have hurt themselves in the park.",
        "The new law has benefited small farmers.",
        "She has received no reply from the bank.",
        "My uncle has made a quick call.",
        "Sara has caught more fish than her cousin.",
        "My grandmother has wrinkled hands.",
    ],
)
def medial_object_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Object between perfect *have* and the participle: *I have the letter written*. Only
    statements (a question *have you the letter written* is not the attested form), active,
    with one plain noun-phrase object right after the participle, of a verb with a result
    state (not *live*, *benefit*, nor *leave*, whose *have X left* means 'X remaining'). Not
    a person or a reflexive object (*have my girlfriend promised*, *has themselves put*),
    which reads as causative *have someone do*; not a light verb with an event noun (*made a
    good buy*: :func:`light_verb_event_object`), a possessive *have* with a participial
    adjective (*has attached earlobes*), or an object compared (*caught 5 more than Stan*).
    Needs a present perfect
    statement with such an object; the benchmark texts have none (their present perfects are
    experiential, *has never dated anyone*, or possessive *has had*, and their past perfects
    *had X done* would read as causatives)."""
    for p in find_perfects(index):
        if p.inverted or not p.simple or shares_auxiliary(p.verb):
            continue
        if p.past or p.verb.lemma_.lower() in NON_RESULTATIVE_VERBS or p.verb.i != p.have.i + 1 \
                and not (p.neg is not None and p.verb.i == p.neg.i + 1):
            continue  # past "had X done" reads as causative; adverbs would split the group
        if p.verb.dep_ == "relcl" or has_duration(p.verb) or experiential_cue(p.verb):
            continue
        if p.verb.lemma_.lower() == "leave":
            continue  # "have many families left" reads as "have ... remaining"
        if any(index.tag_of[t] in ("WDT", "WP", "WRB") for t in index.subtree_positions(p.subj.i)):
            continue  # "which singers have an album released" reads as causative or possessive
        if p.have.lower_ in ("'s", "’s") and p.subj.lower_ not in ("he", "she", "it"):
            continue  # "John's the letter written" would read as "John is"
        obj = _movable_object(index, p.verb)
        if obj is not None:
            yield site(Move(obj.left_edge.i, obj.right_edge.i + 1, p.verb.i))


# -------------------------------------------------------------------------------- 98 after_perfect


def _just(verb: Token) -> Token | None:
    return next((c for c in children(verb) if c.dep_ == "advmod" and c.lower_ == "just"
                 and c.i == verb.i - 1), None)


@rule(
    "after_perfect",
    lemmas={"just"},
    tags={"VBN", "VBD"},
    examples=[
        ("She has just sold the boat.", "She is after selling the boat."),
        ("I've just eaten.", "I'm after eating."),
        ("Have they just left?", "Are they after leaving?"),
        ("He told me that they had just arrived.", "He told me that they were after arriving."),
        ("She's just sold the boat.", "She's after selling the boat."),
    ],
    negatives=[
        "I have eaten.",
        "She hasn't just left.",
        "I've just been told.",
        "I just ate.",
        "It has just been a bad day.",
    ],
)
def after_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The hot-news perfect *be after V-ing* for *have just V-ed*: *She's after selling the
    boat*. *be* agrees with the subject and keeps the tense (*had just* -> *was after*). Only
    with *just* right before the participle; not negated, passive or copular *been*."""
    for p in find_perfects(index):
        if not p.simple or p.neg is not None or shares_auxiliary(p.verb):
            continue
        just = _just(p.verb)
        gerund = inflect_verb(lemma_of(p.verb), "VBG")
        if just is None or not gerund:
            continue
        be = be_replacing(p.have, p.subj, p.past)
        ops: list[Op] = [Replace(just.i, "after"), Replace(p.verb.i, gerund)]
        if be != p.have.lower_:
            ops.insert(0, Replace(p.have.i, be))
        yield site(*ops)


# ---------------------------------------------------------------------- 101 present_for_exp_perfect

CONTINUATIVE_VERBS = wordlist("continuative_verbs")


def _is_continuative(p: Perfect) -> bool:
    """A perfect of a state lasting up to now: a state verb, copular *been*, a passive state
    (*has been closed*) or a perfect progressive, with *since/for* or *how long*."""
    if p.past or p.neg is not None or shares_auxiliary(p.verb):
        return False
    if not (p.copular or p.passive or p.progressive or p.verb.lemma_ in CONTINUATIVE_VERBS):
        return False
    return has_duration(p.verb) or asks_how_long(p.verb)


@rule(
    "present_for_exp_perfect",
    tags={"VBN", "VBD"},
    examples=[
        ("I have known her since she was a child.", "I know her since she was a child."),
        ("I've been here for twenty years.", "I'm here for twenty years."),
        ("How long have you lived in Chicago?", "How long do you live in Chicago?"),
        ("She has been waiting since noon.", "She is waiting since noon."),
        ("How long has the shop been closed?", "How long is the shop closed?"),
        ("My brother has worked there for ten years, and he likes it.",
         "My brother works there for ten years, and he likes it."),
    ],
    negatives=[
        "I have seen her since Monday.",
        "I haven't known her for long.",
        "I had lived there for years.",
        "I have known her.",
        "He has been to Paris for a week.",
        "We have waited for you.",
    ],
)
def present_for_exp_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple present for the continuative perfect: *I know her since she was a child*,
    *I'm here for twenty years*, *How long do you live here?*. The present agrees with the
    subject; questions take *do/does*; *has been* becomes *is*. Only states lasting up to
    now (state verbs, copular and passive *been*, perfect progressives) with *since*, *for* +
    a length of time or *how long*; not negated perfects or past perfects."""
    for p in find_perfects(index):
        if not _is_continuative(p):
            continue
        if p.copular and any(c.dep_ == "prep" and c.lower_ == "to" for c in children(p.verb)):
            continue  # "have been to Paris" is a visit, not a state
        if p.been is not None or p.copular:
            been = p.been or p.verb
            be = be_replacing(p.have, p.subj, past=False)
            yield site(Replace(p.have.i, be), Delete(been.i))
        elif p.inverted:
            base = inflect_verb(lemma_of(p.verb), "VB")
            if base:
                yield site(Replace(p.have.i, do_form(p.subj, past=False)), Replace(p.verb.i, base))
        else:
            present = present_form(lemma_of(p.verb), p.subj)
            if present:
                yield site(Delete(p.have.i), Replace(p.verb.i, present))


# ------------------------------------------------------------------------------- 102 be_perfect

MUTATIVE_VERBS = wordlist("mutative_verbs")
# Mutative verbs whose be-perfect keeps a direct object ("they're not left school yet",
# "I'm finished my homework").
MUTATIVE_WITH_OBJECT = frozenset({"leave", "finish"})
# Mutative verbs that are also transitive, whose participle after *be* reads as a passive
# (*the country is broken with its past*, *the price is grown*, *he is returned*); *leave*
# only keeps the perfect reading with its object (*they're left school*, not *they're left*).
PASSIVE_READING_VERBS = frozenset({"break", "burst", "grow", "return"})


@rule(
    "be_perfect",
    tags={"VBN", "VBD"},
    examples=[
        ("They haven't left school yet.", "They aren't left school yet."),
        ("He has gone to the shop.", "He is gone to the shop."),
        ("I've finished.", "I'm finished."),
        ("Have the guests arrived?", "Are the guests arrived?"),
        ("When we came back, the birds had gone away.", "When we came back, the birds were gone away."),
        ("I haven't finished my homework.", "I am not finished my homework."),
        ("Something terrible has happened.", "Something terrible is happened."),
        ("The snow has disappeared, and the birds have come back.",
         "The snow is disappeared, and the birds are come back."),
        ("Our guests have arrived.", "Our guests are arrived."),
    ],
    negatives=[
        "The country has broken with its past.",
        "The glass has broken.",
        "They have left.",
        "The price has grown.",
        "He has returned from Paris.",
        "He has eaten the cake.",
        "They have left the keys on the table for you.",
        "She has been gone for a week.",
        "I have set the table.",
        "You should have gone.",
        "He's gone.",
    ],
)
def be_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Be* as perfect auxiliary of verbs of motion and change of state: *he is gone*,
    *they aren't left school yet*, *I'm finished*. *be* agrees with the subject and keeps the
    tense (*had flown* -> *were flown*). Not for other verbs, objects (except *leave* and
    *finish*), passives, progressives or modal perfects; a contracted *'s* (already read as
    *is*) is left alone. Verbs that are also transitive read as passives after *be* (*the
    country is broken with its past*), so *break, burst, grow, return* are left, and *leave*
    keeps its perfect only with an object. Needs a perfect of an intransitive verb of motion
    or change; the benchmark texts' few such perfects are of verbs that are also transitive
    (*had moved away*, *the marriage had ended*), whose *were moved*, *was ended* read as
    passives."""
    for p in find_perfects(index):
        lemma = p.verb.lemma_.lower()
        if not p.simple or lemma not in MUTATIVE_VERBS or p.have.lower_ in ("'s", "’s"):
            continue
        if has_duration(p.verb):
            continue  # "prices have risen since January" is a change over time, not a state
        if shares_auxiliary(p.verb):
            continue
        complements = {c.dep_ for c in children(p.verb)}
        if complements & {"dative", "ccomp", "xcomp", "attr", "oprd", "acomp", "prt"}:
            continue
        objs = [c for c in children(p.verb) if c.dep_ == "dobj"]
        if objs and (lemma not in MUTATIVE_WITH_OBJECT or any(
                c.dep_ == "prep" for c in children(p.verb))):
            continue
        if lemma in PASSIVE_READING_VERBS or (lemma == "leave" and not objs):
            continue
        be = be_replacing(p.have, agreement_subject(p.subj), p.past)
        yield site(Replace(p.have.i, be), *no_amnt(be, p.neg))
