"""The table: one game in progress, owned by one object that every driver plays through.

A :class:`Table` holds the state, the steps applied so far (its *version* is their number), the secret the dice
are drawn from (:mod:`dolmen.engine.dice`) and each step's log events. A driver — the terminal, the server, a
simulation — submits a seat's action *against a version* and advances chance; it reads what a viewer may see
through :meth:`Table.view` and :meth:`Table.events`. An action against a stale version is refused with
:class:`StaleVersion` and nothing changes. A table is rebuilt exactly from its steps and secret
(:meth:`Table.restore`), which is how a server restarts.

Take-backs (option ``take_backs``): a seat may undo its own last actions while it still acts, back to — never
across — the last chance step or the last step of another seat; undone steps leave the record as if never made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dolmen.engine import dice
from dolmen.engine.core import CHANCE, JSON, Action, Game, State
from dolmen.engine.errors import DolmenError, IllegalStep, MalformedStep, RecordError
from dolmen.engine.events import Event
from dolmen.engine.messages import message
from dolmen.engine.record import Record, apply_step


class StaleVersion(DolmenError):
    """An action was made against a version that is not the table's current one; ``current`` is the latter."""

    def __init__(self, expected: int, current: int) -> None:
        self.expected, self.current = expected, current
        super().__init__(f"stale version {expected}: the table is at version {current}")


class Table:
    """A game in progress: state, steps, version, dice secret and per-viewer log.

    ``secret`` fixes the dice (a fresh one from :func:`dice.new_secret` when ``None``); ``log`` asks the rules
    for log events (off for bulk simulations); ``take_backs`` allows :meth:`undo`.
    """

    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, JSON] | None = None,
        *,
        secret: bytes | None = None,
        take_backs: bool = False,
        log: bool = True,
    ) -> None:
        self.game = game
        self.players = players
        self.options = game.check_options(players, options or {})
        self.take_backs = take_backs
        self.logging = log
        self._secret = secret if secret is not None else dice.new_secret()
        self._stream = dice.ChanceStream(self._secret)
        self.commitment = dice.commitment(self._secret)
        self._start()

    def _start(self) -> None:
        self.state: State = self.game.new_state(self.players, self.options)
        # a step is kept as its document, or as (seat, action, by) until its text is asked for (simulations)
        self._steps: list[dict[str, JSON] | tuple[int, Action, str | None]] = []
        self._events: list[tuple[Event, ...]] = []
        self._chances = 0  # chance steps applied: the next one is drawn as chance step number ``_chances``
        # (version, board) while views are alike; forgotten here, as a take-back may bring a version back changed
        self._alike: tuple[int, dict[str, JSON]] | None = None

    # -- reading ------------------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The number of steps applied."""
        return len(self._steps)

    @property
    def secret(self) -> bytes:
        """The dice secret: for storage only. Never send it to anyone before :meth:`is_over`."""
        return self._secret

    def actors(self) -> tuple[int, ...]:
        return self.state.actors()

    def is_over(self) -> bool:
        return self.state.is_over()

    def is_chance(self) -> bool:
        return self.state.is_chance()

    def legal(self, seat: int) -> Sequence[Action]:
        """The legal actions of ``seat`` now (possibly a large lazy sequence: never list it whole)."""
        return self.state.legal_actions(seat)

    def action_text(self, action: Action) -> str:
        return self.state.action_text(action)

    def view(self, viewer: int | None) -> dict[str, JSON]:
        """What ``viewer`` (a seat, ``None`` for a spectator) may see, in the envelope common to every game."""
        state = self.state
        envelope: dict[str, JSON] = {
            "game": self.game.name,
            "version": self.version,
            "viewer": viewer,
            "players": self.players,
            "options": self.options,
            "actors": ["chance" if seat == CHANCE else seat for seat in state.actors()],
            "activity": state.activity(),
            "over": state.is_over(),
            "commitment": self.commitment,
            "board": self._board(viewer),
        }
        if state.is_over():
            envelope["result"] = state.result().to_json()
            envelope["secret"] = self._secret.hex()
        return envelope

    def _board(self, viewer: int | None) -> dict[str, JSON]:
        """The game's view of ``viewer``; built once a version for every viewer while the state says that views
        are alike (the server sends each step to every seat and spectator). The dicts and lists inside a board
        are then shared between viewers: read them, never change them."""
        state = self.state
        if not state.views_alike():
            return state.view(viewer)
        kept = self._alike
        if kept is None or kept[0] != len(self._steps):
            kept = self._alike = (len(self._steps), state.view(None))
        return {**kept[1], "viewer": viewer}

    def events(self, viewer: int | None, since: int = 0) -> list[dict[str, JSON]]:
        """The log events ``viewer`` may read of the steps after version ``since``, each with ``version`` (the
        version the step brought the table to)."""
        out: list[dict[str, JSON]] = []
        for index in range(max(since, 0), len(self._events)):
            for event in self._events[index]:
                seen = event.for_viewer(viewer)
                if seen is not None:
                    out.append({"version": index + 1, **seen.to_json()})
        return out

    def steps(self, since: int = 0) -> list[dict[str, JSON]]:
        """The step documents after version ``since`` (what storage keeps, one row each)."""
        return [self._document(index) for index in range(max(since, 0), len(self._steps))]

    def _document(self, index: int) -> dict[str, JSON]:
        step = self._steps[index]
        if isinstance(step, tuple):
            seat, action, by = step
            doc: dict[str, JSON]
            if seat == CHANCE:
                doc = {"chance": self.state.outcome_text(action)}
            else:
                doc = {"seat": seat, "action": self.state.action_text(action)}
                if by is not None:
                    doc["by"] = by
            self._steps[index] = step = doc
        return dict(step)

    def record(self, upto: int | None = None) -> Record:
        """The game's record up to version ``upto`` (all by default); it carries the secret once the game is
        over, its commitment always."""
        end = self.version if upto is None else max(0, min(upto, self.version))
        steps = [self._document(index) for index in range(end)]
        rec = Record(self.game.name, self.players, dict(self.options), None, steps)
        rec.commitment = self.commitment
        if self.is_over():
            rec.secret = self._secret.hex()
            if upto is None or upto >= self.version:
                rec.result = self.state.result().to_json()
        return rec

    # -- playing ------------------------------------------------------------------------------------------
    def submit(self, seat: int, action: str | Action, expected_version: int, *, by: str | None = None) -> int:
        """Apply ``seat``'s ``action`` (its text form or the action itself), made against ``expected_version``;
        ``by`` marks who played it for the seat (``"bot"`` for an absent person). Returns the new version.

        Raises :class:`StaleVersion`, :class:`MalformedStep` or :class:`IllegalStep`; nothing changes then.
        """
        if expected_version != self.version:
            raise StaleVersion(expected_version, self.version)
        state = self.state
        if isinstance(action, str):
            action = state.parse_action(action)
        self._commit((seat, action, by), state.apply_action, seat, action)
        return self.version

    def play(self, seat: int, action: Action, legal: Sequence[Action]) -> None:
        """The shared loop's path (:func:`dolmen.engine.driver.run`): ``seat``, which acts now, plays
        ``action``, checked against ``legal`` — the list this table gave for this very version."""
        if action not in legal:
            raise IllegalStep(self.state.illegal_reason(seat, action))
        self._commit((seat, action, None), self.state._apply_action, seat, action)

    def play_chosen(self, seat: int, action: Action) -> None:
        """Like :meth:`play` for an ``action`` that the engine's own :class:`~dolmen.engine.driver.RandomPolicy`
        took from this version's legal list: not checked again. Never for an action from outside the engine."""
        if self.logging:
            self._commit((seat, action, None), self.state._apply_action, seat, action)
            return
        self.state._apply_action(seat, action)  # _commit without a log, inlined: the simulations' hot path
        self._events.append(())
        self._steps.append((seat, action, None))

    def _commit(self, step: dict[str, JSON] | tuple[int, Action, str | None], apply: Any, *args: Any) -> None:
        """Run ``apply(*args)`` (which changes nothing when it raises), collecting its log events when the table
        logs, then keep ``step``."""
        if not self.logging:
            apply(*args)
            self._events.append(())
        else:
            state = self.state
            state.log = []
            try:
                apply(*args)
                self._events.append(tuple(state.log))
            finally:
                state.log = None
        self._steps.append(step)

    def advance(self) -> int:
        """Apply every pending chance step (until a seat acts or the game ends); return how many."""
        count = 0
        while self.state.is_chance():
            self.roll()
            count += 1
        return count

    def roll(self) -> None:
        """Apply the pending chance step, drawn from the secret and its number among the chance steps (so the
        dice do not depend on how many actions came between)."""
        state = self.state
        if not state.is_chance():
            raise IllegalStep("no chance step is pending")
        outcome = state.sample_chance(self._stream.at(self._chances))
        if self.logging:
            self._commit((CHANCE, outcome, None), state._apply_chance, outcome)
        else:  # _commit without a log, inlined
            state._apply_chance(outcome)
            self._events.append(())
            self._steps.append((CHANCE, outcome, None))
        self._chances += 1

    # -- take-backs ---------------------------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last action now (see the module docstring)."""
        if not self.take_backs or not self._steps or seat not in self.state.actors():
            return False
        last = self._document(len(self._steps) - 1)
        return last.get("seat") == seat and "by" not in last

    def undo(self, seat: int, expected_version: int) -> int:
        """Take back ``seat``'s last action; returns the new version. Raises :class:`StaleVersion` or
        :class:`IllegalStep` (nothing changes then)."""
        if expected_version != self.version:
            raise StaleVersion(expected_version, self.version)
        if not self.can_undo(seat):
            why = "refused_nothing_to_take_back" if self.take_backs else "refused_no_take_backs"
            raise IllegalStep(message((), why, seat=seat))
        kept = self.steps()[:-1]
        self._start()
        for number, step in enumerate(kept, start=1):
            self._replay_step(step, number)
        return self.version

    # -- rebuilding ---------------------------------------------------------------------------------------
    @classmethod
    def restore(
        cls,
        game: Game,
        players: int,
        options: Mapping[str, JSON] | None,
        steps: Sequence[Mapping[str, JSON]],
        secret: bytes,
        *,
        take_backs: bool = False,
        log: bool = True,
        verify: bool = True,
    ) -> Table:
        """The table that ``steps`` (as :meth:`steps` gave them) lead to, with dice from ``secret``. With
        ``verify`` every recorded chance step must be the one the secret draws (:class:`RecordError`)."""
        table = cls(game, players, options, secret=secret, take_backs=take_backs, log=log)
        table.extend(steps, verify=verify)
        return table

    def extend(self, steps: Sequence[Mapping[str, JSON]], *, verify: bool = True) -> int:
        """Apply ``steps`` recorded after the current version (by another writer of the same table, as
        :meth:`steps` gave them); returns the new version. With ``verify`` as in :meth:`restore`."""
        for number, step in enumerate(steps, start=self.version + 1):
            if verify and "chance" in step and self.state.is_chance():
                expected = self.state.outcome_text(self.state.sample_chance(self._stream.at(self._chances)))
                if _normal_outcome(self.state, step["chance"]) != expected:
                    raise RecordError(f"chance step {step['chance']!r} is not the one the dice secret draws", number)
            self._replay_step(step, number)
        return self.version

    def _replay_step(self, step: Mapping[str, JSON], number: int) -> None:
        self._commit(dict(step), apply_step, self.state, step, number)
        if "chance" in step:
            self._chances += 1


def _normal_outcome(state: State, text: JSON) -> str:
    try:
        return state.outcome_text(state.parse_outcome(str(text)))
    except (MalformedStep, IllegalStep):
        return str(text)


__all__ = ["StaleVersion", "Table"]
