"""What a page keeps on the device: refused writes are said, unreadable values
are set aside and never lost (issue 20, items 2 and 3)."""

from __future__ import annotations

from skyjo.web.device import SET_ASIDE_SLOTS, Keeper, MemoryStorage, set_aside_slots


def test_a_full_memory_storage_refuses_what_does_not_fit_and_keeps_the_rest() -> None:
    storage = MemoryStorage(capacity=20)
    assert storage.set("a", "x" * 10)
    assert not storage.set("b", "y" * 10)
    assert storage.get("b") is None and storage.get("a") == "x" * 10
    assert storage.set("a", "z" * 19)  # replacing a value counts only the new one


def test_unreadable_values_fill_one_slot_each_and_a_second_does_not_replace_the_first() -> None:
    storage = MemoryStorage()
    keeper = Keeper(storage)
    storage.set("save", "first")
    first = keeper.found_unreadable("save", "first", "bad", aside="aside")
    storage.set("save", "second")
    second = keeper.found_unreadable("save", "second", "bad", aside="aside")
    assert (first.kept_as, second.kept_as) == ("aside", "aside.2")
    assert storage.get("aside") == "first" and storage.get("aside.2") == "second"
    assert storage.get("save") is None
    assert len(set_aside_slots("aside")) == SET_ASIDE_SLOTS


def test_the_same_unreadable_text_met_twice_takes_one_slot() -> None:
    storage = MemoryStorage()
    keeper = Keeper(storage)
    for _ in range(2):
        storage.set("save", "same")
        assert keeper.found_unreadable("save", "same", "bad", aside="aside").kept_as == "aside"
    assert storage.get("aside.2") is None


def test_when_no_copy_fits_the_original_stays_and_is_not_written_over() -> None:
    storage = MemoryStorage(capacity=30)
    storage.set("save", "x" * 20)
    keeper = Keeper(storage)
    found = keeper.found_unreadable("save", "x" * 20, "bad", aside="aside")
    assert found.kept_as is None and found.text == "x" * 20
    assert storage.get("save") == "x" * 20
    assert not keeper.write("save", "new")
    keeper.remove("save")
    assert storage.get("save") == "x" * 20
    keeper.exported(found)
    assert keeper.write("save", "new") and storage.get("save") == "new"


def test_when_every_slot_is_taken_nothing_is_overwritten() -> None:
    storage = MemoryStorage()
    for n, slot in enumerate(set_aside_slots("aside")):
        storage.set(slot, f"older {n}")
    storage.set("save", "newest")
    found = Keeper(storage).found_unreadable("save", "newest", "bad", aside="aside")
    assert found.kept_as is None and storage.get("save") == "newest"
    assert [storage.get(slot) for slot in set_aside_slots("aside")] == [
        f"older {n}" for n in range(SET_ASIDE_SLOTS)
    ]
