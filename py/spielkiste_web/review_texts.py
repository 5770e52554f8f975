"""Text keys of the review room (English, German), added to the one table in spielkiste.texts; the
`ui.review.*` keys also reach the page (page_data.py)."""
from spielkiste.texts import add

add({
    "ui.review.title": ("Game review", "Partieauswertung"),
    "ui.review.start": ("Review game", "Partie auswerten"),
    "ui.review.link": ("Copy link with review", "Link mit Auswertung kopieren"),
    "ui.review.deeper": ("Deeper (1 s per position)", "Gründlicher (1 s pro Stellung)"),
    "ui.review.cancel": ("Cancel", "Abbrechen"),
    "ui.review.progress": ("{done} of {total} positions", "{done} von {total} Stellungen"),
    "ui.review.cancelled": ("Review cancelled after {done} of {total} positions.",
                            "Auswertung nach {done} von {total} Stellungen abgebrochen."),
    "ui.review.graph": ("Win chances, move by move", "Gewinnchancen, Zug für Zug"),
    "ui.review.point_start": ("Start: {chances}", "Anfang: {chances}"),
    "ui.review.point": ("Move {number} {move}: {chances}", "Zug {number} {move}: {chances}"),
    "ui.review.chance": ("{player} {percent} %", "{player} {percent} %"),
    "ui.review.point_mark": ("{mark} (better {best}, {percent} %)", "{mark} (besser {best}, {percent} %)"),
    "ui.review.thresholds": (
        "A move that lowers its player's win chance by at least 15 points is an inaccuracy (?!), by 25 a "
        "mistake (?), by 40 a blunder (??). The computer searches {seconds} s per position, so its "
        "chances are estimates, exact only where it proved the result.",
        "Ein Zug, der die Gewinnchance seines Spielers um mindestens 15 Punkte senkt, ist eine "
        "Ungenauigkeit (?!), um 25 ein Fehler (?), um 40 ein grober Fehler (??). Der Computer rechnet "
        "{seconds} s pro Stellung; seine Chancen sind Schätzungen, genau nur, wo er das Ergebnis bewiesen hat."),
    "ui.review.mark.inaccuracy": ("Inaccuracy", "Ungenauigkeit"),
    "ui.review.mark.mistake": ("Mistake", "Fehler"),
    "ui.review.mark.blunder": ("Blunder", "Grober Fehler"),
    "ui.review.mark_title": ("{mark}: {player} lost {loss} points. Better: {best} ({percent} %)",
                             "{mark}: {player} verlor {loss} Punkte. Besser: {best} ({percent} %)"),
    "ui.review.mark_row": ("{player}: {mark}, −{loss} points.", "{player}: {mark}, −{loss} Punkte."),
    "ui.review.better": ("Better: {best} ({percent} %).", "Besser: {best} ({percent} %)."),
    "ui.review.better_does": ("Better: {best} ({percent} %). {what}.", "Besser: {best} ({percent} %). {what}."),
    "review.allows": ("After it, {player} wins by force in {n} moves",
                      "Danach gewinnt {player} erzwungen in {n} Zügen"),
    "review.allows_at_once": ("After it, {player} can win at once", "Danach kann {player} sofort gewinnen"),
    "ui.review.show": ("Show", "Zeigen"),
    "ui.review.show_label": ("Show the better line {line} on the analysis board",
                             "Die bessere Folge {line} auf dem Analysebrett zeigen"),
    "ui.review.no_marks": ("No inaccuracies, mistakes or blunders found.",
                           "Keine Ungenauigkeiten, Fehler oder groben Fehler gefunden."),
    "ui.review.player": ("Player", "Spieler"),
    "ui.review.avg_loss": ("Average loss", "Mittlerer Verlust"),
    "ui.review.loss_value": ("{loss} {loss:point|points} per move", "{loss} {loss:Punkt|Punkte} pro Zug"),
    "ui.review.summary": ("Summary per player", "Zusammenfassung je Spieler"),
    # a review from a link or storage that is set aside (review_session.read_text's reasons)
    "review.link_aside": ("The review in this link was set aside: {why}. The game goes on without it.",
                          "Die Auswertung in diesem Link wurde beiseitegelegt: {why}. "
                          "Die Partie geht ohne sie weiter."),
    "review.kept_aside": ("This game's kept review was set aside: {why}. \"Review game\" makes a new one.",
                          "Die gespeicherte Auswertung dieser Partie wurde beiseitegelegt: {why}. "
                          "„Partie auswerten“ erstellt eine neue."),
    "review.why.unreadable": ("it is not a review this app can read",
                              "sie ist keine Auswertung, die diese App lesen kann"),
    "review.why.other_game": ("it is the review of another game", "sie ist die Auswertung einer anderen Partie"),
    "review.why.entry": ("its entry for move {n} is not valid", "ihr Eintrag zu Zug {n} ist ungültig"),
    "review.why.move": ("the better move it gives at move {n} is not allowed there",
                        "der bessere Zug, den sie bei Zug {n} nennt, ist dort nicht erlaubt"),
})
