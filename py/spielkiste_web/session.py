"""The engine side of the page (issue 30): one game session, driven by messages.

The page (MicroPython, main thread) knows no rules: it sends a request (a dict, see `handle`)
and draws the answer, a snapshot that holds everything it shows (the board's SVG, the move
paths with their choices, each selectable square's highlights, status, seats, move list,
result, link, save), all texts already in the player's language. So a click on a square needs
no round trip (the page matches it against the snapshot's `entries` and shows its `overlays`),
playing a move needs one, and a stale answer is known by its `rev`/`ply`.

Pure Python: run in the Pyodide worker (engine_worker.py) and tested under CPython. The record
lives here, but the page keeps the snapshot's `save` text, so a new worker after a crash gets
the game back with one `load`. The search runs in slices (`think`), so the worker answers
the page between slices; its tree is kept while the game goes on."""
from __future__ import annotations

import importlib
import math
import random
import re
import time
from typing import Any

from spielkiste.ai.levels import DEFAULT_LEVEL, LEVELS, nearest, target
from spielkiste.ai.weak import sample_move
from spielkiste.ai.mcts import Search
from spielkiste.engine import State
from spielkiste.errors import SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import GAMES, get_game
from spielkiste.review import percent
from spielkiste.texts import TABLE, add, msg, t
from spielkiste_web import links, motion, move_words, saves, svg, threats, ui_texts  # noqa: F401  (ui_texts adds the page's keys)
from spielkiste_web.board_part import board_part
from spielkiste_web.outside import seconds_of

add({
    "ui.engine_error": ("The game engine failed at this: {detail}",
                        "Die Spiel-Engine hatte hier einen Fehler: {detail}"),
})

LANGS = ("en", "de")
SLICE = 0.12              # seconds of search per `think` request unless the page asks for another
MAX_SLICE = 0.5           # seconds of search per request at most, whatever it asks (the page asks again)
LONG_MOVE = 5.0           # seconds: a level's move expected to take longer says so (a slow device: issue 53)
SETTLED = 1.0             # seconds of a move's search before its rate is trusted for that estimate
MAX_TOOL = 10.0           # seconds of a game's own analysis (the solitaire's solver) at most
PICTURE_WIDTH = 640       # the shared picture's width in CSS pixels (the page draws a PNG at twice that)
PICTURE_CAPTION = 56      # the caption's band below the board
ENTRY_VERSION = 1         # a My games entry: {"v", "game", "started", "changed", "moves", "over", "save"}
MAX_ENTRY = saves.MAX_SAVE + 400
THREAT_LEVEL = 0          # a new game against the computer at this level or below warns of threats (the aid on)

Answer = dict[str, Any]


class Session:
    """A game shown on the page: the record, who plays each seat, level, rotation, aids and the
    page's language, the hint shown and the search. `handle(message)` is the only entry."""

    def __init__(self, lang: str = "en") -> None:
        self.record: Record | None = None
        self.seats: list[str] = []
        self.level = DEFAULT_LEVEL               # a first game's; then the page's or the save's
        self.rotation = 0
        self.aids: set[str] = set()
        self.lang = lang if lang in LANGS else "en"
        self.hint: tuple[str, ...] = ()          # the squares of a hinted move, drawn as an arrow
        self.select: tuple[str, ...] = ()        # the hinted move's squares the page selects for the player
        self.rev = 0                             # bumped on every change of what the page shows
        self.search: Search | None = None
        self.line: tuple[str, list[str]] = ("", [])    # the searched game: start code and moves to its position
        self.spent = 0.0                         # seconds searched in that position
        self.begun = 0                           # the search's iterations when that position's search began
        self.told = False                        # this search's move was said to take long (long_move)
        self.editor: Any = None                  # the board editor's state (editor_session.py)
        self.rooms: dict[str, Any] = {}          # each other room's state, by name (learn, puzzle, review, tree)
        self.threat_kept: tuple[State, str, str] | None = None   # the threat aid's last warning: position, lang, text

    # ------------------------------------------------------------------ the entry
    def handle(self, message: dict) -> Answer:
        """One request, one answer (a dict); a request that cannot be done answers
        {"error": text in the page's language} and leaves the session as it was."""
        op = str(message.get("op", ""))
        lang = message.get("lang")
        if lang in LANGS and lang != self.lang:      # every request may carry the page's language
            self.lang = lang
            self.rev += 1
        room = next((mod for prefix, mod in ROOMS.items() if op.startswith(prefix)), None)
        if room is not None:              # a room's request: its own module answers (imported when first used)
            try:
                module = importlib.import_module(room)
            except ImportError:
                return {"error": f"unknown request {op!r}"}
            return self.handle_room(module, op, message)
        do = OPS.get(op)
        if do is None:
            return {"error": f"unknown request {op!r}"}
        if op not in NO_GAME and self.record is None:
            return {"error": "no game is open"}
        try:
            return do(self, message)
        except SpielkisteError as e:
            return {"error": e.message(self.lang)}

    def handle_room(self, module: Any, op: str, message: dict) -> Answer:
        """A room's request: its module's OPS[op](session, message), unless the module's
        closed(session, op) says why not now; an error leaves the room as it was."""
        do = module.OPS.get(op)
        if do is None:
            return {"error": f"unknown request {op!r}"}
        why = module.closed(self, op)
        if why is not None:
            return {"error": why}
        try:
            answer: Answer = do(self, message)
            return answer
        except SpielkisteError as e:
            return {"error": e.message(self.lang)}
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:   # a malformed request
            return {"error": f"bad request {op!r}: {e}"}

    @property
    def rec(self) -> Record:
        if self.record is None:
            raise SpielkisteError("err.saved")
        return self.record

    def tr(self, key: str, **args: object) -> str:
        return t(key, self.lang, **args)

    # ------------------------------------------------------------------ opening games
    def show(self, rec: Record, seats: list[str], level: int | None = None, rotation: int | None = None) -> None:
        """Show another game (or another version of this one)."""
        self.record = rec
        self.seats = list(seats)
        if level is not None:
            self.level = level
        if rotation is not None:
            self.rotation = rotation
        self.aids &= set(self.aids_of(rec))
        if not rec.moves and "computer" in self.seats and self.level <= THREAT_LEVEL and "threat" in self.aids_of(rec):
            self.aids.add("threat")          # a new game at the lowest levels warns of threats (issue 54)
        self.changed()

    def aids_of(self, rec: Record) -> tuple[str, ...]:
        """The aids offered: the game's own, and the threat warning in a game of two sides or more."""
        return rec.game.aids + (("threat",) if len(set(rec.start.teams)) > 1 else ())

    def changed(self) -> None:
        """The position or what is drawn of it changed: a hint no longer applies."""
        self.hint = self.select = ()
        self.rev += 1

    def op_open(self, m: dict) -> Answer:
        """A link (URL fragment): a bare game id is a new game against the computer, any other
        link a game between humans at the board (the shared game's rule)."""
        frag = str(m.get("link", "")).lstrip("#")
        rec = links.from_fragment(frag)
        bare = frag.strip().lower() == rec.game.id
        n = rec.current.num_players
        seats = self.seats_of(m, n) or (saves.default_seats(n) if bare else ["human"] * n)
        level, rotation = self.level_of(m), self.rotation_of(m)
        self.show(rec, seats, self.offered_level(rec, level) if bare else level, rotation)
        return self.snapshot()

    def offered_level(self, rec: Record, level: int | None) -> int:
        """The level a new game plays: the one asked for (else the page's), or, where its game does not
        offer that one, the level kept below it (levels.nearest: a level the ladder dropped plays like
        it). A save or a link of a game keeps its own level."""
        return nearest(rec.game.id, self.level if level is None else level)

    def op_load(self, m: dict) -> Answer:
        """A kept game: a save's text (saves.dump) or a My games entry's; with `link`, a link
        that continues it (the same start, the kept moves first) or views one of its moves is
        shown with the kept seats and level. A link of another line (another tab took moves back
        and played others since) never replaces the kept moves: the kept game is shown, and the
        answer's `other_line` holds the link's line as a save of its own (with the kept seats),
        its moves and whether it is over, for the page to keep beside it."""
        text = m.get("save")
        if text is None:
            text = entry_save(m.get("entry"))
            if text is None:
                raise SpielkisteError("err.saved")
        rec, seats, level, rotation, kept_aids = saves.read(text, LEVELS)
        other = None
        if m.get("link"):
            try:
                linked = links.from_fragment(str(m["link"]))
            except SpielkisteError:
                linked = None
            if linked is not None and linked.game is rec.game and linked.current.num_players == len(seats):
                if links.continues(linked, rec):
                    rec = linked
                elif not links.continues(rec, linked):      # the link has moves the kept game lacks
                    other = {"save": saves.dump(linked, seats, level, rotation, kept_aids), "moves": len(linked.moves),
                             "over": linked.states[-1].result is not None}
        self.show(rec, seats, level, rotation)
        if kept_aids or rec.moves:          # a save from before aids were kept, with no moves: the new game's rule
            self.aids = set(kept_aids) & set(self.aids_of(rec))
        rev = m.get("rev")
        if type(rev) is int and rev > self.rev:      # a replacement worker's snapshots follow the page's last
            self.rev = rev
        answer = self.snapshot()
        if other is not None:
            answer["other_line"] = other
        return answer

    def op_new(self, m: dict) -> Answer:
        """A new game from the new-game dialog: the options it shows (a seed among them, where
        the game has one), else a fresh random set-up."""
        gid = str(m.get("game", ""))
        if gid not in GAMES:
            raise SpielkisteError("err.link", why=msg("link.no_game"))
        game = get_game(gid)
        options = m.get("options") or {}
        if not isinstance(options, dict):
            return {"error": "options must be an object"}
        options = game.offered_options(options)          # an option the dialog hides is not the player's
        rec = Record.new(game, {**fresh_options(game, {}), **options})     # the dialog's seed, if it shows one
        n = rec.current.num_players
        seats = self.seats_of(m, n) or saves.default_seats(n)
        self.show(rec, seats, self.offered_level(rec, self.level_of(m)), self.rotation_of(m) if "rotation" in m else 0)
        return self.snapshot()

    def op_again(self, m: dict) -> Answer:
        """The same game again (a new random set-up where the game has one); `switch` (Rematch: the
        sides switched) passes each seat's player on by one side: to the next seat, or in teams
        (neighbouring seats) to the same place in the next team (by one seat, a player stayed in
        its own team: the partner's seat)."""
        rec = self.rec
        start = rec.start
        new = (Record(start.copy(), custom_start=True) if rec.custom_start
               else Record.new(rec.game, fresh_options(rec.game, start.options)))
        k = start.teams.count(start.teams[0])
        seats = self.seats[-k:] + self.seats[:-k] if m.get("switch") else list(self.seats)
        self.show(new, seats, rotation=0)
        return self.snapshot()

    # ------------------------------------------------------------------ moving
    def op_play(self, m: dict) -> Answer:
        """A move (notation) in the position the page showed (`ply`): played if legal there;
        the answer's `events` say what the page plays, announces and tells an embedding host."""
        rec = self.rec
        if "ply" in m and m["ply"] != rec.cursor:
            answer = self.snapshot()
            answer["stale"] = True          # the page showed another position: it draws this one
            return answer
        state = rec.current
        text = str(m.get("move", ""))
        move = state.parse_move(text)          # IllegalMove / BadMove, translated, the game unchanged
        mover = state.to_move
        played = rec.play(move)
        after = rec.current
        self.changed()
        answer = self.snapshot(motion=motion.of_move(state, after, move))     # the move drawn as it happens
        res = after.outcome()
        answer["events"] = [{
            "type": "moved", "mover": mover, "text": played,
            "sound": kind_of(state, after, mover, self.seats), "vibrate": self.seats[mover] == "computer",
            "announce": " ".join(filter(None, (         # the turn as before the computer starts, and the threat
                self.tr("ui.announce_move", player=self.colour_name(state, mover), move=played),
                self.turn_text(after, answer["human"], False), answer["threat"]))),
            "player": self.colour_name(state, mover),
            "gameover": res.message(self.lang) if res is not None else None,
            "winners": list(res.winners) if res is not None else None,
            "reason": res.reason if res is not None else None}]
        return answer

    def op_goto(self, m: dict) -> Answer:
        ply = m.get("ply")
        if type(ply) is not int or not 0 <= ply <= len(self.rec.moves):
            return {"error": f"no move {ply!r} in this game"}
        if ply != self.rec.cursor:
            step = ply == self.rec.cursor + 1         # one move forward: replayed as it was played
            self.rec.goto(ply)
            self.changed()
            if step:
                before, after = self.rec.states[ply - 1], self.rec.states[ply]
                return self.snapshot(motion=motion.of_move(before, after, before.parse_move(self.rec.moves[ply - 1])))
        return self.snapshot()

    def op_undo(self, m: dict) -> Answer:
        """Back to the last position where a human was to move (a takeback against the computer)."""
        k = self.rec.cursor - 1
        while k > 0 and not self.humans_turn(k):
            k -= 1
        return self.op_goto({"ply": max(k, 0)})

    def op_redo(self, m: dict) -> Answer:
        """Forward to the next position where a human is to move, or the end: Undo's mirror, so
        Redo after Undo returns exactly where the player was (never to the computer's turn)."""
        rec = self.rec
        k = rec.cursor + 1
        while k < len(rec.moves) and not self.humans_turn(k):
            k += 1
        return self.op_goto({"ply": min(k, len(rec.moves))})

    def op_takeback(self, m: dict) -> Answer:
        """"Take back": the game's last moves are cut (not only browsed), back to the last position
        before its end where a human was to move: against the computer the player's move and the
        computer's reply in one step, between humans one move. The kept game is the shorter one."""
        ply = self.takeback_ply()
        if ply is None:
            return {"error": self.tr("ui.takeback_none")}
        self.rec.cut(ply)
        self.changed()
        return self.snapshot()

    def takeback_ply(self) -> int | None:
        """Where "Take back" leads (None: no human moved yet, or no seat is human)."""
        rec = self.rec
        for ply in range(len(rec.moves) - 1, -1, -1):
            if self.seats[rec.states[ply].to_move] == "human":
                return ply
        return None

    def op_computer_here(self, m: dict) -> Answer:
        """"Play against the computer from here" (a shared link's game has every seat human): the
        side to move stays the player's, every other seat becomes the computer, at the level set."""
        if not self.can_computer_here():
            return {"error": self.tr("ui.computer_here_none")}
        state = self.rec.current
        side = state.teams[state.to_move]
        self.seats = ["human" if state.teams[s] == side else "computer" for s in range(state.num_players)]
        self.rev += 1
        return self.snapshot()

    def can_computer_here(self) -> bool:
        """Every seat human, the game's end shown and not over, and another side to play."""
        rec = self.rec
        state = rec.current
        return (rec.at_end and state.result is None and not self.solo and "computer" not in self.seats
                and len(set(state.teams)) > 1)

    def humans_turn(self, ply: int) -> bool:
        """Whether a human is to move at `ply` (with no human seat, every ply counts)."""
        state = self.rec.states[ply]
        return "human" not in self.seats or (state.result is None and self.seats[state.to_move] == "human")

    # ------------------------------------------------------------------ settings
    def op_set(self, m: dict) -> Answer:
        """Any of seats (a kind per seat), level, rotation (degrees or "next"), aids (the list
        switched on), lang; all checked before any is changed."""
        seats = self.seats_of(m, self.rec.current.num_players)
        level = self.level_of(m)
        rotation = self.next_rotation() if m.get("rotation") == "next" else self.rotation_of(m)
        aids = m.get("aids")
        if aids is not None and not (isinstance(aids, list) and all(isinstance(a, str) for a in aids)):
            return {"error": "aids must be a list of names"}
        lang = m.get("lang")
        if lang is not None and lang not in LANGS:
            return {"error": f"no language {lang!r}"}
        if seats is not None:
            self.seats = seats
        if level is not None:
            self.level = level
        if rotation is not None:
            self.rotation = rotation
        if aids is not None:
            self.aids = set(aids) & set(self.aids_of(self.rec))
        if lang is not None:
            self.lang = lang
        self.rev += 1
        return self.snapshot()

    def seats_of(self, m: dict, n: int) -> list[str] | None:
        seats = m.get("seats")
        if seats is None:
            return None
        if not (isinstance(seats, list) and len(seats) == n and all(s in saves.SEAT_KINDS for s in seats)):
            raise SpielkisteError("err.setting", field="seats")
        return list(seats)

    def level_of(self, m: dict) -> int | None:
        level = m.get("level")
        if level is None:
            return None
        if type(level) is not int or level not in LEVELS:
            raise SpielkisteError("err.setting", field="level")
        return level

    def rotation_of(self, m: dict) -> int | None:
        rotation = m.get("rotation")
        if rotation is None:
            return None
        if type(rotation) is not int or rotation not in saves.ROTATIONS:
            raise SpielkisteError("err.setting", field="rotation")
        return rotation

    def next_rotation(self) -> int:
        """The next of the seats' views (or the board turned round, where all seats share one)."""
        state = self.rec.current
        views = sorted({state.seat_rotation(s) for s in range(state.num_players)})
        if len(views) < 2:
            views = sorted({views[0], (views[0] + 180) % 360}) if views else [0, 180]
        nxt = [v for v in views if v > self.rotation]
        return nxt[0] if nxt else views[0]

    # ------------------------------------------------------------------ the search
    def op_think(self, m: dict) -> Answer:
        """A slice of the search of the position shown (its tree kept from the last request
        while the game goes on): {"info", "done", "move" (once done), "ply", "rev"}. Done when
        the level's iterations (levels.target) were searched in this position, or the request's
        `budget` seconds, the move is forced, or `stop`. The computer's move at a level below 1 is
        drawn with its temperature (ai.weak.sample_move); analysis (no computer to move): `budget`
        seconds (1 s when absent), the best move."""
        s = self.rec.current
        computer = s.result is None and self.seats[s.to_move] == "computer"
        if computer:
            return self.think(m, self.budget(m, math.inf), target(s.id, self.level))
        return self.think(m, self.budget(m, 1.0))

    def budget(self, m: dict, default: float) -> float:
        """The seconds to search this position at most: the request's `budget`, else `default` (a
        level's search has none: on a slow device it keeps its strength and takes longer)."""
        return seconds_of(m, default, math.inf, 0.0, key="budget")

    def think(self, m: dict, budget: float, aim: tuple[int, float | None] | None = None) -> Answer:
        """A slice of search towards `budget` seconds and `aim`: (iterations, temperature or None)."""
        rec = self.rec
        base: Answer = {"kind": "think", "ply": rec.cursor, "rev": self.rev}
        if "ply" in m and m["ply"] != rec.cursor:
            return {**base, "info": None, "done": True, "move": None, "stale": True}
        state = rec.current
        if state.result is not None:
            return {**base, "info": None, "done": True, "move": None}
        t0 = time.perf_counter()
        end = t0 + seconds_of(m, SLICE, MAX_SLICE)     # the slice's end, for every part of the request
        search = self.searching()           # a new search screens every root move first: part of the slice
        remaining = budget - self.spent
        if not m.get("stop") and remaining > 0:
            cap = None if aim is None else max(0, aim[0] - search.iterations)
            left = min(end - t0, remaining) - (time.perf_counter() - t0)
            search.run(seconds=max(0.0, left), iterations=cap, solve=aim is None or aim[1] is None)
            self.spent += time.perf_counter() - t0
        info: dict[str, Any] = dict(search.info(until=end))
        info["chance"] = self.chance(state, float(info["value"]))
        info["text"] = self.tr("ui.thinking_stats", iterations=number(int(info["iterations"]), self.lang),
                               move=info["move"], percent=round(100 * float(info["value"])))
        done = bool(m.get("stop") or info["forced"] or self.spent >= budget
                    or (aim is not None and search.iterations >= aim[0]))
        if aim is not None and not done:
            took = long_move(self.spent, search.iterations - self.begun, aim[0] - search.iterations, self.told)
            if took is not None:
                self.told = True             # said until the move is made, its estimate updated (never flickering off)
                info["text"] = self.tr("ui.move_takes", time=duration(took), move=info["move"])
        if done and aim is not None and aim[1] is not None:
            info["move"] = state.move_text(sample_move(search, random.Random(), aim[1]))
        return {**base, "info": info, "done": done, "move": info["move"] if done else None}

    def searching(self) -> Search:
        """The search of the position shown: the last one if it searched this position, or
        re-rooted there when the game went on from it, else a new one."""
        rec = self.rec
        line = (rec.start.encode(), rec.moves[:rec.cursor])
        old = self.search
        if old is not None and line == self.line:
            return old
        kept = (old is not None and line[0] == self.line[0] and line[1][:len(self.line[1])] == self.line[1]
                and old.advance([rec.states[j].parse_move(rec.moves[j]) for j in range(len(self.line[1]), rec.cursor)],
                                rec.current))
        if not kept or old is None:
            old = Search(rec.current, seed=random.randrange(10 ** 9))
        self.search, self.line, self.spent, self.begun, self.told = old, line, 0.0, old.iterations, False
        return old

    def eval_side(self) -> int:
        """The seat the evaluation bar speaks for, whoever is to move: the one human seat, else
        the first, so the bar never flips from one side to the other as the turn passes."""
        humans = [s for s, kind in enumerate(self.seats) if kind == "human"]
        return humans[0] if len(humans) == 1 else 0

    def chance(self, state: State, value: float) -> int | None:
        """The search's winning chance for the player to move, as the bar's side's (0..100): the
        same for its partner, the rest for the one other side; with three sides or more an
        opponent's chance says nothing of the side's (None: the bar keeps what it showed)."""
        side = self.eval_side()
        if state.teams[state.to_move] == state.teams[side]:
            return round(100 * value)
        if len(set(state.teams)) == 2:
            return round(100 * (1 - value))
        return None

    def op_hint(self, m: dict) -> Answer:
        """Like think, the best move at the level's iterations (level 1's below it: a hint is never a
        mistake on purpose); the last answer marks the move on the board (a new
        snapshot, with the hinted piece to select) and says it (`result`)."""
        if not self.human_to_move() or self.solo:
            return {"error": "no hint here"}
        answer = self.think(m, self.budget(m, math.inf), (target(self.rec.game.id, max(1, self.level))[0], None))
        if answer["done"] and answer["move"] is not None:
            self.mark_hint(answer["move"])
            state = self.rec.current
            answer["result"] = move_words.hint_text(state, state.parse_move(answer["move"]), self.lang)
            answer["snapshot"] = self.snapshot()
        return answer

    def mark_hint(self, move_text: str) -> None:
        state = self.rec.current
        path, _ = state.move_input(state.parse_move(move_text))
        self.changed()
        self.hint, self.select = tuple(path), tuple(path[:-1])

    def op_tool(self, m: dict) -> Answer:
        """A game's own analysis (the solitaire's solver): its finding as text, and a snapshot
        with its move marked where it names one."""
        name = str(m.get("name", ""))
        if name not in self.rec.game.tools:
            return {"error": f"no tool {name!r}"}
        res = self.rec.current.run_tool(name, seconds_of(m, 2.0, MAX_TOOL))
        args = res.get("args") or {}
        text = self.tr(str(res["key"]), **(args if isinstance(args, dict) else {}))
        if res.get("move"):
            self.mark_hint(str(res["move"]))
        return {"kind": "tool", "result": text, "snapshot": self.snapshot()}

    # ------------------------------------------------------------------ other answers
    def op_snapshot(self, m: dict) -> Answer:
        return self.snapshot()

    def op_picture(self, m: dict) -> Answer:
        """The board as a standalone picture (SVG), no square lit, the game's name and whose
        turn it is (or the result) below; `css` (the page's board.css) is inlined."""
        rec = self.rec
        state = rec.current
        name = self.tr("game." + rec.game.id)
        res = state.outcome()
        title = (self.tr("ui.share_over", game=name, result=res.message(self.lang)) if res is not None
                 else self.tr("ui.share_title", game=name, player=self.colour_name(state, state.to_move)))
        board = svg.render(state.view(frozenset(self.aids), None), self.lang, (), None, self.rotation, (),
                           self.tr("ui.board", game=name))
        box = re.search(r'viewBox="([^"]+)"', board)
        assert box is not None, "svg.render always writes a viewBox"
        _, _, w, h = (float(v) for v in box.group(1).split())
        bh = round(PICTURE_WIDTH * h / w)
        height = bh + PICTURE_CAPTION
        caption = svg.escape(title)
        css = "svg { font-family: system-ui, sans-serif; }\n" + str(m.get("css") or "").replace("]]>", "")
        board = board.replace("<svg ", f'<svg x="0" y="0" width="{PICTURE_WIDTH}" height="{bh}" ', 1)
        theme = "dark" if m.get("theme") == "dark" else "light"      # the page's theme, named on the root
        text = (f'<svg xmlns="http://www.w3.org/2000/svg" data-theme="{theme}" width="{PICTURE_WIDTH}" '
                f'height="{height}" viewBox="0 0 {PICTURE_WIDTH} {height}"><title>{caption}</title>'
                f'<style><![CDATA[{css}]]></style>'
                f'<rect class="picture-bg" width="{PICTURE_WIDTH}" height="{height}"/>{board}'
                f'<text x="{PICTURE_WIDTH // 2}" y="{bh + PICTURE_CAPTION // 2}" text-anchor="middle" '
                f'dominant-baseline="middle" font-family="system-ui, sans-serif" font-size="22" '
                f'class="picture-caption">{caption}</text></svg>')
        return {"kind": "picture", "svg": text, "width": PICTURE_WIDTH, "height": height,
                "name": f"{rec.game.id}-{rec.cursor}", "title": title}

    def op_check(self, m: dict) -> Answer:
        """Which kept games can be read: for each uid, the link of its entry's (or an old bare
        save's) game if saves.load accepts it, else None (the page sets it aside)."""
        entries = m.get("entries")
        if not isinstance(entries, dict):
            return {"error": "entries must be an object"}
        ok: dict[str, str | None] = {}
        for uid, text in entries.items():
            save = entry_save(text) or text
            try:
                rec = saves.load(save, LEVELS)[0]
            except Exception:       # storage is outside our control: any failure means unreadable
                ok[str(uid)] = None
            else:
                ok[str(uid)] = links.to_fragment(rec)
        return {"kind": "check", "ok": ok}

    def op_memory(self, m: dict) -> Answer:
        """The worker's memory, for the soak benchmark: the WebAssembly heap (0 outside Pyodide)
        and Python's live objects."""
        import gc
        gc.collect()
        try:
            import pyodide_js
            heap = int(pyodide_js._module.HEAPU8.length)
        except Exception:          # not in Pyodide (a CPython test)
            heap = 0
        return {"kind": "memory", "wasm_bytes": heap, "py_objects": len(gc.get_objects())}

    # ------------------------------------------------------------------ the snapshot
    @property
    def solo(self) -> bool:
        return self.rec.game.player_counts == (1,)

    def human_to_move(self) -> bool:
        s = self.rec.current
        return s.result is None and self.seats[s.to_move] == "human"

    def move_item(self, rec: Record, i: int) -> list:
        """[ply, move text] of the move list; with three seats or more also who moved it (colour
        key, colour name): one move a row, and nothing else there says whose it was."""
        first = lead_ply(rec, i)
        before, text = rec.states[first - 1], joined_text(rec, i)
        if before.num_players <= 2:
            return [i, text]
        return [i, text, before.seat_colour(before.to_move), self.colour_name(before, before.to_move)]

    def colour_name(self, state: State, seat: int) -> str:
        return self.tr("colour." + state.seat_colour(seat))

    def snapshot(self, fresh: set[str] | frozenset[str] = frozenset(), slide: tuple[str, str] | None = None,
                 motion: Any = None) -> Answer:
        """Everything the page shows of the game, in the page's language (see the table in
        docs/ARCHITECTURE.md)."""
        rec, lang = self.rec, self.lang
        state, game = rec.current, rec.game
        res = state.outcome()
        human = self.human_to_move()
        computer = rec.at_end and res is None and self.seats[state.to_move] == "computer"
        name = self.tr("game." + game.id)
        board_title = self.tr("ui.board", game=name)
        part = board_part(state, lang, board_title, human, frozenset(self.aids), self.rotation, fresh, slide,
                          self.hint, self.select, motion)
        status, extra = self.status(state, human, computer, part.pop("view"))
        warning = self.threat_warning(state) if human and rec.at_end and "threat" in self.aids else ""
        extra = (extra + " " + warning).strip()
        side = self.eval_side()
        others = [s for s in range(state.num_players) if state.teams[s] != state.teams[side]]
        return {
            "kind": "snapshot", "rev": self.rev, "ply": rec.cursor, "moves_n": len(rec.moves), "at_end": rec.at_end,
            "game": game.id, "link": links.to_fragment(rec), "save": self.save_text(),
            "over": rec.states[-1].result is not None,
            "title": name, "board_title": board_title, "doc_title": name + " · Spielkiste",
            "goal": self.tr("goal." + game.id),
            **part, "human": human, "computer": computer, "hint": list(self.hint),
            "follows_up": state.follows_up(),    # the move to make finishes the last (the list joins them)
            "status": status, "status_over": res is not None, "status_extra": extra,
            "seats": self.seat_rows(state),
            "moves": [[self.move_item(rec, i) if i is not None else None for i in row] for row in move_rows(rec)],
            "result": res.message(lang) if res is not None and rec.at_end else None,
            "outcome": self.outcome_view(rec.states[-1]) if rec.states[-1].result is not None else None,
            "eval": {"side": side, "side_colour": state.seat_colour(side),
                     "rest_colour": state.seat_colour(others[0]) if len(set(state.teams)) == 2 and others
                     else "neutral",
                     "label": self.tr("ui.eval_for", player=self.colour_name(state, side)),
                     "result": self.eval_result(state, side)},
            "aids": [[a, self.tr("aid." + a), a in self.aids] for a in self.aids_of(rec)],
            "threat": warning,
            "tools": [[n, self.tr("tool." + n)] for n in game.tools],
            "level": self.level, "seat_kinds": list(self.seats), "lang": lang,
            "solo": self.solo,
            "can": {"undo": rec.cursor > 0, "redo": not rec.at_end, "first": rec.cursor > 0, "last": not rec.at_end,
                    "hint": human and not self.solo, "takeback": self.takeback_ply() is not None,
                    "computer_here": self.can_computer_here()},
        }

    def threat_warning(self, state: State) -> str:
        """The aid's warning before the player moves ("Red can capture on E5 next move: ..."), or ""
        when the other side has no win or capture; kept for the position and language it was for."""
        kept = self.threat_kept
        if kept is None or kept[0] is not state or kept[1] != self.lang:
            found = threats.find(state)
            said = threats.words(state, found, self.lang) if isinstance(found, threats.Threat) else ""
            kept = self.threat_kept = (state, self.lang, said)
        return kept[2]

    def player_side(self, state: State) -> list[int] | None:
        """The seats of the one side the humans play (they play no seat of any other side, and the
        computer plays a seat), or None: the end is then said as who won, not as "you"."""
        humans = [s for s, kind in enumerate(self.seats) if kind == "human"]
        teams = {state.teams[s] for s in humans}
        if len(teams) != 1 or len(humans) == len(self.seats) or state.num_players < 2:
            return None
        return [s for s in range(state.num_players) if state.teams[s] in teams]

    def outcome_view(self, state: State) -> Answer:
        """The game's end (its last position, whichever move is shown) for the result box and My
        games: `you` (won/lost/draw, or None when no one side is
        the player's), its headline ("You won", "Your team lost"; else "Game over") and the winners'
        colours (My games lists the result by them)."""
        res = state.outcome()
        assert res is not None
        side = self.player_side(state)
        you = None
        if side is not None:
            seat = side[0]
            you = ("won" if seat in res.winners else "lost" if res.winners
                   else "draw" if res.rewards[seat] == 0.5 else "lost")
        team = side is not None and len(side) > 1
        key = "ui.game_over" if you is None else "ui.you_" + you + ("_team" if team and you != "draw" else "")
        return {"you": you, "title": self.tr(key), "winners": [state.seat_colour(w) for w in res.winners]}

    def eval_result(self, state: State, side: int) -> Answer | None:
        """A decided position's evaluation, for the bar: the side's share (100 won, 0 lost, 50 a draw,
        0 where everyone lost) and the result in a word, in place of a search's chance."""
        res = state.outcome()
        if res is None or state.num_players < 2:
            return None
        won = side in res.winners
        share = 100 if won else 0 if res.winners else percent(res.rewards, True)[side]
        key = "ui.eval_won" if won else "ui.eval_lost" if res.winners or share < 50 else "ui.eval_draw"
        return {"percent": share, "text": self.tr(key)}

    def save_text(self) -> str:
        return saves.dump(self.rec, self.seats, self.level, self.rotation, self.aids)

    def status(self, state: State, human: bool, computer: bool, view: Any) -> tuple[str, str]:
        """Who is to move (or the result), and the extra line: the position viewed, the game's
        own status line with its explanation where it has one, and the view's notes."""
        res = state.outcome()
        text = self.turn_text(state, human, computer)
        rec = self.rec
        extra = []
        if not rec.at_end:
            extra.append(viewing(self.tr, rec))
        line = state.status()
        if line is not None and res is None:
            key, args = line
            extra.append(self.tr(key, **args))
            if "explain." + key in TABLE:
                extra.append(self.tr("explain." + key, **args))
        for key, args in view.notes if res is None else ():
            extra.append(self.tr(key, **args))
        return text, " ".join(extra)

    def turn_text(self, state: State, human: bool, computer: bool) -> str:
        """The result, or who is to move (thinking, when it is the computer)."""
        res = state.outcome()
        if res is not None:
            return res.message(self.lang)
        you = human and "computer" in self.seats
        key = "ui.thinking" if computer else "ui.to_move_you" if you else "ui.to_move"
        return self.tr(key, player=self.colour_name(state, state.to_move))

    def seat_rows(self, state: State) -> list[dict]:
        """The seats in the order the panel lists them: partners together, in turn order."""
        n = state.num_players
        teams = len(set(state.teams)) < n
        order = sorted(range(n), key=lambda s: (state.teams[s], s)) if teams else range(n)
        rows = []
        for seat in order:
            partner = state.partner(seat)
            rows.append({"seat": seat, "colour": state.seat_colour(seat), "name": self.colour_name(state, seat),
                         "team": self.tr("ui.team_with", partner=self.colour_name(state, partner))
                         if teams and partner is not None else "",
                         "kind": self.seats[seat], "to_move": state.result is None and seat == state.to_move})
        return rows


def entry_save(text: object) -> str | None:
    """The save inside a My games entry (the page stores one per kept game), or None for
    anything that is not an entry. Read defensively: storage is outside our control."""
    if not isinstance(text, str) or len(text) > MAX_ENTRY:
        return None
    try:
        data = saves.parse(text, MAX_ENTRY)
    except SpielkisteError:
        return None
    ok = (data.get("v") == ENTRY_VERSION and isinstance(data.get("save"), str) and isinstance(data.get("game"), str)
          and all(type(data.get(k)) is int for k in ("started", "changed", "moves"))
          and type(data.get("over")) is bool)
    return data["save"] if ok else None


def fresh_options(game: type[State], base: dict) -> dict:
    """`base` options with a new random seed where the game has one."""
    opts = dict(base)
    if any(o.key == "seed" for o in game.all_options()):
        opts["seed"] = random.randrange(10 ** 9)
    return opts


def long_move(spent: float, searched: int, left: int, told: bool = False) -> float | None:
    """The seconds a level's move will take in all, from the rate of its search so far (`searched`
    iterations in `spent` seconds, `left` to go), if that is at least LONG_MOVE or was `told` already
    (a rate that rises under a falling load must not make the line flicker off); None when it is
    shorter or the search has not run SETTLED seconds yet (its rate not yet known)."""
    if spent < SETTLED or searched <= 0:
        return None
    took = spent + left * spent / searched
    return took if took >= LONG_MOVE or told else None


def duration(seconds: float) -> str:
    """About how long, in words the same in both languages: "9 s", then "3 min" from two minutes."""
    return f"{round(seconds)} s" if seconds < 119.5 else f"{round(seconds / 60)} min"


def number(n: int, lang: str) -> str:
    """An integer with the language's digit grouping (12,345 / 12.345)."""
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "de" else text


def lead_ply(rec: Record, ply: int) -> int:
    """The ply that began the move `ply` ends: earlier while `ply` finishes the move before it
    (State.follows_up: Das Tor's gate choice belongs to the movement that opened the gate)."""
    while ply > 1 and rec.states[ply - 1].follows_up():
        ply -= 1
    return ply


def joined_text(rec: Record, ply: int) -> str:
    """The words of the whole move that ends at `ply`: "B5-B4 +S B2", not two moves."""
    first = lead_ply(rec, ply)
    return " ".join([rec.moves[first - 1]] + [rec.states[i - 1].follow_up_text(rec.moves[i - 1])
                                              for i in range(first + 1, ply + 1)])


def joined_line(state: State, texts: list[str]) -> list[str]:
    """A line of moves from `state` (the engine's best lines) written as the move list writes a game:
    a finishing move joined to the move it finishes ("A1-A10 +T B11", not "A1-A10 B11T")."""
    out: list[str] = []
    s = state.copy()
    for text in texts:
        follows = s.follows_up()
        words = s.follow_up_text(text) if follows else text
        if follows and out:
            out[-1] += " " + words
        else:
            out.append(words)
        s.push_text(text)
    return out


def move_ends(rec: Record) -> list[int]:
    """The plies that end a move: every ply but those another ply finishes."""
    return [i for i in range(1, len(rec.moves) + 1) if i == len(rec.moves) or not rec.states[i].follows_up()]


def move_rows(rec: Record) -> list[list[int | None]]:
    """The plies (1-based) of the move list, each the last ply of its move (move_ends), one row
    per round in a game of two: the first seat's move, then the second's; a row the second seat
    opens (a set-up that starts with it, a seat moving twice) gets None, drawn as "…", in the
    first place. With more seats, a move per row."""
    if rec.start.num_players != 2:
        return [[i] for i in move_ends(rec)]
    rows: list[list[int | None]] = []
    for i in move_ends(rec):
        mover = rec.states[lead_ply(rec, i) - 1].to_move
        if mover == 0 or not rows or len(rows[-1]) == 2:
            rows.append([i] if mover == 0 else [None, i])
        else:
            rows[-1].append(i)
    return rows


def viewing(tr: Any, rec: Record) -> str:
    """The line of a position viewed before the game's end, naming its move as the move list does
    ("12. A4", "12… E6"): the list's numbering, not the ply's (issue 54); halfway through a move (Das
    Tor's gate open, its piece not yet chosen) the plies made so far ("7… A1-A10")."""
    if rec.cursor == 0:
        return str(tr("ui.viewing_start"))
    return str(tr("ui.viewing", move=move_numbers(rec)[rec.cursor - 1] + " " + joined_text(rec, rec.cursor)))


def move_numbers(rec: Record) -> list[str]:
    """Each move's number as the move list shows it (its row in move_rows), for every other list
    of the game's moves (the review's): with two seats "2." for the first seat's move of round 2
    and "2…" for the second seat's, with more a move a row ("5.")."""
    out = [""] * len(rec.moves)
    for n, row in enumerate(move_rows(rec), 1):
        for place, ply in enumerate(row):
            if ply is not None:
                for i in range(lead_ply(rec, ply), ply + 1):       # each ply of the move: its number
                    out[i - 1] = f"{n}…" if place == 1 else f"{n}."
    return out


def kind_of(before: State, after: State, mover: int, seats: list[str]) -> str:
    """Which sound a move makes: the game's end as the humans at the board see it (a win if a
    human seat won, a loss if humans played and none won, a draw if nobody won), else a capture
    (another seat's piece left the board), else the computer's move or a move."""
    res = after.outcome()
    if res is not None:
        humans = {s for s, kind in enumerate(seats) if kind == "human"}
        if not res.winners:
            return "draw"
        if humans and not humans & set(res.winners):
            return "loss"
        return "win"
    if move_words.captures(before, after, mover):
        return "capture"
    return "computer" if seats[mover] == "computer" else "move"


OPS = {
    "open": Session.op_open, "load": Session.op_load, "new": Session.op_new, "again": Session.op_again,
    "play": Session.op_play, "goto": Session.op_goto, "undo": Session.op_undo, "redo": Session.op_redo,
    "takeback": Session.op_takeback, "computer_here": Session.op_computer_here,
    "set": Session.op_set, "think": Session.op_think, "hint": Session.op_hint, "tool": Session.op_tool,
    "snapshot": Session.op_snapshot, "picture": Session.op_picture, "check": Session.op_check,
    "memory": Session.op_memory,
}
NO_GAME = {"open", "load", "new", "check", "memory"}      # the requests that need no game open
# the rooms beside the game: requests with the prefix go to the module's handle(session, message)
ROOMS = {"edit_": "spielkiste_web.editor_session", "learn_": "spielkiste_web.learn_session",
         "puzzle_": "spielkiste_web.puzzle_session", "review_": "spielkiste_web.review_session",
         "tree_": "spielkiste_web.analysis_session"}
