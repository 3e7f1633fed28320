"""Every fudaba game as an OpenSpiel Python game: ``pyspiel.load_game("fudaba_sarasvati")`` (issue 21 §2).

:func:`register` registers ``fudaba_<name>`` for every game with an encoding. Game parameters:
``variant`` (text, "" for the default), ``params`` (the game's parameters as JSON text, ``"{}"``),
``deal_seeds`` (the number of deals, below) and ``max_game_length``.

* **Chance.** The game starts at a chance node whose outcome is *the deal*: one of ``deal_seeds``
  equally likely seeds (65,536 by default) of ``new_game`` — the shuffles of both decks, the first
  player, every later draw and reshuffle. fudaba's rules draw from the state's own seeded generator,
  so after the deal the game is deterministic: the draws are not separate chance nodes (they would
  need hooks inside every game's rules); they are sampled explicitly by the deal. A search that must
  not know the future resamples (below) instead of reading the state.
* **Players and actions.** Seats 0 and 1; actions are indices of the game's action codec (legal ones
  sorted); ``action_to_string`` is the notation. Terminal returns are +1 / −1, 0 each for a draw.
* **Information.** ``information_state_string`` is the seat's view and its whole log view (perfect
  recall), ``information_state_tensor`` the encoding's information state; ``observation_string`` /
  ``observation_tensor`` the view alone. All are built from ``view(seat)`` / ``log_view(seat)``.
* **Resampling.** ``resample_from_infostate(player, sampler)`` is fudaba's ``resample``: a state drawn
  from the player's information alone (docs/core.md), so ``ISMCTSBot`` searches honest determinizations.

>>> import pyspiel
>>> names = register()
>>> game = pyspiel.load_game("fudaba_maken")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == game.max_chance_outcomes()
(True, True)
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import fudaba
from fudaba.core.registry import descriptor, games
from fudaba.core.rng import Rng

from .common import encoding_of, outcome, text_table

DEFAULTS: dict[str, Any] = {"variant": "", "params": "{}", "deal_seeds": 1 << 16, "max_game_length": 20000}


def _game_type(name: str) -> Any:
    d = descriptor(name)
    return pyspiel.GameType(
        short_name=f"fudaba_{name}", long_name=f"fudaba {d.title[0]}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(DEFAULTS))


class FudabaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One fudaba game configuration as an OpenSpiel game."""

    NAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULTS, **(params or {})}
        self.fgame = fudaba.load_game(self.NAME, p["variant"] or None, **json.loads(p["params"] or "{}"))
        self.enc = encoding_of(self.fgame)
        self.deal_seeds = int(p["deal_seeds"])
        self.outcomes = [(i, 1.0 / self.deal_seeds) for i in range(self.deal_seeds)]
        info = pyspiel.GameInfo(num_distinct_actions=self.enc.codec.size, max_chance_outcomes=self.deal_seeds,
                                num_players=2, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=int(p["max_game_length"]))
        super().__init__(_game_type(self.NAME), info, p)

    def new_initial_state(self) -> FudabaSpielState:
        return FudabaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> FudabaObserver:
        return FudabaObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class _Box:
    """The fudaba state inside an OpenSpiel state: deep-copied by ``clone()``, cheaply."""

    __slots__ = ("game", "keys", "st")

    def __init__(self, game: FudabaSpielGame, st: Any) -> None:
        self.game = game
        self.st = st
        self.keys: dict[Any, str] = {}

    def __deepcopy__(self, memo: Any) -> _Box:
        return _Box(self.game, None if self.st is None else self.st.clone())


class FudabaSpielState(pyspiel.State):  # type: ignore[misc]
    """A fudaba game in progress, for OpenSpiel (see the module docstring)."""

    def __init__(self, game: FudabaSpielGame, st: Any = None) -> None:
        super().__init__(game)
        self._box = _Box(game, st)

    @property
    def _g(self) -> FudabaSpielGame:
        return self._box.game

    @property
    def fudaba_state(self) -> Any:
        """The fudaba state (None before the deal)."""
        return self._box.st

    def current_player(self) -> int:
        st = self._box.st
        if st is None:
            return int(pyspiel.PlayerId.CHANCE)
        if st.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(st.decision.player)

    def _legal_actions(self, player: int) -> list[int]:
        st = self._box.st
        if st is None or st.is_over or st.decision.player != player:
            return []
        return sorted(self._g.enc.codec.indices(st.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._g.outcomes) if self._box.st is None else []

    def _apply_action(self, action: int) -> None:
        box = self._box
        box.keys = {}
        if box.st is None:
            box.st = self._g.fgame.new_game(seed=int(action))
            return
        text = self._g.enc.codec.action(int(action))
        box.st.apply(next(a for a in box.st.legal_actions() if a.text == text))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._g.enc.codec.action(int(action))

    def is_terminal(self) -> bool:
        st = self._box.st
        return st is not None and bool(st.is_over)

    def returns(self) -> list[float]:
        st = self._box.st
        if st is None or not st.is_over:
            return [0.0, 0.0]
        return list(outcome(st))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FudabaSpielState:
        """A state drawn from ``player_id``'s information alone (fudaba's ``resample``)."""
        st = self._box.st
        if st is None:
            return FudabaSpielState(self._g)
        seed = int(probability_sampler() * (1 << 53))
        return FudabaSpielState(self._g, st.resample(player_id, Rng(seed)))

    def key(self, player: int, perfect_recall: bool) -> str:
        """The information-state (or observation) string of ``player``, remembered until the next action."""
        box = self._box
        k = (player, perfect_recall)
        s = box.keys.get(k)
        if s is None:
            st = box.st
            enc = self._g.enc
            if st is None:
                s = f"p{player} before the deal"
            elif perfect_recall:
                s = enc.information_state_string(st.view(player), st.log_view(player))
            else:
                s = enc.observation_string(st.view(player))
            box.keys[k] = s
        return s

    def __str__(self) -> str:
        st = self._box.st
        if st is None:
            return "before the deal"
        return text_table(self._g.fgame, st, None)


class FudabaObserver:
    """OpenSpiel's observer: the encoding's observation (or, with perfect recall, information state)."""

    def __init__(self, game: FudabaSpielGame, iig_obs_type: Any) -> None:
        self.game = game
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        enc = game.enc
        size = enc.information_state_size if self.perfect_recall else enc.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: FudabaSpielState, player: int) -> None:
        st = state.fudaba_state
        self.tensor.fill(0.0)
        if st is None:
            return
        enc = self.game.enc
        viewer = self._viewer(player)
        view = st.view(viewer)
        arr = enc.information_state(view, st.log_view(viewer)) if self.perfect_recall else enc.observation(view)
        self.tensor[:] = np.frombuffer(arr, dtype=np.float32)

    def string_from(self, state: FudabaSpielState, player: int) -> str:
        if self.public_only:
            st = state.fudaba_state
            return "before the deal" if st is None else self.game.enc.observation_string(st.view(None))
        return state.key(player, self.perfect_recall)


def _game_class(name: str) -> type[FudabaSpielGame]:
    return type(f"Fudaba{name.title()}SpielGame", (FudabaSpielGame,), {"NAME": name})


_REGISTERED: list[str] = []


def register() -> list[str]:
    """Register ``fudaba_<name>`` with OpenSpiel for every game that has an encoding (once)."""
    if not _REGISTERED:
        for name in games():
            if descriptor(name).capability("encoding") is None:
                continue
            pyspiel.register_game(_game_type(name), _game_class(name))
            _REGISTERED.append(f"fudaba_{name}")
    return list(_REGISTERED)
