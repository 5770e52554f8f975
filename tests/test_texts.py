"""Every word a player reads, in both languages, walked at engine level for every game.

The walk visits each game's option combinations, a short random game per combination and the
positions its rules page shows: every legal move's input, illegal moves (why_illegal), the
view's notes and labels, the status line, the outcome and the reasons malformed position codes
give. Every message it meets must name
keys that exist in English and German, fill all their fields, and read in one language only:
the German text holds no word that only the English table uses, and the other way round.
A static pass checks that no game hands the page prose instead of a message."""
import ast
import functools
import importlib
import itertools
import random
import re
from pathlib import Path

import pytest

from helpers import rules_examples
from spielkiste.errors import BadMove, BadOption, BadPosition, IllegalMove
from spielkiste.registry import GAMES
from spielkiste.texts import TABLE, is_msg, joined, msg, t, tr
from spielkiste_web import svg

ROOT = Path(__file__).resolve().parent.parent
WORD = re.compile(r"\b[^\W\d_]{2,}\b")     # a whole word: not the letters of a notation such as mE1
FIELD = re.compile(r"\{[^}]*\}")
# arguments that echo what the player typed (a move, a code, an option): not ours to translate
ECHO = {"text", "value", "name", "piece", "stack", "run", "found"}
# words an entry may keep unchanged in German: names and loanwords
SAME_WORDS = {"spielkiste", "computer", "teams", "orange", "neutral", "surikata", "snorkels", "blockade",
              "ziggurats"}


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(FIELD.sub(" ", text))}


@functools.cache
def only_in(lang: str) -> frozenset[str]:
    """Words of `lang`'s entries (those that differ between the languages) that no entry of
    the other language uses. Worked out once per language (the table is fixed): the browser's
    language walk asks at every screen."""
    other = "de" if lang == "en" else "en"
    mine = set().union(*(words(e[lang]) for e in TABLE.values() if e["en"] != e["de"]))
    return frozenset(mine - set().union(*(words(e[other]) for e in TABLE.values())))


# ------------------------------------------------------------------ the walk
class Seen:
    """Messages met on the walk, each with where it was met (for the failure report)."""

    def __init__(self):
        self.messages: dict[str, tuple] = {}
        self.labels: dict[str, str] = {}
        self.not_messages: list[tuple[str, object]] = []

    def add(self, where: str, message) -> None:
        if is_msg(message):
            self.messages.setdefault(repr(message), (where, message))
        else:
            self.not_messages.append((where, message))

    def state(self, s, probe: bool, rng: random.Random, draw: bool = True) -> None:
        where = f"{s.id} {s.encode()}"
        if s.status() is not None:
            self.add(where + " status", s.status())
        if s.result is not None:
            self.add(where + " outcome", (s.result.reason, s.result.args))
        every = frozenset(s.aids)
        for aids in dict.fromkeys((frozenset(), every)):        # one view when the game has no aid
            v = s.view(aids)
            draw_this = draw and aids == every      # drawn once: with every aid on, all it adds
            for key, args in v.notes:
                self.add(where + " note", (key, args))
            for c in v.cells:
                if c.label is not None:
                    self.add(where + f" label of {c.id}", c.label)
            for p in v.pieces:
                if p.label is not None:
                    self.add(where + f" label of a piece on {p.cell}", p.label)
            for lang in ("en", "de") if draw_this else ():
                for label in re.findall(r'aria-label="([^"]*)"', svg.render(v, lang)):
                    self.labels.setdefault(lang + ":" + label, where)
        for seat in range(s.num_players):
            self.add(where + " seat", msg("colour." + s.seat_colour(seat)))
        for m in s.legal_moves():
            choice = s.move_input(m)[1]
            if choice:
                self.add(where + f" choice of {s.move_text(m)}", msg(choice))
        if probe:
            self.illegal(s, rng)
            self.bad_codes(s, rng)

    def illegal(self, s, rng: random.Random) -> None:
        """Move texts that read as moves but are not legal here: every square alone, with the
        prefixes and suffixes the game's notation uses, and pairs of squares."""
        v = s.view()
        cells = [c.id for c in v.cells]
        occupied = sorted({p.cell for p in v.pieces}) or cells
        legal = [s.move_text(m) for m in s.legal_moves()]
        affixes = {re.sub(r"[A-Z]\d{1,2}", "@", x) for x in legal} | {"@", "@-@", "@-out", "swap", "stop"}
        tries = set()
        for form in sorted(affixes):
            for k in range(24 if "@" in form else 1):
                # a move from an occupied square (every other try) meets the rules about moving
                first = rng.choice(occupied if k % 2 else cells)
                tries.add(re.sub("@", lambda _: rng.choice(cells), form.replace("@", first, 1)))
        for a in rng.sample(occupied, min(4, len(occupied))):       # straight moves: along row and column
            tries |= {f"{a}-{b}" for b in cells if b != a and (b[0] == a[0] or b[1:] == a[1:])}
        for text in sorted(tries):
            try:
                s.parse_move(text)
            except BadMove as e:
                self.add(f"{s.id} {s.encode()} move {text}", (e.key, e.params))
            except IllegalMove as e:
                self.add(f"{s.id} {s.encode()} move {text}", (e.key, e.params))
                why = s.why_illegal(text) if s.result is None else None
                if why is not None:
                    self.add(f"{s.id} {s.encode()} why_illegal({text})", why)

    def bad_codes(self, s, rng: random.Random) -> None:
        """Damaged copies of this position's code: each must be refused with a message, or read."""
        code = s.encode()
        version, opts, body = code.split(":", 2)
        fields = body.split(";")
        damaged = {code[:n] for n in range(0, len(code), max(1, len(code) // 8))}
        damaged |= {f"{int(version) + 1}:{opts}:{body}", f"{version}:bogus.1:{body}", f"{version}:{opts}:",
                    f"{version}:{opts}:{body};;", f"{version}:{opts}:" + ";".join(fields[1:]),
                    f"{version}:{opts}:{body}".replace("/", "//", 1), "garbage"}
        for _ in range(40):
            i = rng.randrange(len(body))
            damaged.add(f"{version}:{opts}:{body[:i]}{rng.choice('0123456789x;/.-rRbBwWpPgGsSfFmM')}{body[i + 1:]}")
        for i in range(len(fields)):
            for junk in ("", "x", "99", "A1", "A1-A2", "Z9"):
                damaged.add(f"{version}:{opts}:" + ";".join(fields[:i] + [junk] + fields[i + 1:]))
        for text in sorted(damaged):
            try:
                type(s).decode(text)
            except BadPosition as e:
                self.add(f"{s.id} code {text}", (e.key, e.params))


def option_combos(cls) -> list[dict]:
    """Every combination of the options with few values (seeds: two), and each value of the
    many-valued ones (the Die Drei tiles) on its own; combinations the game refuses left out."""
    small, large = {}, {}
    for o in cls.all_options():
        values = (False, True) if o.kind == "bool" else o.choices or (0, 7)
        (small if len(values) <= 6 else large)[o.key] = values
    combos = [dict(zip(small, vals, strict=True)) for vals in itertools.product(*small.values())]
    combos += [{"board": "custom", key: v} for key, values in large.items() for v in values if "board" in small]
    out = []
    for c in combos:
        try:
            cls.normalize_options(c)
            cls.new(c)
        except BadOption:
            continue
        out.append(c)
    return out


@pytest.fixture(scope="module")
def seen() -> Seen:
    walk = Seen()
    for gid, cls in GAMES.items():
        walk.add(gid, msg("game." + gid))
        walk.add(gid, msg("blurb." + gid))
        for o in cls.all_options():
            walk.add(gid + " option", msg(o.label or f"opt.{gid}.{o.key}"))
            if o.kind == "choice":
                for c in o.choices:
                    walk.add(gid + " option value", msg(f"opt.{gid}.{o.key}.{c}"))
        for name in cls.aids:
            walk.add(gid + " aid", msg("aid." + name))
        for name in cls.tools:
            walk.add(gid + " tool", msg("tool." + name))
        for n, example in enumerate(rules_examples(gid)):      # the rules pages' positions: ends, set-ups, ...
            walk.state(example, probe=True, rng=random.Random(n))
        for n, opts in enumerate(option_combos(cls)):
            rng = random.Random(n)
            s = cls.new(opts)
            walk.state(s, probe=n < 8, rng=rng)
            for name in cls.tools if n == 0 else ():
                r = s.run_tool(name, 0.05)
                walk.add(f"{gid} tool {name}", (r["key"], r["args"]))
            plies = 0
            while s.result is None and plies < (80 if n % 4 else 600):       # every fourth to its end
                s.play(rng.choice(s.legal_moves()))
                plies += 1
                walk.state(s, probe=n < 4 and plies % 20 == 0 or s.result is not None and n < 8, rng=rng,
                           draw=plies % 10 == 0 or s.result is not None)
    return walk


# ------------------------------------------------------------------ the checks
def keys_of(message) -> list[str]:
    key, args = message
    out = [key]
    for v in args.values():
        if isinstance(v, str) and v.startswith("@"):
            out.append(v[1:])
        elif is_msg(v):
            out += keys_of(v)
    return out


def echo_free(message):
    """The message with the player's own input replaced by a neutral token."""
    key, args = message
    return key, {k: ("Q9" if k in ECHO and isinstance(v, str) else echo_free(v) if is_msg(v) else v)
                 for k, v in args.items()}


def test_the_walk_meets_every_kind_of_text(seen):
    met = {k for _, m in seen.messages.values() for k in keys_of(m)}
    assert {"err", "pos", "illegal", "why", "colour", "game", "opt"} <= {k.split(".")[0] for k in met}
    for gid in GAMES:
        assert any(k.startswith(gid + ".illegal.") for k in met), f"{gid}: no reason of its own for an illegal move"
        assert any(k.startswith(gid + ".pos.") for k in met), f"{gid}: no reason of its own for a bad position"


def test_everything_met_is_a_message(seen):
    assert not seen.not_messages, seen.not_messages[:10]


def test_every_key_met_exists_in_both_languages(seen):
    missing = sorted({(k, where) for where, m in seen.messages.values() for k in keys_of(m)
                      if k not in TABLE or not TABLE[k]["en"] or not TABLE[k]["de"]})
    assert not missing, missing[:20]


def test_every_field_is_filled(seen):
    for where, m in seen.messages.values():
        for lang in ("en", "de"):
            text = tr(m, lang)
            assert "{" not in text and "}" not in text, f"{where}: {text!r}"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_word_of_the_other_language(seen, lang):
    foreign = only_in("de" if lang == "en" else "en")
    bad = []
    for where, m in seen.messages.values():
        text = tr(echo_free(m), lang)
        if words(text) & foreign:
            bad.append((where, text, sorted(words(text) & foreign)))
    assert not bad, bad[:10]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_board_labels_read_in_one_language(seen, lang):
    """The accessible names of squares and pieces, as the renderer writes them."""
    foreign = only_in("de" if lang == "en" else "en")
    bad = [(where, label) for label, where in seen.labels.items()
           if label.startswith(lang + ":") and words(label[3:]) & foreign]
    assert not bad, bad[:10]
    assert any(label.startswith(lang + ":") for label in seen.labels)


def test_german_entries_that_equal_the_english_are_names():
    same = {k: e["en"] for k, e in TABLE.items() if e["en"] == e["de"] and words(e["en"]) - SAME_WORDS}
    assert not same, same


# ------------------------------------------------------------------ the table itself
def test_keys_as_arguments_are_read_in_the_reader_language():
    args = {"player": "@colour.red", "winner": "@colour.blue"}
    assert t("why.no_moves", "de", **args) == "Rot hat keinen erlaubten Zug: Blau gewinnt."
    assert t("why.no_moves", "en", **args) == "Red has no legal move: Blue wins."


def test_messages_nest_with_their_arguments():
    reason = msg("illegal.no_piece", cell="D4")
    assert t("err.move_illegal_why", "de", text="D4-D5", why=reason) == \
        "D4-D5 ist hier nicht erlaubt: auf D4 steht keine Figur"
    assert tr(msg("list.comma", a="@colour.red", b=joined(["@colour.blue", "@colour.green"], "or")), "de") == \
        "Rot, Blau oder Grün"


def test_an_error_speaks_both_languages():
    with pytest.raises(IllegalMove) as e:
        GAMES["snorkels"].new().push_text("swap")
    assert e.value.message("de").startswith("swap ist hier nicht erlaubt: Tauschen ist nur")
    assert str(e.value).startswith("swap is not allowed here: a swap is only possible")


def test_a_bad_option_inside_a_code_is_explained_in_german():
    with pytest.raises(BadPosition) as e:
        GAMES["snorkels"].decode("1:pie.maybe:7/7/7/7/7/7/7;0;0;0;")
    assert e.value.message("de") == ("Dieser Stellungscode ist nicht lesbar: „maybe“ ist kein gültiger Wert "
                                     "für die Option „pie“.")


# ------------------------------------------------------------------ no prose in the source
def _sources():
    for path in sorted((ROOT / "py").rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _prose(node) -> bool:
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str) \
        and " " in node.value


def test_no_reason_is_written_as_prose():
    """A `why=` of an error and a value returned by why_illegal are messages, never sentences."""
    bad = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                bad += [f"{path.name}:{node.lineno}" for kw in node.keywords if kw.arg == "why" and _prose(kw.value)]
            if isinstance(node, ast.FunctionDef) and node.name == "why_illegal":
                bad += [f"{path.name}:{r.lineno}" for r in ast.walk(node)
                        if isinstance(r, ast.Return) and r.value is not None and _text(r.value)]
    assert not bad, bad


def _text(node) -> bool:
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str)


KEY_ARG = {"msg": 0, "t": 0, "BadPosition": 0, "IllegalMove": 0, "BadMove": 0, "BadOption": 0, "BadLink": 0,
           "SpielkisteError": 0, "parse_int": 3}


def import_every_module_that_runs_here():
    """Every module under py/ that does not need the browser: each adds its own texts on import."""
    for path in sorted((ROOT / "py").rglob("*.py")):
        parts = path.relative_to(ROOT / "py").with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        try:
            importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        except ModuleNotFoundError as e:
            if (e.name or "").split(".")[0] not in ("js", "pyscript", "pyodide", "pyspiel", "numpy"):
                raise            # only the browser's modules, or an optional extra's, may be missing here


def test_every_key_written_in_the_source_exists():
    """Keys spelt out in the code (msg, t, the errors, parse_int's field name), and the fixed
    start of keys built at run time, are in the table in both languages."""
    import_every_module_that_runs_here()
    bad = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            name = getattr(node, "func", None) and getattr(node.func, "id", getattr(node.func, "attr", ""))
            if not isinstance(node, ast.Call) or name not in KEY_ARG or len(node.args) <= KEY_ARG[name]:
                continue
            arg = node.args[KEY_ARG[name]]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                ok = arg.value in TABLE
            elif isinstance(arg, ast.JoinedStr) and isinstance(arg.values[0], ast.Constant):
                ok = any(k.startswith(arg.values[0].value) for k in TABLE)
            else:
                continue
            if not ok:
                bad.append(f"{path.name}:{node.lineno}")
    assert not bad, bad


def fields(text: str) -> set[str]:
    return {f[1:-1].split(":")[0].split("!")[0] for f in FIELD.findall(text)}


def test_both_languages_have_the_same_fields():
    bad = {k: (e["en"], e["de"]) for k, e in TABLE.items() if fields(e["en"]) != fields(e["de"])}
    assert not bad, bad


def test_every_message_written_in_the_source_fills_exactly_its_fields():
    """msg("key", ...) and the errors name exactly the fields of their text, wherever they are
    in the code, reached by the walk or not."""
    bad = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            name = getattr(node, "func", None) and getattr(node.func, "id", getattr(node.func, "attr", ""))
            if not isinstance(node, ast.Call) or name not in KEY_ARG or name == "parse_int" or not node.args:
                continue
            key = node.args[0]
            if not (isinstance(key, ast.Constant) and key.value in TABLE) or \
                    any(kw.arg is None for kw in node.keywords):
                continue
            given = {kw.arg for kw in node.keywords}
            if given != fields(TABLE[key.value]["en"]):
                bad.append(f"{path.name}:{node.lineno} {key.value}: {sorted(given)}")
    assert not bad, bad


def _outcome_fields(node):
    """(key, fields given) of an outcome made in the code, or None: Outcome.win(state, seat, key,
    ...), Outcome.draw(state, key, ...) and State.win(seat, key, ...), which adds the winner."""
    f = node.func
    if not isinstance(f, ast.Attribute) or f.attr not in ("win", "draw") or any(kw.arg is None for kw in node.keywords):
        return None
    on = getattr(f.value, "id", "")
    at = {("Outcome", "win"): 2, ("Outcome", "draw"): 1, ("self", "win"): 1}.get((on, f.attr))
    if at is None or len(node.args) <= at or not isinstance(node.args[at], ast.Constant):
        return None
    given = {kw.arg for kw in node.keywords} - {"line"} | ({"winner"} if on == "self" else set())
    return node.args[at].value, given


def test_every_outcome_written_in_the_source_fills_exactly_its_fields():
    bad = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            found = isinstance(node, ast.Call) and _outcome_fields(node)
            if found:
                key, given = found
                if key not in TABLE or given != fields(TABLE[key]["en"]):
                    bad.append(f"{path.name}:{node.lineno} {key}: {sorted(given)}")
                team = TABLE.get(key + "_team")
                if team and getattr(node.func.value, "id", "") == "self" and \
                        not fields(team["en"]) <= given | {"partner"}:
                    bad.append(f"{path.name}:{node.lineno} {key}_team: {sorted(given | {'partner'})}")
    for gid, cls in GAMES.items():
        for key, want in ((getattr(cls, "stuck_reason", ""), set()), (getattr(cls, "quiet_reason", ""), {"rounds"})):
            if key and (key not in TABLE or fields(TABLE[key]["en"]) != want):
                bad.append(f"{gid}: {key}")
    assert not bad, bad


def test_labels_are_messages():
    """Cell and piece labels are messages that the renderer translates, never text."""
    bad = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            name = getattr(node.func, "id", getattr(node.func, "attr", "")) if isinstance(node, ast.Call) else ""
            if name in ("Cell", "Piece"):
                bad += [f"{path.name}:{node.lineno}" for kw in node.keywords if kw.arg == "label" and _text(kw.value)]
            if isinstance(node, ast.Assign) and _text(node.value) and \
                    any(isinstance(x, ast.Attribute) and x.attr == "label" for x in node.targets):
                bad.append(f"{path.name}:{node.lineno}")
    assert not bad, bad
