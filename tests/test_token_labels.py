"""Per-token labels: span schemes, the token layout, joining tokens into a sentence and
splitting the rewritten sentence with every label list aligned, and CoNLL files."""
from __future__ import annotations

import io
import json

import pyarrow as pa
import pytest

from multivalue_cli.engine.apply import AppliedEdit
from multivalue_cli.io.conll import ConllLayout, ConllWriter, blocks, read_block, sniff
from multivalue_cli.io.fields import FieldError
from multivalue_cli.labels.layout import LabelList, TokenLayout, class_names, detect_layout
from multivalue_cli.labels.realign import RealignError, entity_terms, join_tokens, kept_spans, realign
from multivalue_cli.labels.schemes import detect_scheme, encode, entities, first_invalid, spans

# --- schemes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme, tags", [
    ("IOB2", ["B-PER", "I-PER", "O", "B-LOC", "B-LOC", "O"]),
    ("IOB1", ["I-PER", "I-PER", "O", "I-LOC", "B-LOC", "O"]),
    ("BILOU", ["B-PER", "L-PER", "O", "U-LOC", "U-LOC", "O"]),
    ("IOBES", ["B-PER", "E-PER", "O", "S-LOC", "S-LOC", "O"]),
])
def test_each_scheme_is_detected_decoded_and_encoded_back(scheme, tags):
    assert detect_scheme([tags]) == scheme
    assert spans(tags, scheme) == [("PER", 0, 2), ("LOC", 3, 4), ("LOC", 4, 5)]
    assert encode(spans(tags, scheme), len(tags), scheme) == tags
    assert first_invalid(tags, scheme) is None


@pytest.mark.parametrize("scheme, tags, at", [
    ("IOB2", ["O", "I-PER"], 1),
    ("IOB2", ["B-PER", "I-LOC"], 1),
    ("IOB1", ["O", "B-PER"], 1),
    ("BILOU", ["B-PER", "O"], 0),
    ("BILOU", ["O", "L-PER"], 1),
    ("IOBES", ["B-PER", "I-PER"], 1),
    ("IOB2", ["O", "PER"], 1),
])
def test_a_broken_sequence_is_found_where_it_breaks(scheme, tags, at):
    assert first_invalid(tags, scheme)[0] == at


def test_decoding_is_lenient_and_entities_keep_their_words():
    assert spans(["O", "I-PER", "I-PER"], "IOB2") == [("PER", 1, 3)]
    assert entities(["a", "Ann", "Lee"], ["O", "B-PER", "I-PER"], "IOB2") == [("PER", ("Ann", "Lee"))]


# --- joining ----------------------------------------------------------------------------------


@pytest.mark.parametrize("tokens, text", [
    (["She", "does", "n't", "know", "."], "She doesn't know."),
    (["You", "should", "'", "ve", "stayed", "!"], "You should've stayed!"),
    (["I", "do", "n", "'", "t", "care"], "I don't care"),
    (["He", "said", '"', "go", '"', "and", "left", "."], 'He said "go" and left.'),
    (["(", "see", "Paris", ")", ",", "$", "5"], "(see Paris), $5"),
    (["a", "-", "b", "😂"], "a - b 😂"),
])
def test_tokens_join_with_the_whitespace_that_can_be_inferred(tokens, text):
    joined, offsets = join_tokens(tokens)
    assert joined == text
    assert [joined[s:e] for s, e in offsets] == tokens


# --- the layout -------------------------------------------------------------------------------

WNUT = [{"tokens": ["on", "Redondo", "Beach", "Blvd", "."], "ner_tags": ["O", "B-location", "I-location", "I-location", "O"]},
        {"tokens": ["Ann", "left"], "ner_tags": ["B-person", "O"]}]


def test_string_tags_are_entities_in_their_scheme():
    layout = detect_layout(WNUT)
    assert layout.tokens == "tokens"
    assert layout.labels == (LabelList("ner_tags", "entities", "IOB2", fill="O"),)


def test_penn_tags_and_chunks_are_told_apart():
    record = {"tokens": ["The", "dog", "barks", "."], "pos_tags": ["DT", "NN", "VBZ", "."],
              "chunk_tags": ["B-NP", "I-NP", "B-VP", "O"], "ner_tags": ["O", "O", "O", "O"], "id": "0"}
    roles = {lst.field: (lst.role, lst.tagset) for lst in detect_layout([record]).labels}
    assert roles == {"pos_tags": ("tags", "penn"), "chunk_tags": ("chunks", None), "ner_tags": ("entities", None)}


def test_class_ids_are_named_by_the_datasets_features():
    import datasets

    names = ["O", "B-PER", "I-PER"]
    features = datasets.Features({"tokens": datasets.Sequence(datasets.Value("string")),
                                  "ner_tags": datasets.Sequence(datasets.ClassLabel(names=names))})
    assert class_names(features.arrow_schema) == {"ner_tags": names}
    layout = detect_layout([{"tokens": ["Ann", "Lee", "ran"], "ner_tags": [1, 2, 0]}], schema=features.arrow_schema)
    assert layout.labels[0].names == tuple(names) and layout.labels[0].names_from == "features"


def test_class_ids_without_names_follow_the_datasets_convention_or_are_refused():
    layout = detect_layout([{"tokens": ["Ann", "Lee", "ran", "to", "Rome"], "ner_tags": [1, 2, 0, 0, 3]}])
    assert layout.labels[0].names[:4] == ("O", "B-1", "I-1", "B-2") and layout.labels[0].names_from == "inferred"
    with pytest.raises(FieldError, match="class ids whose names are unknown"):
        detect_layout([{"tokens": ["a", "b", "c"], "pos_tags": [12, 22, 12]}])
    declared = {"pos_tags": {"names": ["NN", "VB", "DT", "IN", "NNP"], "fill": 0}}
    layout = detect_layout([{"tokens": ["a", "b", "c"], "pos_tags": [2, 0, 1]}], declared=declared)
    assert (layout.labels[0].role, layout.labels[0].tagset, layout.labels[0].fill) == ("tags", "penn", "NN")


def test_a_tag_set_that_is_not_penn_needs_a_declared_fill():
    record = {"tokens": ["a", "b"], "sem": ["X1", "Y2"]}
    with pytest.raises(FieldError, match="declare one in --token-labels"):
        detect_layout([record])
    assert detect_layout([record], declared={"sem": {"fill": "UNK"}}).labels[0].fill == "UNK"


def test_records_without_a_label_list_are_refused():
    with pytest.raises(FieldError, match="no list of labels as long as 'tokens'"):
        detect_layout([{"tokens": ["a", "b"], "label": 1}])


def test_a_record_that_breaks_the_layout_says_why():
    layout = detect_layout(WNUT)
    assert layout.problems({"tokens": ["a", "b"], "ner_tags": ["O"]}) == ["ner_tags: 1 labels for 2 tokens"]
    assert "empty" in layout.problems({"tokens": ["a", ""], "ner_tags": ["O", "O"]})[0]


# --- splitting again --------------------------------------------------------------------------

LAYOUT = TokenLayout("tokens", (LabelList("pos_tags", "tags", tagset="penn"),
                                LabelList("chunk_tags", "chunks", "IOB2", fill="O"),
                                LabelList("ner_tags", "entities", "IOB2", fill="O")))
SENTENCE = {"tokens": ["Maria", "does", "n't", "know", "where", "the", "bank", "is", "."],
            "pos_tags": ["NNP", "VBZ", "RB", "VB", "WRB", "DT", "NN", "VBZ", "."],
            "chunk_tags": ["B-NP", "B-VP", "I-VP", "I-VP", "B-ADVP", "B-NP", "I-NP", "B-VP", "O"],
            "ner_tags": ["B-PER", "O", "O", "O", "O", "O", "O", "O", "O"]}


def edit(start, end, before, after, ewave=1):
    return AppliedEdit(ewave, "f", start, end, before, after)


def test_a_replaced_word_takes_the_parses_tag_and_its_chunk():
    text, _ = join_tokens(SENTENCE["tokens"])
    assert text == "Maria doesn't know where the bank is."
    new = "Maria don't know where the bank is."
    parsed = [(0, 5, "NNP", "PROPN"), (6, 8, "VBP", "AUX"), (8, 11, "RB", "PART")]
    done = realign(SENTENCE["tokens"], SENTENCE, LAYOUT, new, [edit(6, 10, "does", "do")], parsed)
    assert done.tokens == ["Maria", "do", "n't", "know", "where", "the", "bank", "is", "."]
    assert done.values["pos_tags"][1] == "VBP"
    assert done.values["chunk_tags"][:4] == ["B-NP", "B-VP", "I-VP", "I-VP"]
    assert done.values["ner_tags"] == SENTENCE["ner_tags"]


def test_a_deleted_word_leaves_its_chunk_to_the_next_one():
    new = "Maria doesn't know where bank is."
    done = realign(SENTENCE["tokens"], SENTENCE, LAYOUT, new, [edit(25, 29, "the ", "")])
    assert done.tokens == ["Maria", "does", "n't", "know", "where", "bank", "is", "."]
    assert done.values["chunk_tags"][5] == "B-NP"  # bank now begins its NP
    assert [len(v) for v in done.values.values()] == [8, 8, 8]


def test_an_inserted_word_is_outside_every_entity_and_between_chunks():
    new = "Maria doesn't know where the bank is at."
    parsed = [(37, 39, "IN", "ADP")]
    done = realign(SENTENCE["tokens"], SENTENCE, LAYOUT, new, [edit(36, 36, "", " at")], parsed)
    assert done.tokens[-2:] == ["at", "."]
    assert done.values["ner_tags"][-2] == "O" and done.values["pos_tags"][-2] == "IN"
    assert done.values["chunk_tags"][-2] == "O"


def test_a_name_inside_an_edit_that_kept_it_is_still_the_entity():
    tokens, tags = ["Wendy", "'s", "dream"], ["B-PER", "O", "O"]
    record = {"tokens": tokens, "ner_tags": tags}
    layout = detect_layout([record])
    assert join_tokens(tokens)[0] == "Wendy's dream"
    done = realign(tokens, record, layout, "for Wendy dream", [edit(0, 7, "Wendy's", "for Wendy")])
    assert done.tokens == ["for", "Wendy", "dream"] and done.values["ner_tags"] == ["O", "B-PER", "O"]


def test_an_entity_that_an_edit_changes_is_refused():
    record = {"tokens": ["Ann", "left"], "ner_tags": ["B-PER", "O"]}
    with pytest.raises(RealignError, match="an entity would change"):
        realign(record["tokens"], record, detect_layout([record]), "Anne left", [edit(0, 3, "Ann", "Anne")])


def test_letters_written_beside_a_token_change_its_word():
    _, offsets = join_tokens(["I", "support", "it"])
    kept = kept_spans("I support it", offsets, [edit(9, 9, "", "ing", ewave=0)])
    assert kept == [(0, 1), None, (13, 15)]


def test_the_entities_are_what_no_stage_may_touch():
    record = {"tokens": ["on", "Redondo", "Beach", "Blvd", "."], "ner_tags": WNUT[0]["ner_tags"]}
    assert entity_terms(record["tokens"], record, detect_layout([record])) == ("Redondo Beach Blvd",)


def test_class_ids_stay_class_ids():
    layout = TokenLayout("tokens", (LabelList("ner_tags", "entities", "IOB2", ("O", "B-PER", "I-PER"), "features", fill="O"),))
    record = {"tokens": ["Ann", "left"], "ner_tags": [1, 0]}
    done = realign(record["tokens"], record, layout, "Ann done left", [edit(3, 3, "", " done")])
    assert done.values["ner_tags"] == [1, 0, 0]


# --- CoNLL ------------------------------------------------------------------------------------


def test_a_conll_file_reads_as_records_with_docstart_and_bad_lines(tmp_path):
    path = tmp_path / "x.conll"
    path.write_bytes(b"-DOCSTART- -X- O\n\nAnn NNP B-PER\nleft VBD O\n\n\nBob NNP\nran VBD O\n\nEve NNP B-PER")
    layout = sniff(path)
    assert layout == ConllLayout(" ", ("tokens", "pos_tags", "ner_tags"), False)
    with open(path, "rb") as stream:
        found = [read_block(first, lines, layout) for first, lines in blocks(stream)]
    assert found[0] == {"tokens": ["-DOCSTART-"], "pos_tags": ["-X-"], "ner_tags": ["O"]}
    assert found[1] == {"tokens": ["Ann", "left"], "pos_tags": ["NNP", "VBD"], "ner_tags": ["B-PER", "O"]}
    assert found[2] == (7, "expected 3 space-separated columns (tokens, pos_tags, ner_tags), got 2")
    assert found[3]["tokens"] == ["Eve"]


def test_records_are_written_back_in_the_same_layout():
    out = io.StringIO()
    writer = ConllWriter(out, ConllLayout("\t", ("tokens", "ner_tags"), False), {"ner_tags": ["O", "B-PER"]})
    writer.write([{"tokens": ["Ann", "ran"], "ner_tags": [1, 0]}, b"bad line\n", {"tokens": ["x"], "ner_tags": [0]}])
    writer.close()
    assert out.getvalue() == "Ann\tB-PER\nran\tO\n\nbad line\n\nx\tO"
