"""The set-up and the turn's five phases (rulebook: turn summary): start of turn with new cities and
government changes (start), trade between players (negotiation), city management (manage),
movement with exploration (movement), culture cards aimed at the map (map_events), and the flow that
runs set-up, the phases in order and research at the end of each turn (flow).
"""
