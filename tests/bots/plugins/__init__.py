"""A stand-in for ``dolmen/bots``: a registry whose table names a bot module of this package."""

from dolmen.bots import BotListing, BotRegistry

REGISTRY = BotRegistry(
    {("holdat", "pig"): BotListing("tests.bots.plugins.pig_scripted:make_hold_at", summary="holds at LEVEL")}
)
