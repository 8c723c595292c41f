"""Commerce with the two neighbours: the price of one unit from each side (prices, where discounts
apply) and the legal, cheapest ways to pay a cost from production and purchases (payment).
"""
