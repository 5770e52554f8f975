"""Text keys of the puzzle room (English, German), added to the one table in spielkiste.texts; the
`ui.puzzle.*` keys also reach the page (page_data.py), the `puzzle.*` keys the worker translates
(puzzle_session.py)."""
from spielkiste.texts import add

add({
    # the page's own labels (index.html, spielkiste_page/puzzles.py)
    "ui.puzzle.open": ("Puzzles", "Aufgaben"),
    "ui.puzzle.open_game": ("Puzzles: {game}", "Aufgaben: {game}"),
    "ui.puzzle.next": ("Next puzzle", "Nächste Aufgabe"),
    "ui.puzzle.daily": ("Daily puzzle", "Aufgabe des Tages"),
    "ui.puzzle.retry": ("Retry", "Noch einmal"),
    "ui.puzzle.solution": ("Solution", "Lösung"),
    "ui.puzzle.back": ("Back to your game", "Zurück zu deiner Partie"),
    "ui.puzzle.show": ("Solution step by step", "Lösung Zug für Zug"),
    "ui.puzzle.step_back": ("Previous move of the solution", "Voriger Zug der Lösung"),
    "ui.puzzle.step_forward": ("Next move of the solution", "Nächster Zug der Lösung"),
    "ui.puzzle.copy_link": ("Copy link", "Link kopieren"),
    "ui.puzzle.none": ("This game has no puzzles.", "Für dieses Spiel gibt es keine Aufgaben."),
    # the worker's texts (puzzle_session.py)
    "puzzle.title": ("Puzzle {id}", "Aufgabe {id}"),
    "puzzle.daily_title": ("Daily puzzle", "Aufgabe des Tages"),
    "puzzle.task_win1": ("{colour} to move and win", "{colour} zieht und gewinnt"),
    "puzzle.task_win": ("{colour} to move and win in {n} moves", "{colour} zieht und gewinnt in {n} Zügen"),
    "puzzle.task_defend": ("{colour} to move: find the only move after which the opponent cannot force a win "
                           "in {n} moves",
                           "{colour} zieht: Finde den einzigen Zug, nach dem der Gegner keinen Sieg in {n} Zügen "
                           "erzwingen kann"),
    "puzzle.difficulty": ("Difficulty {level} of 4 · rated {rating}", "Schwierigkeit {level} von 4 · Wertung {rating}"),
    "puzzle.your_move": ("Your move.", "Du bist am Zug."),
    "puzzle.right": ("Right! Go on.", "Richtig! Weiter."),
    "puzzle.right_reply": ("Right! {colour} answers {reply}. Your move again.",
                           "Richtig! {colour} antwortet {reply}. Du bist wieder am Zug."),
    "puzzle.solved": ("Solved!", "Gelöst!"),
    "puzzle.solved_reply": ("Solved! {colour} has to answer {reply} and loses.",
                            "Gelöst! {colour} muss {reply} antworten und verliert."),
    "puzzle.wrong": ("{move} is not the move.", "{move} ist nicht der richtige Zug."),
    # a wrong move's refutation (puzzle_session.refutation_text): {outcome} is the game's own end text
    "puzzle.refuted_end": ("{move} is met by {reply}. {outcome}", "Auf {move} folgt {reply}. {outcome}"),
    "puzzle.wrong_ends": ("{move} ends the game. {outcome}", "{move} beendet die Partie. {outcome}"),
    "puzzle.refuted": ("{move} is met by {reply}, and {colour} no longer wins in {n} moves.",
                       "Auf {move} folgt {reply}, und {colour} gewinnt nicht mehr in {n} Zügen."),
    "puzzle.refuted_defence": ("{move} is met by {reply}, and {colour} forces a win in {n} {n:move|moves}.",
                               "Auf {move} folgt {reply}, und {colour} erzwingt den Sieg in {n} {n:Zug|Zügen}."),
    "puzzle.refuted_1": ("{move} does not win: {reply} follows.", "{move} gewinnt nicht: Es folgt {reply}."),
    "puzzle.slower": ("{move} wins too, but slower: {reply} is forced. {outcome} Find the win in {n} {n:move|moves}.",
                      "{move} gewinnt auch, aber langsamer: {reply} ist erzwungen. {outcome} "
                      "Finde den Gewinn in {n} {n:Zug|Zügen}."),
    "puzzle.wrong_turn": ("After {move}, {colour} no longer wins in {n} moves.",
                          "Nach {move} gewinnt {colour} nicht mehr in {n} Zügen."),
    "puzzle.daily_done": ("You solved today's puzzle. A new one comes tomorrow.",
                          "Die Aufgabe von heute hast du gelöst. Morgen kommt eine neue."),
    "puzzle.solution": ("Solution: {line}", "Lösung: {line}"),
    "puzzle.shown": ("Move {ply} of {n} of the solution", "Zug {ply} von {n} der Lösung"),
    "puzzle.rating": ("Puzzle rating {rating}", "Aufgabenwertung {rating}"),
    "puzzle.streak": ("Streak {n}", "Serie {n}"),
    "puzzle.change": ("({change})", "({change})"),
    "puzzle.none_open": ("No puzzle is open.", "Keine Aufgabe ist geöffnet."),
    "puzzle.no_puzzles": ("{game} has no puzzles.", "Für {game} gibt es keine Aufgaben."),
    "puzzle.unknown": ("{game} has no puzzle {id}.", "{game} hat keine Aufgabe {id}."),
    "puzzle.over": ("This puzzle is over: retry it or take the next one.",
                    "Diese Aufgabe ist vorbei: Versuch sie noch einmal oder nimm die nächste."),
    "puzzle.not_yet": ("The solution is shown once the puzzle is over.",
                       "Die Lösung kommt, wenn die Aufgabe vorbei ist."),
})
