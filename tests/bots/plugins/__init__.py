"""A stand-in for ``dolmen/bots``: a registry that discovers ``<game>_*`` modules in this package."""

from dolmen.bots import BotRegistry

REGISTRY = BotRegistry(discover_package=__name__)
