"""Dolmen: Roll Through the Ages and Stone Age — rules engines, bots, terminal play and game records."""

__version__ = "0.1.0"
