"""Cards and what they do (rulebook: tech cards and the tech pyramid, culture and culture event
cards, great people): windows to cancel a card and paying an ability's cost (reactions, payment),
cards aimed at rivals (rivals), free figures and harvests (city_gifts), the culture track and culture
cards (culture), research and techs learnt from rivals (research, tech_gifts), and the abilities
offered in each phase (abilities).
"""
