"""skyjo.web.inputs: the pages' own query parser must read every query as urllib does
(the pages use it instead of urllib.parse, which is slow to import in Pyodide)."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, parse_qsl
from urllib.parse import quote as urllib_quote
from urllib.parse import unquote as urllib_unquote

import pytest

from skyjo.web.inputs import query_pairs, query_value, quote, unquote, whole_number

#: Characters that matter to a query parser, plus a few ordinary ones and
#: non-ASCII letters (a hash fragment can carry them undecoded).
ALPHABET = "ab=&+%%%2F3ceFgG;?#é€ 0"


def random_queries(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choices(ALPHABET, k=rng.randint(0, 14))) for _ in range(count)]


@pytest.mark.parametrize("keep_blank", [False, True])
def test_query_pairs_read_as_urllib_does(keep_blank: bool) -> None:
    for query in [*random_queries(5000, seed=7), "%e2%82%ac=%C3", "a=%ZZ&b=%4", "x=%E2%82"]:
        assert query_pairs(query, keep_blank=keep_blank) == parse_qsl(
            query, keep_blank_values=keep_blank
        ), query


def test_query_value_is_parse_qs_first_value() -> None:
    for search in random_queries(3000, seed=11):
        expected = parse_qs(search.lstrip("?")).get("a")
        assert query_value(search, "a") == (expected[0] if expected else None), search


def test_query_value_decodes_a_seed_and_a_language() -> None:
    assert query_value("?lang=de&seed=42&seed=7", "seed") == "42"
    assert query_value("?name=Ann+Li%C3%ABs", "name") == "Ann Liës"
    assert query_value("?seed=", "seed") is None


def test_whole_number_refuses_other_digits() -> None:
    assert whole_number("12") == 12
    assert whole_number("²") is None
    assert whole_number("1" * 13) is None
    assert whole_number(5) is None


#: What a name in an invitation link may hold: letters of several scripts, an
#: emoji, the unreserved marks, and what must be escaped or decoded.
NAME_ALPHABET = "aZ09_.-~ %%2F+/?#&=é€ß😀李\u00a0\ud800"


def test_quote_escapes_as_urllib_does_with_nothing_safe() -> None:
    rng = random.Random(13)
    for _ in range(5000):
        text = "".join(rng.choices(NAME_ALPHABET, k=rng.randint(0, 12)))
        try:
            expected = urllib_quote(text, safe="")
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8 for it either way
            with pytest.raises(UnicodeEncodeError):
                quote(text)
            continue
        assert quote(text) == expected, repr(text)


def test_unquote_decodes_as_urllib_does() -> None:
    rng = random.Random(17)
    texts = ["".join(rng.choices(NAME_ALPHABET, k=rng.randint(0, 14))) for _ in range(5000)]
    for text in [*texts, "Ann%20Li%C3%ABs", "%E2%82", "%ZZ%4", "a+b", "%f0%9f%98%80"]:
        assert unquote(text) == urllib_unquote(text), repr(text)
    assert unquote(quote("Ann Liës & 李 😀")) == "Ann Liës & 李 😀"
