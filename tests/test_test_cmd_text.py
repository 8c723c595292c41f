"""`rulewright test` prints scenario names as written: rich would read `:a:` in an option such as
`land:a:s` as an emoji code."""



def test_scenario_names_keep_colon_words(tmp_path, cli):
    (tmp_path / "s.yaml").write_text(
        "name: 'moves land:a:s and :smile: stay text'\nplayers: 2\nposition:\n  players:\n"
        "    - {resources: {food: 1}}\n  cities:\n    - {owner: 0, at: D2}\nactions: []\n"
        "expect:\n  - {path: players.0.res.food, equals: 1}\n")
    res = cli(["test", str(tmp_path / "s.yaml")])
    assert res.exit_code == 0, res.output
    assert "land:a:s and :smile: stay text" in res.output.replace("\n", "")
