"""What a person's seat shows of Civilization, terminal and browser alike: the panel of text lines beside a
decision (panel), what each option means and costs (meaning), what it points at on the map (targets), where the
game stands for headers (progress), and the map with its coordinates and legend as SVG for `rulewright render`,
the replay and the browser seat (render_svg, legend).
"""
