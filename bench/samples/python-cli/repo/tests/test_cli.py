"""The commands, end to end."""

from notes.cli import main


def test_add_then_list(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("notes.store.DB", tmp_path / "n.db")
    assert main(["add", "buy milk"]) == 0
    assert main(["list"]) == 0
    assert "buy milk" in capsys.readouterr().out
