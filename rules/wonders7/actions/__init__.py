"""A turn's actions: the secret pick of a card and what to do with it, with how to pay (options),
and the picks carried out together, the last card and builds from the discard pile (resolve).
"""
