"""What every command shares, the lowest room of tools/: reusable option definitions (options.py), the
one set-up resolver for game, players, packs, variants, bots and seed (resolve.py), the one error
style and the error boundary (errors.py), consoles and pack loading (clikit.py), and reading what
users hand in: saves and JSON (inputs.py). It may import the engine, dsl and the public API, never
another room of tools/.
"""
