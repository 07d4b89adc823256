"""The online table server: accounts, lobby, tables played over websockets, bots in worker processes.

Layers: :mod:`storage` (SQL and an in-memory twin) and :mod:`hub` (fan-out) are small injected interfaces;
:mod:`accounts`, :mod:`lobby` and :mod:`tables` are the services that hold the logic; :mod:`http` and
:mod:`sockets` are thin handlers; :func:`dolmen.server.app.create_app` wires them. Rules are never computed
here: every step goes through the engine's :class:`~dolmen.engine.table.Table`.
"""
