"""The clocks' rules (dolmen/server/clocks.py), as pure functions of the stored clocks and the time."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from dolmen.server.clocks import after_change, check_clock, clocks_message, running_seats, time_out
from dolmen.server.errors import Invalid
from dolmen.server.storage import REALTIME, RUNNING, TURN, ClockState, Seat, TableInfo, TableSetup

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
REAL = TableSetup(REALTIME, {"initial": 60.0, "increment": 5.0})
DAILY = TableSetup(TURN, {"per_move": 86400.0})


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_a_realtime_step_charges_the_running_seat_and_a_finished_turn_earns_the_increment() -> None:
    start = after_change(REAL, (0,))(ClockState((60.0, 60.0)), T0)
    assert start == ClockState((60.0, 60.0), (0,), T0, at(60), serial=1)
    same_turn = after_change(REAL, (0,), acted=0)(start, at(10))  # seat 0 still acts: no increment yet
    assert same_turn == ClockState((50.0, 60.0), (0,), at(10), at(60), serial=2)
    passed = after_change(REAL, (1,), acted=0)(same_turn, at(12))  # seat 0's turn ends: +5
    assert passed == ClockState((53.0, 60.0), (1,), at(12), at(72), serial=3)


def test_simultaneous_seats_each_run_their_own_time() -> None:
    both = ClockState((10.0, 30.0), (0, 1), T0, at(10))
    after = after_change(REAL, (1,), acted=0)(both, at(4))
    assert after.time_left == (11.0, 26.0) and after.running == (1,) and after.deadline == at(30)


def test_time_out_takes_away_only_the_seats_whose_time_is_spent() -> None:
    both = ClockState((10.0, 30.0), (0, 1), T0, at(10))
    fired = time_out(REAL)(both, at(10))
    assert fired.seats == (0,)
    assert fired.clocks == ClockState((0.0, 20.0), (1,), at(10), at(30), serial=1)


def test_back_after_a_time_out_each_move_must_come_within_one_increment() -> None:
    flagged = ClockState((0.0, 20.0), (), None, None)
    back = after_change(REAL, (0,))(flagged, T0)
    assert back.deadline == at(5)  # the increment again
    moved = after_change(REAL, (0,), acted=0)(back, at(3))
    assert moved.time_left[0] == 0.0 and moved.deadline == at(8)  # the time stays at 0, a new increment
    ended = after_change(REAL, (1,), acted=0)(moved, at(4))
    assert ended.time_left[0] == 0.0  # no increment for a seat whose time ran out
    assert time_out(REAL)(moved, at(8)).seats == (0,)


def test_turn_based_deadline_per_move() -> None:
    start = after_change(DAILY, (1,))(ClockState((None, None)), T0)
    assert start == ClockState((None, None), (1,), T0, at(86400), serial=1)
    bot_step = after_change(DAILY, (1,), acted=0)(start, at(100))
    assert bot_step == replace(start, serial=2)  # another seat's step gives no new day
    moved = after_change(DAILY, (1,), acted=1)(start, at(200))
    assert moved.deadline == at(86600)
    fired = time_out(DAILY)(moved, at(86600))
    assert fired.seats == (1,) and fired.clocks.running == () and fired.clocks.deadline is None


def test_the_message_counts_down_from_the_stored_clocks() -> None:
    seats = (Seat(0, account_id=1, name="ada"), Seat(1, bot="greedy"), Seat(2, account_id=2, name="bob", away=True))
    info = TableInfo(1, "rtta", 3, {}, False, 1, RUNNING, seats, 5, None, None, T0, setup=REAL)
    assert running_seats(info, [0, 1, 2], over=False) == (0,)  # not the bot's seat, not the away person's
    assert running_seats(info, [0], over=True) == ()
    clocks = ClockState((60.0, 60.0, 0.0), (0,), T0, at(60))
    message = clocks_message(replace(info, clocks=clocks), at(15.5))
    assert message == {
        "mode": "realtime",
        "remaining": [44.5, 60.0, 0.0],
        "running": [0],
        "deadline": at(60).isoformat(),
        "server_time": at(15.5).isoformat(),
    }
    assert clocks_message(info, T0) is None  # not started: no clocks yet


def test_clock_settings_are_checked() -> None:
    assert check_clock(REALTIME, None, given=False, min_per_move=3600) == {"initial": 900.0, "increment": 15.0}
    assert check_clock(TURN, None, given=False, min_per_move=3600) == {"per_move": 86400.0}
    assert check_clock(REALTIME, None, given=True, min_per_move=3600) is None  # untimed
    assert check_clock(TURN, {"per_move": 7200}, given=True, min_per_move=3600) == {"per_move": 7200.0}
    for mode, clock in [
        (TURN, {"per_move": 60}),  # under an hour
        (TURN, {"per_move": 15 * 86400}),
        (REALTIME, {"per_move": 3600}),
        (REALTIME, {"initial": 0, "increment": 1}),
        (REALTIME, {"initial": 60, "increment": -1}),
        (REALTIME, {"initial": "60", "increment": 1}),
    ]:
        with pytest.raises(Invalid):
            check_clock(mode, clock, given=True, min_per_move=3600)
