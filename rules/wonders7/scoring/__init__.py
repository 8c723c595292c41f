"""The points at the end of age III: science sets and symbols (science), the score table by category,
the copied guild and the tie-break (points).
"""
