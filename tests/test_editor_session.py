"""The board editor's engine side (issue 30) under CPython, with real positions: the `edit_*`
requests a Session hands to editor_session.py and the editor snapshots they answer (a piece
placed, a position refused with its reason and squares, a code and a link read, Play from here),
and the studies: what the page is told to write, the name-clash question, the limits, export and
import, a stored slot that cannot be read."""
import json
import re

import pytest

from spielkiste.editor import Editor
from spielkiste.registry import GAMES
from spielkiste_web import links, saves
from spielkiste_web.editor_session import STUDIES
from spielkiste_web.session import Session

EMPTY = "1::7/7/7/7/7/7/7;0;0;0;"
TWO = "1::7/7/7/3P3/4G2/7/7;0;0;0;E5"
THREE = "1::7/7/2P4/3P3/4G2/7/7;1;0;0;C3"


def editing(link="snorkels?v=1", lang="en"):
    """A session at `link` with the editor open: (session, editor snapshot)."""
    s = Session(lang)
    assert "error" not in s.handle({"op": "open", "link": link})
    snap = s.handle({"op": "edit_open"})
    assert snap["kind"] == "editor", snap
    return s, snap


def do(s, op, **fields):
    got = s.handle({"op": op, **fields})
    assert "error" not in got, got
    return got


def pieces(snap):
    """The pieces the board markup draws, as 'cell.level'."""
    return sorted(re.findall(r'data-piece="([^"]+)"', snap["svg"]))


def test_the_editor_opens_at_the_position_shown_with_everything_its_panel_shows():
    s, snap = editing("snorkels?v=1&m=D4")
    state = s.record.current
    assert snap["code"] == state.encode() and snap["link"] == links.position_link(state)
    assert snap["ok"] and snap["why"].startswith("A legal position; Green to move.")
    assert snap["title"] == "Snorkels" and snap["board_title"] == "Snorkels: setting up a position"
    assert pieces(snap) == ["D4.0"] and snap["occupied"] == ["D4"]
    keys = [k for k, _, _ in snap["palette"]]
    assert keys == ["P", "G", "S", ""]                    # the eraser last
    assert [label for _, label, _ in snap["palette"]] == ["Purple piece", "Green piece", "Neutral stone",
                                                          "Eraser (take a piece off)"]
    assert all(icon.startswith("<svg") for _, _, icon in snap["palette"])
    assert [f[0] for f in snap["fields"]] == ["swapped", "stones_left"]
    assert snap["to_move"] == [[0, "Purple"], [1, "Green"]] and snap["seat"] == 1
    assert [o["key"] for o in snap["options"]] == ["pie", "stones", "setup"]     # no seed
    assert len(snap["cells"]) == 49 and snap["cells"][0][0] == snap["focus"]


def test_a_piece_is_placed_moved_and_taken_off():
    s, _ = editing()
    snap = do(s, "edit_click", cell="D4", item="P")
    assert pieces(snap) == ["D4.0"] and "/3P3/" in snap["code"]
    assert not snap["ok"] and "as many snorkels" in snap["why"]
    snap = do(s, "edit_move", src="D4", dst="E5")
    assert pieces(snap) == ["E5.0"]
    snap = do(s, "edit_click", cell="E5", item="P")     # the same piece again takes it off
    assert pieces(snap) == []
    do(s, "edit_click", cell="C3", item="G")
    snap = do(s, "edit_click", cell="C3", item="")       # the eraser
    assert pieces(snap) == [] and snap["code"] == EMPTY
    snap = do(s, "edit_remove", cell="C3")               # nothing there: nothing happens
    assert snap["code"] == EMPTY
    snap = do(s, "edit_click", cell="Z9", item="P")      # no such square: said, nothing changed
    assert "message" in snap and snap["code"] == EMPTY


def test_an_impossible_position_is_refused_with_its_reason_and_squares():
    s, _ = editing()
    for cell, item in (("A1", "P"), ("D4", "P"), ("A2", "G"), ("B1", "G")):
        snap = do(s, "edit_click", cell=cell, item=item)
    assert not snap["ok"] and snap["link"] is None
    assert snap["why"].startswith("Not a legal position yet") and "A1" in snap["why"]
    assert snap["svg"].count("hl-bad") == 1 and "layer-bad" in snap["svg"]
    de = do(s, "set", lang="de")                     # the session's language: the editor speaks it
    assert de["kind"] == "snapshot"
    snap = do(s, "edit_snapshot")
    assert snap["why"].startswith("Noch keine erlaubte Stellung") and "A1" in snap["why"]
    assert snap["to_move"] == [[0, "Lila"], [1, "Grün"]]
    do(s, "edit_click", cell="B1", item="")
    snap = do(s, "edit_click", cell="G7", item="G")
    assert snap["ok"] and "erlaubte Stellung" in snap["why"] and "hl-bad" not in snap["svg"]


def test_a_code_round_trips_and_a_bad_one_changes_nothing():
    s, _ = editing()
    do(s, "edit_click", cell="D4", item="P")
    snap = do(s, "edit_click", cell="E5", item="G")
    code = snap["code"]
    assert do(s, "edit_code", text=code)["code"] == code
    bad = do(s, "edit_code", text='1::<img src=x onerror="window.hacked=1">;0;0;0;')
    assert bad["why"].startswith("That code was not loaded") and not bad["why_ok"]
    assert bad["code"] == code                            # the editor still holds the position
    snap = do(s, "edit_code", text="1::7/7/7/3P3/7/7/7;1;0;0;")
    assert pieces(snap) == ["D4.0"] and snap["seat"] == 1
    other = do(s, "edit_code", text="https://example.org/spielkiste/#blockade?v=1")     # a whole link
    assert other["game"] == "blockade" and other["title"] == "Blockade" and "palette" in other
    assert [k for k, _, _ in other["palette"]] == ["R", "B", "r", "b", ""]
    bare = do(s, "edit_code", text="snorkels?p=1::7/7/7/3P3/7/7/7;1;0;0;")      # a link's part after '#' (stop 46)
    assert bare["game"] == "snorkels" and pieces(bare) == ["D4.0"]
    # a readable code of an impossible position says what is wrong, not that the code is unreadable (stop 46)
    s, _ = editing("weltreich?v=1", "de")
    empty = do(s, "edit_clear")["code"]
    bad = do(s, "edit_code", text=empty)
    assert bad["why"] == "Dieser Code wurde nicht geladen: kein Kommandeur auf dem Brett.", bad["why"]


def test_side_to_move_fields_clear_and_start():
    s, _ = editing()
    do(s, "edit_click", cell="D4", item="P")
    snap = do(s, "edit_to_move", seat=1)
    assert snap["seat"] == 1 and snap["code"].split(";")[1] == "1"
    snap = do(s, "edit_field", key="stones_left", value="2")
    assert snap["values"]["stones_left"] == 2
    snap = do(s, "edit_field", key="swapped", value=True)
    assert snap["values"]["swapped"] == 1
    snap = do(s, "edit_field", key="stones_left", value="")    # an emptied input counts as 0
    assert snap["values"]["stones_left"] == 0
    assert "error" in s.handle({"op": "edit_field", "key": "nothing", "value": 1})
    assert pieces(do(s, "edit_clear")) == []
    snap = do(s, "edit_start")
    assert snap["code"] == EMPTY and snap["seat"] == 0 and snap["values"] == {"swapped": 0, "stones_left": 0}


def test_options_change_the_palette_and_a_step_button_turns_a_tile():
    s, snap = editing("sprung?v=1")
    assert len(snap["to_move"]) == 2
    raw = {o["key"]: o["value"] for o in snap["options"]}
    snap = do(s, "edit_option", options={**raw, "players": "4"})
    assert len(snap["to_move"]) == 4 and "palette" in snap          # a player more: the start of 4
    bad = do(s, "edit_option", options={**raw, "players": "9"})
    assert "message" in bad and len(bad["to_move"]) == 4
    s, snap = editing("drei?v=1")
    raw = {o["key"]: o["value"] for o in snap["options"]}
    tl = next(o for o in snap["options"] if o["key"] == "tl")
    assert tl["hidden"] and tl["steps"]                               # only for a custom board
    snap = do(s, "edit_option", options={**raw, "board": "custom"})
    tl = next(o for o in snap["options"] if o["key"] == "tl")
    assert not tl["hidden"] and tl["value"] == "1"
    raw = {o["key"]: o["value"] for o in snap["options"]}
    snap = do(s, "edit_option", options=raw, step=["tl", 0])
    assert next(o for o in snap["options"] if o["key"] == "tl")["value"] != "1"


def test_play_from_here_gives_a_game_whose_link_is_the_edited_position():
    s, _ = editing()
    do(s, "edit_click", cell="D4", item="P")
    do(s, "edit_click", cell="C3", item="P")
    do(s, "edit_click", cell="D3", item="G")
    code = do(s, "edit_to_move", seat=1)["code"]
    snap = do(s, "edit_play")
    assert snap["kind"] == "snapshot" and snap["link"] == f"snorkels?p={code}"
    assert [r["kind"] for r in snap["seats"]] == ["human", "human"]       # the seats as they were
    assert snap["human"] and snap["entries"] and s.editor is None
    played = do(s, "play", move=snap["entries"][0][2], ply=0)
    assert played["link"].startswith(f"snorkels?p={code}&m=")
    # a position nobody can play is not played
    s, _ = editing()
    for cell, item in (("A1", "P"), ("A2", "G"), ("B1", "G")):
        do(s, "edit_click", cell=cell, item=item)
    assert "error" in s.handle({"op": "edit_play"}) and s.editor is not None


def test_leaving_shows_the_game_as_it_was():
    s = Session()
    before = s.handle({"op": "open", "link": "snorkels?m=D4,E4"})
    do(s, "edit_open")
    do(s, "edit_click", cell="A1", item="P")
    snap = do(s, "edit_leave")
    assert snap["kind"] == "snapshot" and snap["link"] == before["link"] and s.editor is None


# ---------------------------------------------------------------------- studies
def apply(storage, answer):
    """What the page does with a studies answer: write everything, in order."""
    for key, value in answer.get("writes", []):
        storage[key] = value
    return storage


def names(storage, gid="snorkels"):
    return [n for n, _ in json.loads(storage.get(STUDIES + gid) or "[]")]


def test_a_study_is_saved_and_a_taken_name_is_asked_about():
    s, _ = editing()
    do(s, "edit_click", cell="D4", item="P")
    do(s, "edit_click", cell="E5", item="G")
    storage: dict = {}
    got = do(s, "edit_study_save", name="  Corner <b>trap</b> ", storage=storage)
    assert got["done"] == "Saved as “Corner <b>trap</b>”." and got["clear_name"]
    assert got["failed"] == "The browser's storage is full: nothing was saved."
    apply(storage, got)
    assert json.loads(storage[STUDIES + "snorkels"]) == [["Corner <b>trap</b>", TWO.removesuffix("E5")]]
    assert got["studies"] == ["Corner <b>trap</b>"]
    assert do(s, "edit_study_save", name="Corner <b>trap</b>", storage=storage)["writes"]   # same position: no question
    do(s, "edit_click", cell="C3", item="P")
    assert do(s, "edit_to_move", seat=1)["code"] == THREE.removesuffix("C3")    # edited: no last move
    ask = do(s, "edit_study_save", name="Corner <b>trap</b>", storage=storage)
    assert ask["ask"] == "“Corner <b>trap</b>” is already saved as another position." and "writes" not in ask
    assert do(s, "edit_study_answer", choice="cancel", storage=storage)["message"] == "Nothing was changed."
    do(s, "edit_study_save", name="Corner <b>trap</b>", storage=storage)
    both = apply(storage, do(s, "edit_study_answer", choice="both", storage=storage))
    assert names(both) == ["Corner <b>trap</b>", "Corner <b>trap</b> (2)"]
    do(s, "edit_study_save", name="Corner <b>trap</b>", storage=storage)
    apply(storage, do(s, "edit_study_answer", choice="replace", storage=storage))
    assert names(storage) == ["Corner <b>trap</b> (2)", "Corner <b>trap</b>"]
    assert do(s, "edit_study_save", name="", storage={})["done"] == "Saved as “Untitled”."


def test_a_refused_position_is_not_saved_and_a_full_game_says_so():
    s, _ = editing()
    for cell, item in (("A1", "P"), ("A2", "G"), ("B1", "G")):
        do(s, "edit_click", cell=cell, item=item)
    assert "error" in s.handle({"op": "edit_study_save", "name": "x", "storage": {}})
    s, _ = editing()
    full = [[f"Study {i}", EMPTY] for i in range(saves.MAX_STUDIES)]
    storage = {STUDIES + "snorkels": json.dumps(full)}
    do(s, "edit_click", cell="D4", item="P")
    do(s, "edit_click", cell="E5", item="G")
    got = do(s, "edit_study_save", name="MyNew", storage=storage)
    assert got["message"].startswith("Snorkels already has 200 saved positions") and "writes" not in got


def test_studies_are_opened_deleted_exported_and_imported():
    s, _ = editing()
    names_in = ["Corner\u2028trap", "tab\there \\n", "\u202eright to left"]
    storage = {STUDIES + "snorkels": json.dumps([[n, c] for n, c in zip(names_in, [EMPTY, TWO, THREE], strict=True)])}
    opened = do(s, "edit_study_open", index=2, storage=storage)
    assert opened["code"] == THREE and opened["studies"] == names_in
    export = do(s, "edit_study_export", storage=storage)
    assert export["file"] == "spielkiste-studies.txt" and "\u2028" not in export["text"]
    assert export["text"].splitlines()[0] == "# Spielkiste studies 2"
    got = apply(storage, do(s, "edit_study_delete", index=0, storage=storage))
    assert names(got) == names_in[1:]
    storage = {}
    got = do(s, "edit_study_import", text=export["text"] + "Broken\tsnorkels?p=1::9/9;0;0;0;\n", storage=storage)
    assert got["done"] == "3 positions imported, 1 skipped."
    # every character of every name but controls and direction marks (U+202E would reorder the page's words)
    cleaned = ["Corner\u2028trap", "tabhere \\n", "right to left"]
    assert names(apply(storage, got)) == cleaned
    again = do(s, "edit_study_import", text=export["text"], storage=storage)     # all kept as they are
    assert "ask" not in again and names(apply(storage, again)) == cleaned
    other = export["text"].replace(f"snorkels?p={EMPTY}", f"snorkels?p={TWO}")
    ask = do(s, "edit_study_import", text=other, storage=storage)
    assert ask["ask"].startswith("1 name in the file is already used for another saved position: “Corner")
    assert do(s, "edit_study_import", text="hello", storage=storage)["message"].startswith("That file is not")
    big = "# Spielkiste studies 2\n" + "\n" * (saves.MAX_IMPORT_LINES + 1)
    assert do(s, "edit_study_import", text=big, storage=storage)["message"].startswith("That file is larger")


def test_an_import_past_the_limit_changes_nothing():
    s, _ = editing()
    full = [[f"Study {i}", EMPTY] for i in range(saves.MAX_STUDIES - 2)]
    storage = {STUDIES + "snorkels": json.dumps(full)}
    text = "# Spielkiste studies 1\n" + "".join(f"Imported {i}\tsnorkels?p={TWO}\n" for i in range(5))
    got = do(s, "edit_study_import", text=text, storage=storage)
    assert "203 saved positions, more than the 200 kept" in got["message"] and "writes" not in got


def test_an_unreadable_slot_is_set_aside_before_it_is_written_over():
    """A slot nested 100,000 brackets deep lists no studies; saving writes a copy of it aside
    first, then the new list; a slot too long to set aside is not written over at all."""
    s, snap = editing()
    deep = "[" * 100000 + "]" * 100000
    storage = {STUDIES + "snorkels": deep}
    assert do(s, "edit_snapshot", storage=storage)["studies"] == []
    do(s, "edit_click", cell="D4", item="P")
    do(s, "edit_click", cell="E5", item="G")
    got = do(s, "edit_study_save", name="After the bad slot", storage=storage)
    keys = [k for k, _ in got["writes"]]
    assert keys == ["spielkiste.broken.studies.snorkels.1", STUDIES + "snorkels"]
    assert json.loads(got["writes"][0][1])["text"] == deep
    assert names(apply(storage, got)) == ["After the bad slot"]
    huge = {STUDIES + "snorkels": "x" * (saves.MAX_ASIDE + 1)}
    got = do(s, "edit_study_save", name="Another", storage=huge)
    assert got["message"] == "The browser's storage is full: nothing was saved." and "writes" not in got


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_game_opens_in_the_editor_and_plays_from_its_start(gid):
    seeded = any(o.key == "seed" for o in GAMES[gid].all_options())
    s, snap = editing(f"{gid}?seed=5" if seeded else f"{gid}?v=1")
    assert snap["ok"], snap["why"]
    again = do(s, "edit_code", text=snap["code"])
    assert again["code"] == snap["code"]
    game = do(s, "edit_play")
    assert links.from_fragment(game["link"]).current.encode() == snap["code"]


def test_teams_keep_the_board_a_player_more_sets_it_up_afresh_with_undo():
    """A newcomer's finding (stop 46): ticking Teams or changing the players wiped the position being
    built, silently. Teams of two or none keep the board (the same pieces, the same players); a player
    more or fewer starts from that game's start position, and the answer offers Undo, which brings back
    board and options as they were, until the next edit."""
    s, _ = editing("tor?v=1&players=4")
    do(s, "edit_move", src="A1", dst="A2")
    built = do(s, "edit_move", src="L3", dst="L5")
    teams = do(s, "edit_option", options={"players": "4", "teams": "1"})
    assert "reset" not in teams and pieces(teams) == pieces(built) and teams["code"].startswith("2:players.4,teams.1:")
    three = do(s, "edit_option", options={"players": "3", "teams": "1"})     # teams, now hidden, is dropped
    assert three["reset"] == "The board was set up afresh for these options."
    assert three["code"] == Editor.of(GAMES["tor"].new({"players": 3})).code()
    back = do(s, "edit_undo_options")
    assert back["code"] == teams["code"] and pieces(back) == pieces(built)
    assert [o["value"] for o in back["options"]] == ["4", "1"]
    do(s, "edit_option", options={"players": "2"})
    do(s, "edit_click", cell="F6", item=do(s, "edit_snapshot")["palette"][0][0])
    assert do(s, "edit_undo_options")["code"].startswith("2::")         # an edit since: Undo does nothing


def test_teams_are_offered_only_at_four_players_and_refused_by_name_elsewhere():
    for gid in ("weltreich", "tor", "sprung"):
        game = GAMES[gid]
        teams = [o for o in game.all_options() if o.key == "teams"][0]
        assert teams.shown_if == ("players", 4)
        assert game.offered_options({"players": "3", "teams": "1"}) == {"players": "3"}
        assert game.offered_options({"players": "4", "teams": "1"}) == {"players": "4", "teams": "1"}
    s = Session("de")
    s.handle({"op": "open", "link": "weltreich?v=1"})
    got = s.handle({"op": "new", "game": "weltreich", "options": {"players": "3", "teams": "1"}})
    assert "error" not in got and got["game"] == "weltreich" and len(got["seats"]) == 3
    bad = s.handle({"op": "open", "link": "weltreich?v=1&players=3&teams=1"})
    assert "Teams zu zweit gibt es nur mit 4 Personen." in bad["error"]


def test_a_deleted_study_comes_back_at_its_place_with_undo():
    s, _ = editing()
    storage = {STUDIES + "snorkels": json.dumps([["a", EMPTY], ["b", TWO], ["c", THREE]])}
    got = do(s, "edit_study_delete", index=1, storage=storage)
    assert got["done"] == "“b” was deleted." and got["deleted"] == [1, "b", TWO]
    apply(storage, got)
    assert names(storage) == ["a", "c"]
    apply(storage, do(s, "edit_study_restore", deleted=got["deleted"], storage=storage))
    assert json.loads(storage[STUDIES + "snorkels"]) == [["a", EMPTY], ["b", TWO], ["c", THREE]]
    again = do(s, "edit_study_restore", deleted=got["deleted"], storage=storage)      # there already
    assert "writes" not in again and again["studies"] == ["a", "b", "c"]
    storage[STUDIES + "snorkels"] = json.dumps([["b", THREE]])        # the name taken meanwhile: both kept
    apply(storage, do(s, "edit_study_restore", deleted=got["deleted"], storage=storage))
    assert names(storage) == ["b", "b (2)"]
    assert "error" in s.handle({"op": "edit_study_restore", "deleted": [0, "x"], "storage": storage})
