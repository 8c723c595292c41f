"""A modder's room: the commands that check and explain content (lint, list, explain, schema, hooks,
words, variant, docs, lsp, test), each thin, and what they run: linting.py, listing.py,
explaining.py, variants.py, scenario files and their checks (scenarios.py, scenario_checks.py),
mutation testing (mutation.py), the language reference (langdoc/) and the language server (lsp/).
It may import the engine, dsl, the public API, tools/common and tools/render; never the seat,
playtest or cli rooms.
"""
