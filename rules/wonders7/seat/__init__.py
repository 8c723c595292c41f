"""What a person's seat shows of 7 Wonders: what each option means and points at (options), the panel of
text lines beside a decision (panel), and the table drawn as SVG for `rulewright render`, the replay and the
browser seat (render_svg, with its small pictures in drawing).
"""
