"""Small questions about a parse that rules of several categories ask: a clause's subject and
negation, its own tokens, definite and negative noun phrases, coordination, questions."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from .docindex import QUESTION_TRAILING, index_of
from .wordlists import wordlist

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

# Subjects, the dummy "there"/"it" included.
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl"})
# Subjects that are noun phrases or pronouns (no dummy "there"/"it").
NOMINAL_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})


def direct_subject(verb: "Token") -> "Token | None":
    """The subject among ``verb``'s own dependents (not the *t* of a negation written apart,
    *did n ' t get*, which the parser may take for one)."""
    return next((c for c in children(verb) if c.dep_ in SUBJECT_DEPS and not split_negation_piece(c)), None)


def nominal_subject(verb: "Token") -> "Token | None":
    """The noun phrase or pronoun subject among ``verb``'s own dependents (not a dummy
    *there*/*it*)."""
    return next((c for c in children(verb) if c.dep_ in NOMINAL_SUBJECT_DEPS), None)


def subject_of(verb: "Token") -> "Token | None":
    """The subject of ``verb``, or of the verb it is coordinated with when it has none."""
    while True:
        subj = direct_subject(verb)
        if subj is not None or verb.dep_ != "conj":
            return subj
        verb = verb.head


# Verb tags that carry tense (a finite verb or auxiliary).
FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})


def finite_clause(verb: "Token") -> bool:
    """Whether ``verb`` heads a tensed clause (*he left*, *that they will come*), not an
    infinitive or participle (*I consider him to be a friend*, *him being late*), whose subject
    is really the object of the verb above it."""
    auxiliaries = [c for c in children(verb) if c.dep_ in ("aux", "auxpass")]
    if any(a.tag_ == "TO" for a in auxiliaries):
        return False
    return verb.tag_ in FINITE_TAGS or any(a.tag_ in FINITE_TAGS for a in auxiliaries)


# The clitic forms of *not*.
CONTRACTED_NOT = frozenset({"n't", "n’t"})


def bare_adjective(subj: "Token") -> bool:
    """A subject that is an adjective with no determiner (*Nice of the jerk who ... checked*,
    *Normans (... French: Normands) were*): no noun phrase, so the parser has misread the
    clause; *the rich* is a noun phrase."""
    return subj.pos_ == "ADJ" and not any(c.dep_ == "det" for c in children(subj))


def absolute_participle(verb: "Token") -> bool:
    """*with his eyes closed*, *without a word said*: a participle after *with/without* and its
    noun, which the parser may take for a past tense with that noun for subject."""
    if verb.dep_ == "pcomp" and verb.head.lower_ in ("with", "without"):
        return True
    return any(c.dep_ == "mark" and c.lower_ in ("with", "without") for c in children(verb))


def object_of_imperative_as_subject(verb: "Token") -> bool:
    """Whether ``verb``'s subject is really the object of a sentence-initial imperative with
    no object of its own (*Find the number of concerts happened in ...*, *List the episodes of
    all series showed on ...*): ``verb`` is then a participle in a reduced relative clause,
    which the parser took for a past tense with that noun (or the imperative) for subject. A
    personal pronoun takes no reduced relative: *remember you promised* is a clause."""
    subj = direct_subject(verb)
    first = sentence(verb)[0]
    if subj is None or subj.i > verb.i or first.tag_ != "VB" or any(
            c.dep_ == "mark" for c in children(verb)):
        return False  # *remember that the trains left*: a clause
    if not (first.i == verb.head.i or first.head.i == verb.i):
        return False
    if subj.i == first.i:
        return True  # *Count the pupils enrolled in ...*: the imperative itself as subject
    return first.i < subj.left_edge.i and subj.tag_ != "PRP" and not any(
        c.dep_ in ("dobj", "dative", "nsubj", "nsubjpass", "expl", "aux") for c in children(first))


def negation_after(word: "Token") -> "Token | None":
    """The *not*/*n't* standing right after ``word`` as its negation (*isn't*, *was not*,
    *didn't*), if any. A clitic *n't* counts whatever the parser calls it (it misreads the
    curly *n’t*); a *not* only when parsed as a negation (not *not only ... but*)."""
    if word.i + 1 >= len(word.doc):
        return None
    nxt = word.nbor(1)
    if nxt.lower_ in CONTRACTED_NOT or (nxt.lower_ == "not" and nxt.dep_ == "neg"):
        return nxt
    return None


def clause_is_negated(verb: "Token") -> bool:
    """Whether a negation (*not*, *n't*, *never*) is among ``verb``'s dependents: the clause
    it heads is negated, wherever the negation stands (*did not go*, *never really went*)."""
    return any(c.dep_ == "neg" for c in children(verb))


# Dependents that open a clause of their own (whose tokens are not the governing clause's).
EMBEDDED_CLAUSE_DEPS = frozenset(
    {"advcl", "ccomp", "xcomp", "relcl", "acl", "csubj", "csubjpass", "parataxis", "conj", "pcomp"}
)


def clause_tokens(verb: "Token") -> Iterator["Token"]:
    """The tokens of ``verb``'s own clause: its subtree without embedded clauses."""
    for child in children(verb):
        if child.dep_ in EMBEDDED_CLAUSE_DEPS:
            continue
        yield child
        yield from clause_tokens(child)


DEFINITE_DETERMINERS = frozenset({"the", "this", "that", "these", "those"})
# Pronouns that introduce a new or unspecified referent (*something*, *nobody*, *lots*).
INDEFINITE_PRONOUNS = frozenset({
    "something", "someone", "somebody", "anything", "anyone", "anybody", "nothing", "nobody",
    "no-one", "everything", "everyone", "everybody", "one", "lots", "plenty", "much", "many",
    "none", "little", "few",
})


def definite_noun_phrase(noun: "Token") -> bool:
    """A name, a pronoun that is not indefinite (*she*, not *something*), or a noun with a
    possessor or a definite determiner (*my car*, *the bus*, *those people*): a known thing."""
    if noun.pos_ in ("PROPN", "PRON") and noun.lower_ not in INDEFINITE_PRONOUNS:
        return True
    return any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in DEFINITE_DETERMINERS)
               for c in children(noun))


NEGATIVE_PRONOUNS = frozenset({"nobody", "nothing", "none", "no-one", "noone"})


def negative_noun_phrase(noun: "Token") -> bool:
    """*nobody*, *nothing*, *none (of them)*, *no one*, *no student(s)*."""
    return noun.lower_ in NEGATIVE_PRONOUNS or any(
        c.dep_ == "det" and c.lower_ == "no" for c in children(noun))


# Words that need a negation or a question to stand in (*Does anyone know?*, *Are we there
# yet?*, *Have you ever ...?*): the any-words, *ever* and *yet*.
NEGATIVE_POLARITY_WORDS = frozenset({
    "any", "anyone", "anybody", "anything", "anywhere", "anymore", "ever", "yet",
})


def negative_polarity_item(tok: "Token") -> bool:
    """A word that only a negation or a question licenses (*anyone*, *any*, *ever*, *yet*,
    *at all*): a question that holds one is open, and the same words in a statement are
    ungrammatical (*Anyone knows where it is*). Not *any* as a degree word before a
    comparative (*any better* is fine in a statement too: *it isn't any better* aside, *if
    it gets any better*), which is rare in questions anyway; *at all* is its *all*."""
    low = tok.lower_
    if low in NEGATIVE_POLARITY_WORDS:
        return True
    return low == "all" and tok.i > 0 and tok.doc[tok.i - 1].lower_ == "at"


def lexically_capitalised(tok: "Token") -> bool:
    """A capital that is not there because the word starts the sentence (names, titles)."""
    return tok.text[:1].isupper() and not tok.is_sent_start


def first_conjunct(tok: "Token") -> "Token":
    """The first member of a coordination (its dependency label is the phrase's role)."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    return tok


def in_question(tok: "Token") -> bool:
    """Whether ``tok``'s sentence ends in '?' (closing quotes and brackets aside)."""
    index = index_of(tok.doc)
    if index is not None:
        return index.in_question(tok.i)
    return ends_with_question_mark(tok.sent)


def ends_with_question_mark(sent: "Span") -> bool:
    """Whether the sentence ends in '?' (closing quotes and brackets aside)."""
    index = index_of(sent.doc)
    if index is not None and len(sent) and index.sentence_of[sent.start] == sent.start \
            and index.sentence_end(sent.start) == sent.end:
        return index.in_question(sent.start)
    last = [t for t in sent if not t.is_space and t.text not in QUESTION_TRAILING]
    return bool(last) and last[-1].text == "?"


def children(tok: "Token") -> list["Token"]:
    """``tok``'s children in document order (from the engine's index when there is one)."""
    index = index_of(tok.doc)
    return index.children(tok.i) if index is not None else list(tok.children)


def sentence(tok: "Token") -> "Span":
    """``tok``'s sentence (from the engine's index when there is one)."""
    index = index_of(tok.doc)
    return index.sentence(tok.i) if index is not None else tok.sent


def morph_values(tok: "Token", field: str) -> list[str]:
    """The values of one morphological feature of ``tok`` (as ``tok.morph.get(field)``)."""
    index = index_of(tok.doc)
    return index.morph_values(tok.i, field) if index is not None else tok.morph.get(field)


# Dependents that show an -ing form is a verb with its complement, not a predicative adjective.
VERBAL_COMPLEMENT_DEPS = frozenset({"dobj", "dative", "prep", "prt", "xcomp", "ccomp", "advcl",
                                    "npadvmod", "oprd", "advmod"})
# Degree words that modify adjectives as well as verbs (*very moving*, *so boring*).
DEGREE_WORDS = frozenset("very so too quite pretty really truly deeply extremely".split())


def maybe_ing_adjective(tok: "Token") -> bool:
    """*the story is moving*, *the news is worrying*: an -ing word that is also an adjective,
    with no complement that would show it to be a verb (degree adverbs such as *very* do not
    count), so *be* before it may be a copula rather than the progressive auxiliary."""
    if tok.lower_ not in wordlist("ing_adjectives"):
        return False
    return not any(c.dep_ in VERBAL_COMPLEMENT_DEPS and c.lower_ not in DEGREE_WORDS
                   for c in children(tok))


# Contracted auxiliaries and their full forms by lemma ('d is left out: had, would and did are
# all possible).
FULL_FORMS = {"'s": {"be": "is", "have": "has"}, "'re": {"be": "are"}, "'m": {"be": "am"},
              "'ve": {"have": "have"}, "'ll": {"will": "will"}}


def full_form(aux: "Token") -> str | None:
    """The full form of a contracted auxiliary (*'s* -> *is* or *has*, by its lemma), needed
    where the clitic loses its host; None when it is uncertain (*'s* before a participle may
    be *is* or *has*, and *'d* is *had*, *would* or *did*) or ``aux`` is no clitic."""
    forms = FULL_FORMS.get(aux.lower_.replace("’", "'"))
    if forms is None or aux.lower_ in ("'s", "’s") and aux.head.tag_ == "VBN":
        return None
    return forms.get(aux.lemma_.lower())



# Adjectives and adverbs in the comparative degree (*more*, *less*, *quicker*).
COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})


def _as_degree(tok: "Token") -> bool:
    """*as* before a degree word, the first term of *as many/much/... as*."""
    return tok.lower_ == "as" and tok.dep_ == "advmod" and tok.head.pos_ in ("ADJ", "ADV", "PRON", "DET")


def in_comparison(verb: "Token") -> bool:
    """Whether ``verb``'s clause (or the phrase of a noun ``verb``) is part of a comparison, so
    that what it says is a measure set against another: it holds a standard of comparison
    (*caught 5 more than Stan*, *sells twice as many ... as*), a comparative degree word of
    the verb itself (*has healed much quicker*), or it is itself the standard (*as many as
    Adelwolfe has caught*, *more than she has eaten*, *twice as many ... as she has sold*)."""
    for tok in clause_tokens(verb):
        if tok.lower_ == "than" or _as_degree(tok):
            return True
        if tok.head.i == verb.i and tok.tag_ in COMPARATIVE_TAGS and tok.dep_ in ("advmod", "acomp", "npadvmod"):
            return True
    marks = [c.lower_ for c in children(verb) if c.dep_ in ("mark", "prep", "advmod")]
    if "than" in marks:
        return True
    if "as" in marks and verb.dep_ != "ROOT":
        head = verb.head
        return head.tag_ in COMPARATIVE_TAGS or any(_as_degree(c) for c in children(head)) or any(
            _as_degree(t) for t in clause_tokens(head) if t.i < verb.i)
    return False


# Adverbs that place an event in the present period or just before now.
RECENT_ADVERBS = frozenset({"today", "tonight", "now", "just", "recently", "lately", "earlier"})
# Demonstratives that, before a noun of time, name the present period (*this morning*, *these
# days*).
PROXIMAL_DETERMINERS = frozenset({"this", "these"})


def recent_time(verb: "Token") -> bool:
    """Whether ``verb``'s clause places its event in the present period or just before now:
    *today*, *tonight*, *just*, *recently*, *now*, or *this/these* + a noun of time (*this
    morning*, *in this week*), so that a marker of a remote past contradicts it."""
    time_nouns = wordlist("time_nouns")
    for tok in clause_tokens(verb):
        if tok.head.i != verb.i and not (tok.dep_ == "pobj" and tok.head.head.i == verb.i):
            continue  # the verb's own adverbials (not *two recently divorced people*)
        low = tok.lower_
        if low in RECENT_ADVERBS and tok.dep_ in ("advmod", "npadvmod", "tmod", "pobj"):
            return True
        if tok.lemma_.lower() in time_nouns and tok.pos_ == "NOUN" and any(
                c.dep_ == "det" and c.lower_ in PROXIMAL_DETERMINERS for c in children(tok)):
            return True
    return False


def rate_or_frequency(verb: "Token") -> bool:
    """Whether ``verb``'s clause gives its event as a rate or a frequency (*loses 1.25
    pounds/week*, *earns $5 per hour*, *twice a week*, *every day*): a repeated or ongoing
    event, not one that is completed."""
    time_nouns = wordlist("time_nouns")
    for tok in clause_tokens(verb):
        if tok.lower_ == "per" and tok.dep_ == "prep":
            return True
        lemma = tok.lemma_.lower()
        if tok.i > 0 and tok.doc[tok.i - 1].text == "/" and lemma in time_nouns | wordlist("duration_nouns"):
            return True  # *pounds/week*
        if lemma not in time_nouns:
            continue
        dets = [c.lower_ for c in children(tok) if c.dep_ == "det"]
        if any(d in ("each", "every", "per") for d in dets) or any(d in ("a", "an") for d in dets) \
                and tok.dep_ in ("npadvmod", "tmod", "advmod"):
            return True  # *every day*; *twice a week*, not *in a week*
    return False


# Verbs of measure: what they say of their subject is an amount (of time, money, weight), a
# state that has no completion (*it takes 50 minutes*, *the book costs $5*).
MEASURE_VERBS = frozenset({"take", "cost", "last", "weigh", "measure"})


def measure_predicate(verb: "Token") -> bool:
    """*it will take about 50 minutes*, *the trip lasted two days*, *it costs $10*, *he weighs
    80 kilos*: a verb of measure with an amount; *take* only with a length of time (*I'll take
    it* is an action)."""
    lemma = verb.lemma_.lower()
    if lemma not in MEASURE_VERBS:
        return False
    for obj in children(verb):
        if obj.dep_ not in ("dobj", "npadvmod", "attr"):
            continue
        if obj.lemma_.lower() in wordlist("duration_nouns") or obj.lower_ in wordlist("duration_nouns"):
            return True
        if lemma != "take" and any(t.tag_ in ("CD", "$") for t in obj.subtree):
            return True
    return False


def questioned_clause(verb: "Token") -> bool:
    """Whether ``verb``'s clause is what its question asks (*How many has Stan caught?*, *you
    mean it has eaten my card?*), not a clause of condition, time or reason inside the question
    (*If the sisters have gathered 500 apples, how many ...?*) or a relative clause, which
    state what the question takes as given, nor a statement coordinated before the question
    (*I have broken my glass, and would you send another?*)."""
    if not in_question(verb):
        return False
    tok = verb
    while True:
        if any(c.dep_ == "conj" and c.i > tok.i and direct_subject(c) is not None
               for c in children(tok)):
            return False  # *I have broken my glass, and would you send another?*: the last clause asks
        if tok.head.i == tok.i:
            return True
        if tok.dep_ in ("advcl", "relcl", "acl"):
            return False
        tok = tok.head


# Dependents that show *do* is a verb with a complement of its own (*did the dishes*, *did
# well*... aside, which count as none: see stranded_do).
DO_COMPLEMENT_DEPS = frozenset({"dobj", "ccomp", "xcomp", "acomp", "attr", "dative", "oprd", "prt",
                                "prep", "advcl"})


def stranded_do(verb: "Token") -> bool:
    """*but Jessica didn't.*, *the amount that they did the day before*, *so did I*: *do*
    standing for a verb phrase said before (its auxiliary with the verb left out), with no
    object, complement or prepositional phrase of its own; not *did the dishes*, *did it*,
    *did as he was told*."""
    if verb.lemma_.lower() != "do":
        return False
    time_nouns = wordlist("time_nouns")
    return not any(c.dep_ in DO_COMPLEMENT_DEPS and c.lemma_.lower() not in time_nouns
                   for c in children(verb))  # *the day before* is a time, not an object


# Non-finite verb forms that head a clause used as a noun phrase (*asking a question*, *to win*).
NONFINITE_TAGS = frozenset({"VBG", "VB"})


def in_nonfinite_subject(tok: "Token") -> bool:
    """Whether ``tok`` lies in a gerund or infinitive clause that is the subject of a verb
    after it (*[Buying a car] costs money*, *[To find a flat] takes time*): the clause is a
    subject complete without a finite verb of its own, so a finite verb right after ``tok``
    reads as that subject's verb."""
    node = tok
    while node.head != node:
        if node.dep_ in ("csubj", "csubjpass", "nsubj", "nsubjpass") \
                and node.tag_ in NONFINITE_TAGS and node.i < node.head.i:
            return True
        if node.tag_ in FINITE_TAGS and node != tok:
            return False  # a finite clause in between: the subject has its verb
        node = node.head
    return False


# Dependencies of a clause that is the subject of another.
SUBJECT_CLAUSE_DEPS = frozenset({"csubj", "csubjpass"})


def in_subject_clause(tok: "Token") -> bool:
    """Whether ``tok`` stands inside a clause that is the subject of another: a free relative
    (*what I never understood is why ...*, *whoever wins gets a prize*), where a wh-word opens
    no question even in a sentence that ends in '?'."""
    while tok.head.i != tok.i:
        if tok.dep_ in SUBJECT_CLAUSE_DEPS:
            return True
        tok = tok.head
    return False


def open_range_comparative(tok: "Token") -> bool:
    """*18 years or older*, *five or more*, *$10 or less*: a comparative right after *or*
    that follows a quantity (a number, or a noun counted by one), closing an open range
    (the number and everything beyond it) rather than comparing a property; *more older* or
    *older than* have no place there. Read from the words, as the parser attaches the
    comparative to the number, its noun or the verb before them."""
    doc = tok.doc
    if tok.i < 2 or doc[tok.i - 1].lower_ != "or":
        return False
    before = doc[tok.i - 2]
    return before.like_num or any(c.dep_ == "nummod" for c in children(before))


# Verbs that take an object and a past participle after it (*get it done*, *have the car
# fixed*, *want it finished*), never a finite clause: a "past" the parser gives them as a
# clause with that object for subject is the participle.
OBJECT_PARTICIPLE_VERBS = frozenset("get have keep leave want need make watch".split())


def participle_after_object(verb: "Token") -> bool:
    """*getting rick rolled*, *had his car stolen*: a past participle after the object of
    *get/have/keep/want/...*, which the parser took for a past tense (``verb``) in a clause of
    its own with that object for subject. A clause with a conjunction or a nominative pronoun
    for subject (*keep in mind that he left*) is a real one, and so is one whose subject does
    not follow the verb at once (*I had a barbecue and my neighbours talked*)."""
    head = verb.head
    if verb.dep_ not in ("ccomp", "xcomp", "oprd") or head.lemma_.lower() not in OBJECT_PARTICIPLE_VERBS:
        return False
    if head.i > verb.i or any(c.dep_ == "mark" for c in children(verb)):
        return False
    subj = direct_subject(verb)
    if subj is None:
        return True
    return subj.left_edge.i == head.i + 1 and subj.lower_ not in ("i", "he", "she", "we", "they")


def subject_gap_complement(verb: "Token") -> "Token | None":
    """The finite clause complement of ``verb`` whose subject has been moved out of it (*a
    fact that everyone knows __ is true*, *what do we know __ will happen*, *a suspect who he
    believed __ was involved*), if any: a ``ccomp`` after ``verb`` with no conjunction of its
    own, whose subject is missing or stands before ``verb`` (the parser hangs a moved *what*
    or *who* on the clause it came from). ``verb`` is then a bridge the moved phrase crosses,
    and its own form stands right before the gap."""
    for child in children(verb):
        if child.dep_ != "ccomp" or child.i < verb.i or not finite_clause(child):
            continue
        if any(c.dep_ == "mark" for c in children(child)):
            continue
        subj = direct_subject(child)
        if subj is None or subj.i < verb.i:
            return child
    return None


def demonstrative_pronoun_subject(verb: "Token") -> bool:
    """*that/this* standing alone as ``verb``'s subject, with no noun after it (*that was
    close*, *this was fun*): it points at what has just happened or been said. Not the
    *that* of a relative clause (*the storm that was close*); in a main clause the tagger may
    call it a relative pronoun (*Phew, that was lucky*), which it is not there."""
    if verb.dep_ in ("relcl", "acl"):
        return False
    return any(c.dep_ == "nsubj" and c.lower_ in ("that", "this") and c.tag_ in ("DT", "WDT")
               and not any(True for _ in c.children) for c in verb.children)


def wh_subject_question(verb: "Token", subj: "Token | None" = None) -> bool:
    """``verb``'s subject is what a question asks for: a question word or a phrase with one
    (*what happens if ...?*, *how many cars have ...?*, *I wonder who owns it*), in a clause
    that is not a relative one (*the man who owns it*, where the wh-word stands for a noun
    already named). Such a clause has no do-support: a *do* put in would read as asking for
    an object, with the subject missing (*what do happen?*)."""
    subj = subj if subj is not None else direct_subject(verb)
    clause = verb
    while clause.dep_ == "conj":
        clause = clause.head
    if subj is None or subj.i > verb.i or clause.dep_ in ("relcl", "acl"):
        return False

    def asked(tok: "Token") -> bool:  # the wh-word heads the subject or modifies it, not a clause in it
        if tok.tag_ in ("WP", "WDT", "WP$", "WRB"):
            return True
        return any(asked(c) for c in tok.children if c.dep_ in ("det", "amod", "advmod", "poss", "nummod"))

    return asked(subj)


# Verbs whose complement may be a finite clause without *that* (*I heard company stopped
# hiring*): after them a bare noun and a past form make a clause, not a premodifier.
_CLAUSE_TAKING_VERBS = wordlist("clause_embedding_verbs") | frozenset({"say", "wish", "bet"})


def participle_premodifier(verb: "Token") -> bool:
    """*get company provided training*, *want employer paid insurance*: a past participle
    joined to a bare noun before it as one premodifier (*company-provided*) of the noun after
    it, which the parser took for a past tense with that noun for subject, the clause the
    complement of the verb before. Found by: a past form heading a complement clause with
    no *that* and no auxiliary, whose subject is a bare singular common noun (no determiner
    or modifier: a count noun takes one as a subject) standing between it and the governing
    verb, a verb that takes no clause, and an object after it (the noun modified)."""
    if verb.tag_ not in ("VBD", "VBN") or verb.dep_ not in ("ccomp", "dobj"):
        return False
    subj = direct_subject(verb)
    head = verb.head
    if subj is None or subj.tag_ != "NN" or subj.i != verb.i - 1 or head.i != subj.i - 1:
        return False
    if any(True for _ in subj.children) or head.lemma_.lower() in _CLAUSE_TAKING_VERBS:
        return False
    kids = children(verb)
    return not any(c.dep_ in ("mark", "aux", "auxpass") for c in kids) and any(
        c.dep_ == "dobj" and c.i > verb.i for c in kids)


def split_negation_piece(tok: "Token") -> bool:
    """The *t* of a negation the tokenizer split (*did n ' t get*, as tokenised social media
    text has it), which the parser may take for the verb's subject: never a word of its own."""
    doc = tok.doc
    return tok.lower_ == "t" and tok.i >= 2 and doc[tok.i - 1].text in ("'", "’") \
        and doc[tok.i - 2].lower_ == "n"


# The tags the tagger gives opening and closing quotation marks (an apostrophe of a
# possessive is POS, not one of these).
QUOTE_TAGS = frozenset({"``", "''"})


def in_quotation(tok: "Token") -> bool:
    """Whether ``tok`` stands between quotation marks (an odd number of them before it in its
    text): quoted words are someone's own, which a rule should not put words into."""
    return sum(1 for t in tok.doc[:tok.i] if t.tag_ in QUOTE_TAGS or t.text in ('"', "“", "”")) % 2 == 1


def participle_of_bare_question_be(verb: "Token") -> bool:
    """A past after the subject of a question opened by a *was/were* that has nothing else
    to say (*When was the name of the town first recorded?*, parsed with *recorded* as a
    relative clause of *town*): it is that *be*'s passive participle."""
    root = verb.sent.root
    if root.lemma_ != "be" or root.i >= verb.i or root.doc[root.sent.end - 1].text != "?":
        return False
    own = direct_subject(verb)
    if own is None or own.tag_ in ("WDT", "WP") or own.lower_ == "that":
        return False  # "Where was the car that crashed?": a relative clause of its own
    subject = direct_subject(root)
    if subject is None or subject.i < root.i:
        return False  # not inverted
    return not any(c.dep_ in ("attr", "acomp", "prep", "advmod") and c.i > root.i
                   for c in children(root))


def inverted_conjunct(clause: "Token") -> bool:
    """Whether a clause coordinated after a question's own is inverted too (*Are you aware
    of it and do you feel ready?*, *Is it me or does the bus look late?*): made a statement,
    the first half would read as one and the second still ask."""
    for conj in clause.conjuncts:
        if conj.i < clause.i:
            continue
        first = conj.left_edge
        if first.dep_ in ("aux", "auxpass") and first.head == conj and first.i != conj.i:
            return True  # it opens with its auxiliary, whatever the parser made of its subject
        subject = next((c for c in conj.children if c.dep_ in ("nsubj", "nsubjpass", "expl")), None)
        if subject is None:
            continue
        if conj.i < subject.i or any(c.dep_ in ("aux", "auxpass") and c.i < subject.i
                                     for c in conj.children):
            return True
    return False
