"""Text keys of the learn room (English, German), added to the one table in spielkiste.texts; the
`ui.learn.*` keys also reach the page (page_data.py)."""
from spielkiste.texts import add

add({
    # the page's (page_data.json)
    "ui.learn.open": ("Learn", "Lernen"),
    "ui.learn.open_game": ("Learn {game}", "{game} lernen"),
    "ui.learn.title": ("Learn to play", "Spielen lernen"),
    "ui.learn.step": ("Step {n} of {count}", "Schritt {n} von {count}"),
    "ui.learn.steps": ("All steps", "Alle Schritte"),
    "ui.learn.done_mark": ("done", "geschafft"),
    "ui.learn.show": ("Show the answer", "Lösung zeigen"),   # not "Show me": "me" would read as English in "mE1"
    "ui.learn.next": ("Next", "Weiter"),
    "ui.learn.again": ("Try again", "Noch einmal"),
    "ui.learn.back": ("Back to your game", "Zurück zu deiner Partie"),
    "ui.learn.right": ("Right!", "Richtig!"),
    "ui.learn.wrong": ("Not quite.", "Nicht ganz."),
    "ui.learn.complete_title": ("Course complete", "Kurs geschafft"),
    "ui.learn.complete": ("You know the rules of {game} now. Try them in a game!",
                          "Jetzt kennst du die Regeln von {game}. Probier sie in einer Partie aus!"),
    "ui.learn.complete_computer": ("You know the rules of {game} now. Try them in a first game against the "
                                   "computer at its easiest level!",
                                   "Jetzt kennst du die Regeln von {game}. Probier sie in einer ersten Partie "
                                   "gegen den Computer auf der leichtesten Stufe aus!"),
    "ui.learn.first_game": ("Play your first game", "Deine erste Partie spielen"),   # the lowest level
    "ui.learn.restart": ("Start the course again", "Den Kurs neu beginnen"),
    "ui.learn.offer": ("New to {game}? Learn the rules step by step, on the board.",
                       "Neu bei {game}? Lerne die Regeln Schritt für Schritt auf dem Brett."),
    "ui.learn.offer_action": ("Learn to play", "Spielen lernen"),
    # the worker's
    "learn.none_open": ("No lesson is open.", "Es ist keine Lektion offen."),
    "learn.no_game": ("There is no game called {game}.", "Es gibt kein Spiel namens {game}."),
    "learn.no_step": ("There is no step {n}: this course has {count}.",
                      "Einen Schritt {n} gibt es nicht: Dieser Kurs hat {count}."),
    "learn.bad_step": ("This link's step “{step}” is not a step of this course: its steps are 1 to {count}.",
                       "Der Schritt „{step}“ dieses Links ist kein Schritt dieses Kurses: "
                       "seine Schritte sind 1 bis {count}."),
    "learn.team": ("{a} with {b}", "{a} mit {b}"),
    "learn.against": ("{a} against {b}", "{a} gegen {b}"),
    "learn.teams": ("Teams: {sides}. Turns: {order}, and round again.",
                    "Gruppen: {sides}. Reihenfolge: {order}, und wieder von vorn."),
    "learn.shown_move": ("The answer: {move}.", "Die Lösung: {move}."),
    "learn.shown_cells": ("The answer: {cells}.", "Die Lösung: {cells}."),
})
