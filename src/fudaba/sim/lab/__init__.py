"""The balance lab (``fudaba lab GAME``, issue 20): which card, deck or rule breaks the balance, by how
much, and what change would fix it.

One job per module: ``study`` (decks, batches, running them resumably), ``tracking`` (what became of
each card in a game), ``metrics`` (seats, decks, matchups, lengths, the 17lands-style per-card
metrics), ``causal`` (paired card ablations), ``suggest`` (the smallest change bringing a card or a
matchup back), ``sweep`` (rule parameters), ``runs`` (the phases in order), ``data`` (Parquet/CSV),
``report_md`` / ``report_html`` (the report), ``api`` (the Python API). Per-game knowledge lives in
``games/<g>/lab.py``, reached through the game's descriptor (``capability("lab")``).

Everything but ``data``, ``report_html`` and ``api``'s data frames is standard library only.
"""
