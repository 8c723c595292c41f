"""`rulewright schema`: export the JSON Schemas (for editors: yaml-language-server, VS Code ...)."""

import shutil
from pathlib import Path
from typing import Annotated

import typer

from ...dsl.loader import SCHEMA_ROOT
from ..common.clikit import console
from ..common.errors import fail, output_folder


def schema(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write the schemas to.", callback=output_folder)] = Path("schema"),
) -> None:
    """Write every content JSON Schema to a folder and print the paths."""
    if out.exists() and not out.is_dir():
        fail(f"'{out}' exists and is not a folder", 2)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        fail(f"cannot create '{out}': {err.strerror or err}", 2)
    con = console()
    for src in sorted(SCHEMA_ROOT.glob("*.schema.json")):
        dest = out / src.name
        try:
            shutil.copyfile(src, dest)
        except OSError as err:
            fail(f"cannot write '{dest}': {err.strerror or err}", 1)
        con.print(str(dest), soft_wrap=True, markup=False)


def register(app: typer.Typer) -> None:
    app.command("schema")(schema)
