"""``dolmen play``: a game at one keyboard, on a :class:`~dolmen.engine.table.Table` driven by the engine's one
driving loop. A person is a policy like any bot: :class:`Person` reads the keyboard when its seat acts.

What the screen says comes from the table: the log of what happened since the reader last looked (in the
reader's language), the board of the seat's view, the legal actions, and why an input is refused
(:meth:`State.illegal_reason`). The record is written to ``--save`` before every prompt and once more when
the game ends, is left, or is interrupted, so a played game is never lost.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from dolmen.cli.files import check_file_to_write, write_atomically
from dolmen.cli.options import check_seats, options_from_args
from dolmen.cli.render import render, status
from dolmen.cli.scores import final_lines
from dolmen.cli.texts import LISTED, action_lines, catalogue, examples, fill, game_glossary, language, width
from dolmen.engine import DolmenError, Game, OptionsError, Policy, Record
from dolmen.engine.core import JSON, Action
from dolmen.engine.driver import run
from dolmen.engine.errors import MalformedStep
from dolmen.engine.messages import Catalogue, Message
from dolmen.engine.table import Table
from dolmen.games import get_game

PREVIEWED = 12
"""``help`` tells what each legal action would do when there are at most this many."""

PLAY_KEY = "dolmen_play"
"""The key of a saved record that remembers how ``dolmen play`` seated the table (which seats are bots)."""


class Quit(Exception):
    """The person left the game (``quit``, or the end of the input)."""


class TookBack(Exception):
    """The person took back their last action: the table is at an earlier version, the loop must ask again."""


@dataclass
class Screen:
    """What the people at the keyboard see: the log as it grows, boards, action lists, the end."""

    table: Table
    out: TextIO
    texts: Catalogue
    names: list[str]
    humans: tuple[int, ...]
    glossary: dict[str, str] = field(default_factory=dict)
    columns: int = field(default_factory=width)
    shown: int = 0
    """The table's version up to which the log is on the screen (one screen, shared by the people at it)."""

    def audience(self, seat: int | None = None) -> int | None:
        """Whose log to show: the acting person; else the only person at the table; else a spectator's."""
        if seat is not None and seat in self.humans:
            return seat
        return self.humans[0] if len(self.humans) == 1 else None

    def catch_up(self, seat: int | None = None) -> None:
        """Print the log lines not on the screen yet, as the person about to act (else the audience) may read
        them."""
        for event in self.table.events(self.audience(seat), self.shown):
            self.line(self.texts.render(event, self.names), indent="  · ")
        self.shown = self.table.version

    def rewind(self) -> None:
        """After a take-back: the steps past the table's version are to be shown again as they are replayed."""
        self.shown = min(self.shown, self.table.version)

    def say(self, refusal: str) -> str:
        """A refusal in the reader's language: a :class:`~dolmen.engine.messages.Message` rendered from its key
        and arguments with the players' names, any other text as it is (English)."""
        if isinstance(refusal, Message):
            return self.texts.render(refusal.to_json(), self.names)
        return refusal

    def line(self, text: str, indent: str = "") -> None:
        """Write ``text`` wrapped between words; continuation lines are indented four spaces more."""
        lead = indent + text[: len(text) - len(text.lstrip(" "))]
        words = text.split()
        for part in fill(words, self.columns, indent=lead, gap=" ", hang=" " * len(lead) + "    "):
            self.out.write(part + "\n")

    def board(self, seat: int, short: bool = False) -> None:
        """The board as ``seat`` sees it; ``short``: only the turn and the seat's own board."""
        draw = status if short else render
        picture = draw(self.table.game.name, self.table.state.view(seat), seat, self.columns, self.glossary)
        self.out.write("\n" + picture + "\n")

    def actions(self, seat: int, legal: Sequence[Action]) -> None:
        self.out.write(f"{self.names[seat]}, your actions (type one, or its number; 'help', 'board', 'quit'):\n")
        for text in action_lines(legal, self.table.action_text, self.columns):
            self.out.write(text + "\n")

    def help(self, seat: int, legal: Sequence[Action]) -> None:
        """What the current step asks and how to say it: the activity, each verb's form with an example."""
        try:
            activity: str | None = self.table.state.activity()
        except NotImplementedError:  # a game that does not name its steps yet
            activity = None
        self.line(f"Now: {activity or 'your turn'}. Type an action's text or its number in the list.")
        for verb, example in examples(legal, self.table.action_text).items():
            self.line(f"{verb}: for example '{example}'", indent="  ")
        if len(legal) <= PREVIEWED:
            self.line("What each choice does:")
            for i in range(len(legal)):
                said = " ".join(self.preview(seat, legal[i])) or "(the log would say nothing)"
                self.line(f"[{i}] {self.table.action_text(legal[i])}: {said}", indent="  ")
        else:
            self.line(
                "Type 'what' and an action to see what it would do, e.g. 'what "
                f"{self.table.action_text(legal[len(legal) - 1])}'."
            )
        named = self.named_in(legal)
        if named:
            self.line("What they give:")
            for name in named:
                self.line(f"{name}: {self.glossary[name]}", indent="  ")
        self.line(
            "Also: 'what ACTION' tells what it would do, 'board' shows the board again, 'actions' the list, "
            "'rules' what every component gives, 'undo' "
            "takes back your last action (not a roll), 'quit' leaves (the game is saved with --save). Upper or "
            "lower case do not matter."
        )

    def preview(self, seat: int, action: Action) -> list[str]:
        """What ``action`` would do, in the log's words: the rules apply it to a copy of the table's state (no
        chance is drawn, and the log shows only what ``seat`` may read)."""
        copy = self.table.state.clone()
        copy.log = []
        try:
            copy.apply_action(seat, action)
        except DolmenError as exc:
            return [f"not possible: {exc}"]
        seen = (event.for_viewer(seat) for event in copy.log)
        return [self.texts.render(event.to_json(), self.names) for event in seen if event is not None]

    def named_in(self, legal: Sequence[Action]) -> list[str]:
        """The glossary's names that the legal actions mention (``buy granaries`` -> ``granaries``)."""
        words: dict[str, None] = {}
        for i in range(min(len(legal), LISTED)):
            for word in self.table.action_text(legal[i]).split()[1:]:
                words[word] = None
        return [word for word in words if word in self.glossary]

    def rules(self) -> None:
        if not self.glossary:
            self.line("This game does not describe its components yet.")
        for name, text in self.glossary.items():
            self.line(f"{name}: {text}", indent="  ")

    def end(self) -> None:
        state = self.table.state
        self.out.write("\n" + render(self.table.game.name, state.view(None), None, self.columns) + "\n")
        for text in final_lines(state.view(None), state.result(), self.names, self.texts):
            self.line(text)


class Person:
    """A person at the keyboard playing ``seat``: a policy the driving loop asks like any bot."""

    needs_view = False  # it reads its board from the table itself

    def __init__(self, seat: int, screen: Screen, stdin: TextIO, save: Any) -> None:
        self.seat = seat
        self.screen = screen
        self.stdin = stdin
        self.save = save
        self.acted_at: int | None = None  # the table's version after this person's last action

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        self.save()
        screen, seat = self.screen, self.seat
        screen.catch_up(seat)
        if len(legal) == 1:  # nothing to decide: say what is done and go on
            screen.line(f"{screen.names[seat]}: {self.screen.table.action_text(legal[0])} (the only choice)")
            self.acted_at = screen.table.version + 1
            return legal[0]
        screen.board(seat, short=self.within_turn())
        screen.actions(seat, legal)
        action = self.ask(legal)
        self.acted_at = screen.table.version + 1
        return action

    def within_turn(self) -> bool:
        """Whether only this seat and chance have played since its last action (then the short board is
        enough: nobody else changed the table)."""
        if self.acted_at is None or self.acted_at > self.screen.table.version:
            return False
        return all(step.get("seat", self.seat) == self.seat for step in self.screen.table.steps(self.acted_at))

    def ask(self, legal: Sequence[Action]) -> Action:
        """Read lines until one names a legal action (answering help, board and the like on the way)."""
        screen, seat = self.screen, self.seat
        while True:
            screen.out.write(f"{screen.names[seat]}> ")
            screen.out.flush()
            line = self.stdin.readline()
            if not line:
                screen.out.write("\n")
                raise Quit("the input ended")
            if not self.stdin.isatty():  # typed from a file or a pipe: echo it, so the screen reads as a dialogue
                screen.out.write(line.rstrip("\n") + "\n")
            text = " ".join(line.split())
            match text.lower():
                case "":
                    pass
                case "quit" | "exit":
                    raise Quit("quit")
                case "help" | "?":
                    screen.help(seat, legal)
                case "board":
                    screen.board(seat)
                case "actions" | "list":
                    screen.actions(seat, legal)
                case "rules":
                    screen.rules()
                case "undo" | "take back":
                    self.take_back()
                case command if command.startswith(("what ", "? ")):
                    action, refusal = self.choose(text.split(" ", 1)[1], legal)
                    said = refusal or " ".join(screen.preview(seat, action)) or "the log would say nothing"
                    screen.line(f"{said}", indent="  = ")
                case _:
                    action, refusal = self.choose(text, legal)
                    if refusal is None:
                        return action
                    screen.line(f"! {refusal}", indent="  ")

    def take_back(self) -> None:
        """Undo this seat's last action when the table allows it (never across a die roll or another seat's
        step); raises :class:`TookBack` so that the driving loop asks again from there."""
        table, screen = self.screen.table, self.screen
        if not table.can_undo(self.seat):
            screen.line(
                "! nothing to take back: only your own actions since the last roll or the last other "
                "player's move can be taken back",
                indent="  ",
            )
            return
        table.undo(self.seat, table.version)
        screen.rewind()
        screen.line(screen.texts.render({"event": "took_back", "seat": self.seat}, screen.names), indent="  · ")
        raise TookBack

    def choose(self, text: str, legal: Sequence[Action]) -> tuple[Action, str | None]:
        """The action ``text`` means (a number in the list, or a text form in any case), or why not."""
        if text.isdigit():
            number = int(text)
            if number < len(legal):
                return legal[number], None
            return None, f"there is no action {number} (they are numbered 0 to {len(legal) - 1})"
        state = self.screen.table.state
        try:
            action = state.parse_action(text)
        except MalformedStep as exc:
            try:
                action = state.parse_action(text.lower())
            except MalformedStep:
                return None, str(exc)
        if action in legal:
            return action, None
        return None, self.screen.say(state.illegal_reason(self.seat, action))


class Narrated:
    """A bot whose seat's turn first prints what happened since the screen was last brought up to date."""

    def __init__(self, policy: Policy, screen: Screen) -> None:
        self.policy = policy
        self.screen = screen
        self.needs_view = getattr(policy, "needs_view", True)

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        self.screen.catch_up()
        return self.policy.act(game, view, legal, rng)


@dataclass
class Seating:
    """Everything ``dolmen play`` decided before the first step."""

    game: Game
    players: int
    options: dict[str, JSON]
    bots: dict[int, str]
    secret: bytes | None
    steps: list[dict[str, JSON]]
    save: Path | None
    lang: str
    names: list[str]


def seating(args: argparse.Namespace) -> Seating:
    """Read and check the command line (and the saved game with ``--resume``); :class:`OptionsError` says what
    is wrong in one line before anything is played."""
    lang = args.lang or language()
    if args.resume:
        return _resumed(args, lang)
    if args.game is None:
        raise OptionsError("name the game to play (rtta or stoneage), or --resume FILE")
    game = get_game(args.game)
    options = game.check_options(args.players, options_from_args(args.game, args))
    check_seats(args.bots, args.players)
    bots = {seat: args.bot for seat in sorted(args.bots)}
    _check_bots(game, bots)
    save = check_file_to_write(args.save) if args.save else None
    secret = None if args.seed is None else _seed_secret(args.seed)
    names = _names(args.names or [], args.players, bots)
    return Seating(game, args.players, options, bots, secret, [], save, lang, names)


def _resumed(args: argparse.Namespace, lang: str) -> Seating:
    if args.game is not None or args.bots or args.seed is not None:  # --names may rename the seats
        raise OptionsError("--resume continues the saved game as it was: give no game, --bots or --seed")
    try:
        text = Path(args.resume).read_text(encoding="utf-8")
        record = Record.loads(text)
    except OSError as exc:
        raise OptionsError(f"--resume {args.resume}: {exc.strerror or exc}") from None
    except DolmenError as exc:
        raise OptionsError(f"--resume {args.resume}: {exc}") from None
    seated = json.loads(text).get(PLAY_KEY, {})
    bots = {int(seat): str(spec) for seat, spec in seated.get("bots", {}).items()}
    secret = _record_secret(record)
    if secret is None:
        raise OptionsError(f"--resume {args.resume}: the record holds no secret, so its dice cannot go on")
    game = get_game(record.game)
    _check_bots(game, bots)
    save = check_file_to_write(args.save or args.resume)
    names = _names(args.names or seated.get("names", []), record.players, bots)
    steps = list(record.steps)
    return Seating(game, record.players, dict(record.options), bots, secret, steps, save, lang, names)


def _names(given: Sequence[str], players: int, bots: Mapping[int, str]) -> list[str]:
    """The players' names by seat: those given (``--names``), then ``Seat N`` (``Seat N (bot)`` for a bot)."""
    if len(given) > players:
        raise OptionsError(f"--names: {len(given)} names for {players} seat(s)")
    names = [str(name) for name in given]
    names += [f"Seat {seat} ({bots[seat]})" if seat in bots else f"Seat {seat}" for seat in range(len(names), players)]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise OptionsError(f"--names: {', '.join(repeated)} is given twice")
    return names


def _check_bots(game: Game, bots: Mapping[int, str]) -> None:
    from dolmen.bots import make_bot

    for spec in set(bots.values()):
        make_bot(spec, game=game.name)  # an unknown bot is refused before the game starts


def _seed_secret(seed: int) -> bytes:
    from dolmen.engine.dice import secret_from_seed

    return secret_from_seed(seed)


def _record_secret(record: Record) -> bytes | None:
    secret = getattr(record, "secret", None)
    if isinstance(secret, str):
        return bytes.fromhex(secret)
    return secret if isinstance(secret, bytes) else None


def cmd_play(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """A game for people at one keyboard; ``--bots`` seats are played by bots."""
    from dolmen.bots import make_bot

    stdin, out = stdin or sys.stdin, out or sys.stdout
    setup = seating(args)
    game = setup.game
    if setup.secret is not None and setup.steps:
        table = Table.restore(game, setup.players, setup.options, setup.steps, setup.secret, take_backs=True)
    else:
        table = Table(game, setup.players, setup.options, secret=setup.secret, take_backs=True)
    names = setup.names
    humans = tuple(seat for seat in range(setup.players) if seat not in setup.bots)
    texts = catalogue(game, setup.lang)
    screen = Screen(table, out, texts, names, humans, game_glossary(game, setup.options, texts))

    def save() -> None:
        if setup.save is not None:
            record = table.record()
            record.secret = table.secret.hex()  # so that --resume can go on with the same dice
            doc = record.to_json()
            doc[PLAY_KEY] = {"bots": {str(seat): spec for seat, spec in setup.bots.items()}, "names": names}
            write_atomically(setup.save, json.dumps(doc, separators=(",", ":")) + "\n")

    policies: dict[int, Policy] = {
        seat: Narrated(make_bot(setup.bots[seat], game=game.name), screen)
        if seat in setup.bots
        else Person(seat, screen, stdin, save)
        for seat in range(setup.players)
    }
    begun = "Resuming" if setup.steps else "Dolmen"
    screen.line(
        f"{begun} — {texts.term(game.name)}: {', '.join(names)}. The dice are fixed in advance (commitment "
        f"{table.commitment[:16]}…; check them afterwards with 'dolmen replay --verify'). Type 'help' at a prompt."
    )
    rngs = [random.Random() for _ in range(setup.players)]  # the bots' own thinking: never the dice
    try:
        while True:
            try:
                run(table, policies, rngs)
                break
            except TookBack:
                continue  # the same shared loop, from the version the take-back left
    except Quit:
        screen.catch_up()
        out.write("Game left unfinished.\n")
    except KeyboardInterrupt:
        out.write("\nInterrupted.\n")
        _saved(save, setup, out)
        return 130
    except BaseException:  # a closed terminal, a bot's bug: keep what was played, then let it be reported
        with contextlib.suppress(Exception):
            save()
        raise
    else:
        screen.catch_up()
        screen.end()
    _saved(save, setup, out)
    return 0


def _saved(save: Any, setup: Seating, out: TextIO) -> None:
    if setup.save is None:
        return
    save()
    out.write(f"Record saved to {setup.save}\n")


__all__ = ["Narrated", "Person", "Quit", "Screen", "cmd_play", "seating"]
