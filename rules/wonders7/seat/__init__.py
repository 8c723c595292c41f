"""What a person's seat shows: the panel of text lines beside a decision (panel) and the table drawn
as SVG for `rulewright render`, the replay and the browser seat (render_svg).
"""
