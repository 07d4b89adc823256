"""Where the commands write: paths checked before any game is played, and writes that never leave half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from dolmen.engine.errors import OptionsError


def check_file_to_write(path: str | Path, flag: str = "--save") -> Path:
    """Raise :class:`OptionsError` (one line) unless a file can be written at ``path``; the path, checked.

    Checked by trying: a file is created in its folder and removed (a permission bit says nothing to root).
    An existing file is left as it is until the first save replaces it.
    """
    target = Path(path)
    if target.is_dir():
        raise OptionsError(f"{flag} {path}: is a folder; give a file name")
    folder = target.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise OptionsError(f"{flag} {path}: the folder {folder} {what}")
    if target.exists() and not os.access(target, os.W_OK):
        raise OptionsError(f"{flag} {path}: the file cannot be written")
    try:
        handle, probe = tempfile.mkstemp(prefix=".dolmen-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OptionsError(f"{flag} {path}: cannot write in {folder} ({exc.strerror or exc})") from None
    os.close(handle)
    os.unlink(probe)
    return target


def check_folder_to_fill(path: str | Path, flag: str = "--records") -> Path:
    """Create the folder ``path`` if needed; raise :class:`OptionsError` (one line) if it cannot hold files."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise OptionsError(f"{flag} {path}: is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".dolmen-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OptionsError(f"{flag} {path}: cannot write there ({exc.strerror or exc})") from None
    os.close(handle)
    os.unlink(probe)
    return folder


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, so that an interrupted write
    leaves the previous file whole."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=".dolmen-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
