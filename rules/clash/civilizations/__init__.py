"""What only the Civilizations expansion needs: choosing civilisations and leaders at set-up, leader
death and succession, alternate starting regions.
"""
