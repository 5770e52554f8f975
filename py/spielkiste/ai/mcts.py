"""Monte Carlo tree search (UCT) for any number of seats.

Each node keeps the total reward of the seat that moved into it, so every seat maximises its
own reward (max^n); team-mates share rewards through Outcome, so they cooperate for free. A
child whose move wins at once is taken without further search. The search runs in slices
(run(seconds=...)) so a caller (the AI worker) can report progress and stop it between them."""
import math
import random
import time


class Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "total", "mover", "win")

    def __init__(self, move, parent, mover):
        self.move = move
        self.parent = parent
        self.mover = mover
        self.children: list[Node] = []
        self.untried: list = []
        self.visits = 0
        self.total = 0.0
        self.win = False          # the move into this node ends the game with a win for its mover


class Search:
    def __init__(self, state, seed=None, exploration: float = 1.0):
        if state.result is not None:
            raise ValueError("the game is over")
        self.state = state.copy()
        self.rng = random.Random(seed)
        self.c = exploration
        self.root = Node(None, None, None)
        self.root.untried = self._moves(self.state)
        self.iterations = 0

    def _moves(self, state):
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        return moves

    def step(self) -> None:
        node, state, rng = self.root, self.state.copy(), self.rng
        # selection
        while not node.untried and node.children:
            win = next((ch for ch in node.children if ch.win), None)
            if win is not None:
                node = win
            else:
                log_n = math.log(node.visits)
                c = self.c
                node = max(node.children,
                           key=lambda ch: ch.total / ch.visits + c * math.sqrt(log_n / ch.visits))
            state.play(node.move)
        # expansion
        if node.untried:
            move = node.untried.pop()
            mover = state.to_move
            state.play(move)
            child = Node(move, node, mover)
            if state.result is None:
                child.untried = self._moves(state)
            elif state.result.rewards[mover] == 1.0 and len(state.result.winners) < state.num_players:
                child.win = True
            node.children.append(child)
            node = child
        # playout
        rewards = self.playout(state, rng)
        # backpropagation
        while node is not None:
            node.visits += 1
            if node.mover is not None:
                node.total += rewards[node.mover]
            node = node.parent
        self.iterations += 1

    @staticmethod
    def playout(state, rng) -> tuple:
        cap = state.playout_cap
        n = 0
        while state.result is None:
            if n >= cap:
                ev = state.evaluate()
                return ev if ev is not None else (0.5,) * state.num_players
            state.play(state.playout_move(rng))
            n += 1
        return state.result.rewards

    def run(self, seconds: float | None = None, iterations: int | None = None) -> None:
        """Search for a time, a number of iterations, or both (whichever ends first)."""
        if seconds is None and iterations is None:
            raise ValueError("give seconds or iterations")
        deadline = time.perf_counter() + seconds if seconds is not None else None
        done = 0
        while iterations is None or done < iterations:
            if self.root.untried == [] and len(self.root.children) == 1 and self.iterations:
                break     # only one move: nothing to think about
            if any(ch.win for ch in self.root.children):
                break
            self.step()
            done += 1
            if deadline is not None and (done & 7) == 0 and time.perf_counter() >= deadline:
                break

    def best_child(self) -> Node:
        win = next((ch for ch in self.root.children if ch.win), None)
        if win is not None:
            return win
        if not self.root.children:
            self.step()
        return max(self.root.children, key=lambda ch: (ch.visits, ch.total))

    def best_move(self):
        return self.best_child().move

    def info(self) -> dict:
        """Progress for the page: iterations, best move, its value for the mover, main line."""
        best = self.best_child()
        line, node, state = [], best, self.state.copy()
        while node is not None and len(line) < 8:
            line.append(state.move_text(node.move))
            state.play(node.move)
            node = max(node.children, key=lambda ch: ch.visits) if node.children else None
        return {
            "iterations": self.iterations,
            "move": self.state.move_text(best.move),
            "value": 1.0 if best.win else (best.total / best.visits if best.visits else 0.5),
            "line": line,
        }
