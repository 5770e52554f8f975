"""The one table of interface text, in English and German.

The core keys live here; each game module adds its own keys (names, reasons, option labels)
with `add()`, so everything a player reads comes from this table. Messages use
str.format fields; arguments are plain values (cells, numbers), other keys prefixed '@', or
whole messages: a message is a pair (key, args) built with `msg()` and read with `tr()`, so a
reason travels with its arguments until the page knows the reader's language.

A field whose format spec lists forms separated by '|' picks one by the count in that field,
with the language's plural rule: "{n} {n:piece|pieces} left" reads "1 piece left", "0 pieces
left". The forms are in the order of the language's categories in `PLURAL_FORMS`, so a language
with more categories (Polish: one|few|many) needs only its rule, and a text may count several
things ("{t} {t:triangle|triangles}, {s} {s:square|squares}").
"""

import string
from collections.abc import Iterable, Mapping
from typing import TypeAlias, TypeGuard

Message: TypeAlias = tuple[str, Mapping[str, object]]    # a text key and its arguments (msg())

LANGS = ("en", "de")
# the CLDR plural categories of each language for whole numbers, as a rule giving the index of the form
PLURAL_FORMS = {"en": ("one", "other"), "de": ("one", "other")}
PLURAL_RULE = {"en": lambda n: 0 if n == 1 else 1, "de": lambda n: 0 if n == 1 else 1}

TABLE: dict[str, dict[str, str]] = {}


def add(entries: dict[str, tuple[str, str]]) -> None:
    """Add keys as {key: (english, german)}; a key may be added only once."""
    for key, (en, de) in entries.items():
        if key in TABLE and TABLE[key] != {"en": en, "de": de}:
            raise KeyError(f"text key defined twice: {key}")
        TABLE[key] = {"en": en, "de": de}


def msg(key: str, **args: object) -> Message:
    """A message: a text key with its arguments, translated only when shown."""
    return key, args


def tr(message: Message, lang: str = "en") -> str:
    """The text of a message made by `msg()`."""
    key, args = message
    return t(key, lang, **args)


def joined(items: Iterable[object], word: str = "and") -> object:
    """A message listing items (cells, '@key's, messages) as 'A, B and C' / 'A, B or C'."""
    items = list(items)
    out = items[-1]
    for i in range(len(items) - 2, -1, -1):
        out = msg("list." + (word if i == len(items) - 2 else "comma"), a=items[i], b=out)
    return out


def is_msg(value: object) -> TypeGuard[Message]:
    return type(value) is tuple and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict)


def _arg(value: object, lang: str) -> object:
    if isinstance(value, str) and value.startswith("@") and value[1:] in TABLE:   # not quoted input ('@')
        return t(value[1:], lang)
    if is_msg(value):
        return tr(value, lang)
    return value


def count_of(value: object) -> int:
    """The whole number in a count, also when the page has already grouped its digits (12.345)."""
    if isinstance(value, int):
        return value
    return int("".join(ch for ch in str(value) if ch.isdigit()) or 0)


class _Plurals(string.Formatter):
    """str.format, except that a spec with '|' chooses the form for the count (see the module doc)."""

    def __init__(self, lang: str):
        self.lang = lang if lang in PLURAL_RULE else "en"

    def format_field(self, value: object, spec: str) -> str:
        if "|" not in spec:
            return str(super().format_field(value, spec))
        forms = spec.split("|")
        return forms[min(PLURAL_RULE[self.lang](count_of(value)), len(forms) - 1)]


def t(key: str, lang: str = "en", **args: object) -> str:
    """The text for `key` in `lang`; argument values that start with '@' are keys themselves,
    (key, args) pairs are messages."""
    entry = TABLE.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry["en"]
    if not args:
        return text
    resolved = {k: _arg(v, lang) for k, v in args.items()}
    try:
        if "|" not in text:              # no plural field: str.format, the same text 5x faster
            return text.format(**resolved)
        return _Plurals(lang).format(text, **resolved)
    except (KeyError, IndexError, ValueError):
        return text


add({
    # errors
    "err.move_syntax": ("'{text}' is not a move in {game}.", "„{text}“ ist kein Zug in {game}."),
    "err.move_illegal": ("{text} is not allowed here.", "{text} ist hier nicht erlaubt."),
    "err.move_illegal_why": ("{text} is not allowed here: {why}", "{text} ist hier nicht erlaubt: {why}"),
    "err.game_over": ("The game is over.", "Die Partie ist beendet."),
    "err.position": ("This position code cannot be read: {why}", "Dieser Stellungscode ist nicht lesbar: {why}"),
    "err.position_version": ("This position code is of version {found}; this app reads version {expected}.",
                             "Dieser Stellungscode hat Version {found}; diese App liest Version {expected}."),
    "err.option_unknown": ("{game} has no option '{name}'.", "{game} hat keine Option „{name}“."),
    "err.option_value": ("'{value}' is not a valid value for option '{name}'.",
                         "„{value}“ ist kein gültiger Wert für die Option „{name}“."),
    "err.teams_players": ("Teams of two play only with {count} players.",
                          "Teams zu zweit gibt es nur mit {count} Personen."),
    "err.players": ("{game} cannot be played by {count} {count:player|players}.",
                    "{game} kann nicht von {count} {count:Person|Personen} gespielt werden."),
    "err.game_unknown": ("There is no game '{name}'.", "Es gibt kein Spiel „{name}“."),
    "err.cli_pos_opt": ("--pos carries its options; do not add --opt.", "--pos enthält die Optionen; kein --opt dazu."),
    "err.cli_depth": ("The depth is a number of moves, 0 or more, not {depth}.",
                      "Die Tiefe ist eine Zahl von Zügen, 0 oder mehr, nicht {depth}."),
    "err.cli_games": ("A match has 1 game or more, not {games}.",
                      "Ein Vergleich hat 1 Partie oder mehr, nicht {games}."),
    "err.link": ("This link cannot be read: {why}", "Dieser Link ist nicht lesbar: {why}"),
    "err.link_move": ("This link cannot be read: move {number} ({text}) is not allowed there.",
                      "Dieser Link ist nicht lesbar: Zug {number} ({text}) ist dort nicht erlaubt."),
    "err.saved": ("The saved game could not be restored and was left alone.",
                  "Die gespeicherte Partie konnte nicht wiederhergestellt werden und bleibt unverändert."),
    # a request's seats, level or rotation that the page never offers (a menu changed by a script): no save involved
    "err.setting": ("Not a choice this app offers ({field}); nothing was changed.",
                    "Keine Wahl, die die App anbietet ({field}); nichts wurde geändert."),
    "err.saved_field": ("The saved game could not be restored and was left alone: its '{field}' is not valid.",
                        "Die gespeicherte Partie konnte nicht wiederhergestellt werden und bleibt unverändert: "
                        "ihr Eintrag „{field}“ ist ungültig."),
    # why a link cannot be read (the {why} of err.link)
    "link.long": ("it is too long", "er ist zu lang"),
    "link.no_game": ("it names no game of this collection", "er nennt kein Spiel dieser Sammlung"),
    "link.garbled": ("its parameters are garbled", "seine Parameter sind verstümmelt"),
    "link.twice": ("'{name}' appears twice", "„{name}“ kommt zweimal vor"),
    "link.version": ("link version {found} is not known", "die Link-Version {found} ist unbekannt"),
    "link.options_inside": ("a position link carries its options inside the position",
                            "ein Stellungslink trägt seine Optionen in der Stellung"),
    "link.code_chars": ("the position has characters a position code never has",
                        "die Stellung enthält Zeichen, die ein Stellungscode nie enthält"),
    "link.at": ("'at' is not a move number of this game", "„at“ ist keine Zugnummer dieser Partie"),
    # why a position code cannot be read, for any game
    "pos.long": ("it is longer than any position code", "er ist länger als jeder Stellungscode"),
    "pos.option_twice": ("the option '{name}' appears twice", "die Option „{name}“ kommt zweimal vor"),
    "pos.run": ("a row has a run of {run} empty squares, but only {expected} squares",
                "eine Reihe hat eine Lücke von {run} Feldern, aber nur {expected} Felder"),
    # why a position code cannot be read (the {why} of err.position), shared by the games
    "pos.format": ("expected 'version:options:position'", "erwartet wird „Version:Optionen:Stellung“"),
    "pos.garbled": ("part of it is garbled", "ein Teil davon ist verstümmelt"),
    "pos.rows": ("expected {expected} rows, found {found}", "{expected} Reihen erwartet, {found} gefunden"),
    "pos.row": ("a row has {found} {found:square|squares} instead of {expected}",
                "eine Reihe hat {found} {found:Feld|Felder} statt {expected}"),
    "pos.piece": ("unknown piece '{piece}'", "unbekannte Figur „{piece}“"),
    "pos.fields": ("expected {expected} fields, found {found}", "{expected} Abschnitte erwartet, {found} gefunden"),
    "pos.number": ("{what} must be a number from {lo} to {hi}", "{what} muss eine Zahl von {lo} bis {hi} sein"),
    "pos.what.to_move": ("the player to move", "der Spieler am Zug"),
    "pos.last_move": ("the last move does not fit the board", "der letzte Zug passt nicht zum Brett"),
    "pos.last_unreadable": ("the last move is not readable", "der letzte Zug ist nicht lesbar"),
    "pos.wrong_to_move": ("the wrong player is to move", "der falsche Spieler ist am Zug"),
    "pos.no_move": ("the player to move has no move", "der Spieler am Zug hat keinen Zug"),
    "pos.repetition_field": ("the field after the position may only be 'r' (drawn by repetition)",
                             "das Feld nach der Stellung darf nur „r“ sein (Remis durch Wiederholung)"),
    "pos.no_square": ("there is no square {cell}", "es gibt kein Feld {cell}"),
    "pos.what.quiet": ("the count of turns without progress", "die Zahl der Züge ohne Fortschritt"),
    # why a move is not allowed (the {why} of err.move_illegal_why), shared by the games
    "illegal.not_empty": ("that square is not empty", "dieses Feld ist nicht leer"),
    "illegal.off_board": ("that square is not on the board", "dieses Feld liegt nicht auf dem Brett"),
    "illegal.no_piece": ("there is no piece on {cell}", "auf {cell} steht keine Figur"),
    "illegal.not_yours": ("the piece on {cell} is not yours", "die Figur auf {cell} gehört nicht dir"),
    "illegal.straight": ("pieces move straight along a row or column",
                         "Figuren ziehen gerade entlang einer Reihe oder Spalte"),
    "list.and": ("{a} and {b}", "{a} und {b}"),
    "list.or": ("{a} or {b}", "{a} oder {b}"),
    "list.comma": ("{a}, {b}", "{a}, {b}"),
    # outcomes shared by several games
    "why.no_moves": ("{player} has no legal move: {winner} wins.",
                     "{player} hat keinen erlaubten Zug: {winner} gewinnt."),
    "why.repetition": ("Draw by threefold repetition.", "Remis durch dreifache Stellungswiederholung."),
    "why.draw": ("Draw.", "Unentschieden."),
    # UI
    "ui.title": ("Spielkiste", "Spielkiste"),
    "ui.tagline": ("Ten abstract board games, offline, against each other or the computer.",
                   "Zehn abstrakte Brettspiele, offline, gegeneinander oder gegen den Computer."),
    "ui.games": ("Games", "Spiele"),
    "ui.coming": ("coming soon", "folgt bald"),
    "ui.new_game": ("New game", "Neue Partie"),
    "ui.start": ("Start", "Starten"),
    "ui.cancel": ("Cancel", "Abbrechen"),
    "ui.human": ("Human", "Mensch"),
    "ui.computer": ("Computer", "Computer"),
    "ui.level": ("Computer strength", "Spielstärke des Computers"),
    "ui.level.1": ("easy", "leicht"),
    "ui.level.2": ("medium", "mittel"),
    "ui.level.3": ("strong", "stark"),
    "ui.level.4": ("strongest", "am stärksten"),
    "ui.level.solo": ("In a game for one the level sets how long the computer thinks when it plays.",
                      "In einem Spiel für eine Person bestimmt die Stufe, wie lange der Computer "
                      "nachdenkt, wenn er spielt."),
    "ui.level.measured": ("In {game} this level scored {share} % in {n} two-player {n:game|games} against "
                          "“{lower}” (a draw counts half).",
                          "In {game} holte diese Stufe {share} % der Punkte in {n} {n:Partie|Partien} "
                          "zu zweit gegen „{lower}“ (ein Remis zählt halb)."),
    "ui.level.weaker": ("That is clearly weaker than the level below: in {game}, “{lower}” plays better.",
                        "Das ist deutlich schwächer als die Stufe darunter: In {game} spielt „{lower}“ besser."),
    "ui.players": ("Players", "Spieler"),
    "ui.teams": ("Teams", "Teams"),
    "ui.undo": ("Back to your last turn (browsing: Take back removes moves)",
                "Zurück zu deinem letzten Zug (ansehen: Zurücknehmen löscht Züge)"),
    "ui.redo": ("Redo", "Vor"),
    "ui.first": ("Start of the game", "Partieanfang"),
    "ui.last": ("Latest move", "Letzter Zug"),
    "ui.copy_link": ("Copy link", "Link kopieren"),
    "ui.link_copied": ("Link copied.", "Link kopiert."),
    "ui.link_here": ("Link to this game:", "Link zu dieser Partie:"),
    "ui.stop": ("Move now", "Jetzt ziehen"),
    "ui.thinking": ("{player} is thinking…", "{player} denkt nach …"),
    "ui.thinking_stats": ("{iterations} {iterations:position|positions} · best {move} ({percent}%)",
                          "{iterations} {iterations:Stellung|Stellungen} · bester Zug {move} ({percent} %)"),
    "ui.to_move": ("{player} to move.", "{player} ist am Zug."),
    "ui.to_move_you": ("{player} to move: your turn.", "{player} ist am Zug: du bist dran."),
    "ui.moves": ("Moves", "Züge"),
    "ui.no_moves_yet": ("No moves yet.", "Noch keine Züge."),
    "ui.rules": ("Rules", "Regeln"),
    "ui.language": ("Language", "Sprache"),
    "ui.back": ("Back to the board", "Zurück zum Brett"),
    "ui.loading": ("Loading the game engine…", "Spiel-Engine wird geladen …"),
    "ui.ai_loading": ("The computer player is starting…", "Der Computerspieler startet …"),
    "ui.rotate": ("Rotate board", "Brett drehen"),
    "ui.choose": ("Choose:", "Wähle:"),
    "ui.viewing": ("Viewing the position after {move}; play on from here or go to the latest move.",
                   "Ansicht nach {move}; von hier weiterspielen oder zum letzten Zug."),
    "ui.viewing_start": ("Viewing the start; play on from here or go to the latest move.",
                         "Ansicht der Ausgangsstellung; von hier weiterspielen oder zum letzten Zug."),
    "ui.embed_open": ("Open full app", "Vollständige App öffnen"),
    "ui.board": ("{game} board", "{game}-Spielbrett"),
    "ui.offline_ready": ("Ready to play offline.", "Bereit zum Offline-Spielen."),
    "ui.seat": ("Seat {number}", "Platz {number}"),
    "ui.option.seed": ("Random seed", "Zufallszahl"),
    "ui.tool_running": ("Working it out…", "Wird berechnet …"),
})

add({f"colour.{k}": v for k, v in {
    "white": ("White", "Weiß"), "black": ("Black", "Schwarz"), "orange": ("Orange", "Orange"),
    "purple": ("Purple", "Lila"), "green": ("Green", "Grün"), "red": ("Red", "Rot"),
    "blue": ("Blue", "Blau"), "yellow": ("Yellow", "Gelb"), "neutral": ("Neutral", "Neutral"),
    "player": ("Player", "Spieler"),
}.items()})

add({f"game.{k}": v for k, v in {
    "surikata": ("Surikata", "Surikata"), "snorkels": ("Snorkels", "Snorkels"),
    "blockade": ("Blockade", "Blockade"), "weltreich": ("Weltreich (World Empire)", "Weltreich"),
    "sprung": ("Schaff den Sprung (Make the Leap)", "Schaff den Sprung"),
    "aufstellen": ("Aufstellen (Line Up)", "Aufstellen"),
    "solitaire": ("Allein Wetteifern (Solitaire)", "Allein Wetteifern"),
    "tor": ("Das Tor (The Gate)", "Das Tor"), "ziggurats": ("Ziggurats", "Ziggurats"),
    "drei": ("Die Drei (The Three)", "Die Drei"),
}.items()})
add({f"blurb.{k}": v for k, v in {
    "surikata": ("Place pieces out of the meerkat's view; three in a row loses.",
                 "Setze außerhalb der Sicht des Erdmännchens; drei in einer Reihe verliert."),
    "snorkels": ("Surround an enemy group on 7x7 before one of yours is surrounded.",
                 "Umschließe auf 7x7 eine gegnerische Gruppe, bevor eine deiner Gruppen umschlossen ist."),
    "blockade": ("Steer your king off the far edge with guards that deflect it.",
                 "Lenke deinen König mit Wächtern über den gegenüberliegenden Rand."),
    "weltreich": ("Seize the thrones; every piece captures at its own distance. 2-4 players.",
                  "Besetze die Throne; jede Figur schlägt auf ihre Entfernung. 2-4 Spieler."),
    "sprung": ("A race to the right with jumps and bonus moves. 2-4 players.",
               "Ein Wettlauf nach rechts mit Sprüngen und Extrazügen. 2-4 Spieler."),
    "aufstellen": ("Four in a line on the 16 circled centres, moving pieces in a fixed order.",
                   "Vier in einer Linie auf den 16 umkreisten Zentren, in fester Reihenfolge."),
    "solitaire": ("Jump and remove until one piece is left.",
                  "Springen und entfernen, bis eine Figur übrig ist."),
    "tor": ("Open gates to bring all your pieces into play. 2-4 players.",
            "Öffne Tore, um alle Figuren ins Spiel zu bringen. 2-4 Spieler."),
    "ziggurats": ("Build and climb: top a ziggurat first. 2-6 players.",
                  "Baue und klettere: vollende als Erster eine Zikkurat. 2-6 Spieler."),
    "drei": ("Place where your opponent's last pawn attacks; three evenly spaced in a line wins.",
             "Setze, wo die letzte Figur des Gegners angreift; drei in gleichen Abständen auf einer Linie gewinnen."),
}.items()})

add({f"shape.{k}": v for k, v in {
    "disc": ("piece", "Stein"), "stone": ("stone", "Stein"), "mound": ("termite mound", "Termitenhügel"),
    "cylinder": ("cylinder", "Zylinder"), "triangle": ("triangle", "Dreieck"), "square": ("square", "Viereck"),
    "pawn": ("pawn", "Figur"), "block": ("block", "Block"), "piece": ("piece", "Spielstein"),
}.items()})
add({
    "cell.empty": ("{cell}, empty", "{cell}, leer"),
    "cell.with": ("{cell}: {pieces}", "{cell}: {pieces}"),
    "cell.piece": ("{colour} {shape}", "{colour}: {shape}"),
    "cell.target": ("possible move", "möglicher Zug"),
    "cell.bottom_to_top": ("stack from bottom to top", "Stapel von unten nach oben"),
    "mark.meerkat": ("with the meerkat", "mit dem Erdmännchen"),
    "fill.red": ("red square", "rotes Feld"), "fill.yellow": ("yellow square", "gelbes Feld"),
    "fill.green": ("green square", "grünes Feld"), "fill.blue": ("blue square", "blaues Feld"),
    "cellmark.rook": ("attacks like a rook", "greift wie ein Turm an"),
    "cellmark.bishop": ("attacks like a bishop", "greift wie ein Läufer an"),
    "cellmark.knight": ("attacks like a knight", "greift wie ein Springer an"),
    "cellmark.king": ("attacks like a king", "greift wie ein König an"),
    "cellmark.centre": ("centre", "Zentrum"), "cellmark.throne": ("throne", "Thron"),
    "cellmark.crown": ("crowning throne", "Krönungsthron"), "cellmark.goal": ("goal", "Ziel"),
    "mark.commander": ("commander", "Kommandeur"),
})
