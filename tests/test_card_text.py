"""A card is its text: every ``str`` method works on a ``Card`` as on its canonical text, and the
engine's equality, hashing and order of cards stay those of that text."""
from __future__ import annotations

import pickle

from backalley import PACK, Card

ARGUMENTS = {  # a call for each str method that needs arguments
    "center": (8, "*"), "count": ("S",), "encode": ("utf-8",), "endswith": ("S",), "expandtabs": (4,),
    "find": ("S",), "format": (), "format_map": ({},), "index": ("S",), "join": (["x", "y"],), "ljust": (6,),
    "lstrip": ("A",), "partition": ("1",), "removeprefix": ("A",), "removesuffix": ("S",), "replace": ("S", "H"),
    "rfind": ("S",), "rindex": ("S",), "rjust": (6,), "rpartition": ("0",), "rsplit": ("0",), "rstrip": ("S",),
    "split": ("0",), "splitlines": (True,), "startswith": ("A",), "strip": ("A",), "translate": ({83: 72},),
    "zfill": (5,), "maketrans": ("S", "H"),
}


def test_every_str_method_works_on_a_card_as_on_its_text():
    methods = [name for name in dir(str) if not name.startswith("_")]
    assert "index" in methods and len(methods) > 40
    for card in (Card("AS"), Card("10H"), Card("BIG")):
        text = str.__str__(card)
        for name in methods:
            args = ARGUMENTS.get(name, ())
            try:
                expected = getattr(text, name)(*args)
            except ValueError as error:  # index of a letter the text lacks: the card raises the same
                expected = type(error)
            try:
                got = getattr(card, name)(*args)
            except ValueError as error:
                got = type(error)
            assert got == expected, (card, name)
    assert Card("AS").index("S") == 1 and Card("10H").split("0") == ["1", "H"]


def test_a_card_compares_hashes_and_orders_as_its_text():
    for card in PACK:
        text = str.__str__(card)
        assert card == text and hash(card) == hash(text) and Card(text) is card
        assert pickle.loads(pickle.dumps(card)) is card
    assert sorted(PACK) == sorted(str.__str__(card) for card in PACK)
    assert {Card("AS"): 1}["AS"] == 1 and "AS" in {Card("AS")}
    assert (Card("AS").suit, Card("10H").rank, Card("BIG").is_joker) == ("S", "10", True)
