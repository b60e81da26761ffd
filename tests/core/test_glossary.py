"""core.glossary: a comment's words in another language, read as the English words of
the options, and what an answer written that way records."""

from __future__ import annotations

import pytest

from architect.core import answers, glossary
from architect.core.ledger import DesignFork
from tests.builders import ATTACHMENT_FORKS, SETTINGS_FORKS

ATTACHMENTS, SETTINGS = ATTACHMENT_FORKS, SETTINGS_FORKS


def recorded(body: str, forks: tuple[DesignFork, ...]) -> dict[int, str]:
    return {a.question: a.choice for a in answers.parse_comment(body, forks).answers}


# -- the words ---------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "means"), [
    ("Храним на сервере", {"store", "server"}),
    ("lokal auf der Platte", {"local", "disk"}),
    ("la cola de workers en segundo plano", {"queue", "background"}),  # a phrase
    ("nächtlichem Cronjob", {"nightly", "cron"}),  # a stem, inflected
    ("nachtlichem", {"nightly"}),  # typed without its accent
    ("清理用每晚的定时任务", {"clean", "nightly", "cron"}),  # unspaced, where it stands
    ("設定はサーバーに保存で", {"settings", "server", "store"}),
    ("서버에 저장", {"server", "store"}),  # a Korean word with its particle
    ("herkes görebilsin", {"everyone", "see"}),
    ("solo chi ha caricato il file", {"only", "upload"}),
])
def test_words_of_another_language_mean_their_english_headwords(text: str, means: set[str]
                                                                ) -> None:
    assert means <= glossary.meant(text)


def test_words_of_refusal_are_negations_not_meanings() -> None:
    assert glossary.negated("Wir nutzen S3 nicht") == "nicht"
    assert glossary.negated("экспорт не нужен") == "не"
    assert glossary.negated("ローカルは使わない") == "ない"
    assert glossary.negated("S3 kullanmayalım") == "kullanmayalım"  # a Turkish verb in -me
    assert "not" not in glossary.meant("pas de cache")
    assert glossary.negated("Храним на сервере") == ""


@pytest.mark.parametrize(("text", "refused"), [
    ("экспорт не нужен", "экспорт"),
    ("Export brauchen wir nicht", "Export wir"),
    ("Pas d’export pour l’instant", "export"),
    ("不需要导出", "导出"),
    ("エクスポートなし", "エクスポート"),  # the negation after the word
    ("export yok", "export"),
    ("nicht nötig", ""),
])
def test_what_is_said_not_to_be_needed(text: str, refused: str) -> None:
    assert glossary.unneeded(text) == refused


def test_a_doubt_or_a_none_beside_another_word_is_not_unneeded() -> None:
    assert glossary.unneeded("Ich bin nicht sicher, ob wir Export brauchen") is None
    assert glossary.unneeded("Keine Ahnung") == "Ahnung"  # beside a word no question has


def test_a_question_asked_by_its_particle() -> None:
    assert glossary.asks("S3でいいですか")
    assert glossary.asks("用S3吗")
    assert not glossary.asks("S3でお願いします")


def test_yes_and_no_of_another_language() -> None:
    assert glossary.says_no("nein") and glossary.says_no("нет.")
    assert not glossary.says_no("nein, S3")
    assert glossary.says_yes("да, в JSON") and not glossary.says_yes("S3, да")


# -- what an answer in the options' own words records ------------------------------------

@pytest.mark.parametrize(("body", "forks", "expected"), [
    ("Speicherung in S3, sichtbar für alle, die die Notiz sehen können, Aufräumen per "
     "nächtlichem Cronjob.", ATTACHMENTS, {1: "B", 2: "A", 3: "A"}),
    ("Para la primera, el disco local. Para la segunda, todos los que pueden ver la nota. "
     "Y la tercera, la cola de workers en segundo plano.", ATTACHMENTS,
     {1: "A", 2: "A", 3: "B"}),
    ("存储用S3，附件对所有能看到笔记的人可见，清理用每晚的定时任务。", ATTACHMENTS,
     {1: "B", 2: "A", 3: "A"}),
    ("Dosyalar S3’te dursun, eki notu gören herkes görebilsin, temizlik için gece çalışan "
     "cron job yeterli.", ATTACHMENTS, {1: "B", 2: "A", 3: "A"}),
    ("Stockage objet S3, visible seulement par l'auteur de l'envoi et les admins, et le "
     "nettoyage via un worker en file d'attente.", ATTACHMENTS, {1: "B", 2: "B", 3: "B"}),
    ("Храним на сервере, экспорт не нужен.", SETTINGS, {1: "B", 2: "A"}),
    ("設定はサーバーに保存で。エクスポートはJSONファイルで欲しいです。", SETTINGS,
     {1: "B", 2: "B"}),
    ("Pour la première question, côté serveur. Pas d’export pour l’instant.", SETTINGS,
     {1: "B", 2: "A"}),
    ("Export: nicht nötig", SETTINGS, {2: "A"}),
])
def test_an_answer_in_another_language_records_the_options_it_names(
        body: str, forks: tuple[DesignFork, ...], expected: dict[int, str]) -> None:
    assert recorded(body, forks) == expected


@pytest.mark.parametrize("body", [
    "Nicht auf der lokalen Platte.",  # refused, none chosen
    "Wir nutzen S3 nicht.",
    "S3 kullanmayalım.",
    "로컬 디스크는 안 됩니다",
    "不要用本地磁盘",
    "S3でいいですか",  # a question without its mark
    "Vielleicht S3?",
    "Lokale Platte oder S3, egal.",  # two options in one clause
    "Kein Problem mit dem Export.",  # "no problem", not "no export"
    "Ich bin nicht sicher, ob wir Export brauchen.",
])
def test_a_negated_doubted_or_asked_clause_records_nothing(body: str) -> None:
    assert recorded(body, ATTACHMENTS if "Export" not in body else SETTINGS) == {}


def test_english_words_the_glossary_shares_mean_nothing_more() -> None:
    """`notes`, `disks`, `object` are English as written: read by the English reader alone,
    so an English comment reads as it did ("Disks fill up." chooses no disk)."""
    assert glossary.meant("these are patient notes, disks fill up, objects") == frozenset()
    assert recorded("Disks fill up.", ATTACHMENTS) == {}
    assert recorded("Object storage feels like the grown-up choice here.", ATTACHMENTS) == {}
