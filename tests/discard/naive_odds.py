"""Slow, obvious references for :mod:`mjstats.discard`: plain dict-of-hands recursions.

Nothing here uses the odds package.  Hands are tuples of 34 counts; shanten and
completeness come from the public core functions (checked elsewhere against
outside test data), values from the public :func:`mjstats.score`.

* :func:`published` is the published fast-mode recursion (tomohxx,
  mahjong-win-prob ``win_prob1``), line for line: effective draws only,
  shanten-keeping discards only, the best discard per turn, ``(1 - sum/(S - t))``.
* :func:`expectimax` is the full recursion by brute force: every draw, every
  legal discard, a drawn tile may be thrown back, no search bound.
* :func:`rollouts` samples the model forward, deciding with :func:`expectimax`.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

import mjstats as mj


@lru_cache(maxsize=1 << 20)
def _sh(h, form):
    return mj.shanten(np.array(h, dtype=np.int8), form=form)


def published(hand14, avail, S, T, objective="win", form="standard", seen=None):
    """``{discard kind: curve (T + 1,)}`` of the published fast mode (``t = 0..T``).

    A 13-tile hand is evaluated as is: ``{-1: its curve}``.  ``seen``, a dict,
    receives every hand the recursion visits (13 and 14 tiles, by count tuple).
    """
    kinds = [k for k in range(34) if avail[k] > 0]
    cache: dict = {} if seen is None else seen

    def sel1(h):
        if h in cache:
            return cache[h]
        s = _sh(h, form)
        tot = 0
        tmp = np.zeros(T + 1)
        for k in kinds:
            w = avail[k] - h[k]
            if w <= 0:
                continue
            h2 = list(h)
            h2[k] += 1
            h2 = tuple(h2)
            if _sh(h2, form) >= s:
                continue
            tot += w
            done = s == 0 if objective == "win" else s <= 1
            tmp += w * (np.ones(T + 1) if done else sel2(h2))
        ret = np.zeros(T + 1)
        for t in range(T - 1, -1, -1):
            ret[t] = (1.0 - tot / (S - t)) * ret[t + 1] + tmp[t + 1] / (S - t)
        cache[h] = ret
        return ret

    def sel2(h):
        if h in cache:
            return cache[h]
        s = _sh(h, form)
        ret = np.zeros(T + 1)
        for j in range(34):
            if h[j] == 0:
                continue
            h2 = list(h)
            h2[j] -= 1
            h2 = tuple(h2)
            if _sh(h2, form) != s:
                continue
            ret = np.maximum(ret, sel1(h2))
        cache[h] = ret
        return ret

    out = {}
    h = tuple(int(x) for x in hand14)
    s = _sh(h, form)
    if sum(h) % 3 == 1:
        out[-1] = np.ones(T + 1) if objective == "ready" and s == 0 else sel1(h)
        return out
    for j in range(34):
        if h[j] == 0:
            continue
        h2 = list(h)
        h2[j] -= 1
        h2 = tuple(h2)
        if _sh(h2, form) == s:
            r = sel1(h2)
            if objective == "ready" and _sh(h2, form) == 0:
                r = np.ones(T + 1)
            out[j] = r
    return out


class Expectimax:
    """Brute-force optimum of the default model: every draw and discard, no bound.

    ``value(h, u)`` of a 13-tile hand at draw ``u``; wins are legal complete hands
    (no tile of ``missing``), worth 1 or ``mj.score(...).total`` (self-drawn).
    """

    def __init__(self, avail, S, T, objective="win", form="any", rules=None, missing=None,
                 dealer=False, published_model=False):
        self.avail = list(int(x) for x in avail)
        self.S, self.T = S, T
        self.objective, self.form, self.rules = objective, form, rules
        self.dead = set(range(9 * missing, 9 * missing + 9)) if missing is not None else set()
        self.dealer = dealer
        self.published = published_model
        self.value = lru_cache(maxsize=None)(self._value)
        self.win_value = lru_cache(maxsize=None)(self._win_value)
        self.complete = lru_cache(maxsize=None)(self._complete)
        self.ready13 = lru_cache(maxsize=None)(self._ready13)
        self.branches = lru_cache(maxsize=None)(self._branches)

    def _win_value(self, h14, k):
        """Value of winning on ``k`` with the 14 tiles ``h14``, or None if not a legal win."""
        if not self.complete(h14):
            return None
        arr = np.array(h14, dtype=np.int8)
        if self.rules is None:
            return 1.0
        return float(mj.score(arr, win=int(k), self_draw=True, rules=self.rules,
                              dealer=self.dealer).total)

    def _complete(self, h14):
        """Legal complete: a complete hand holding no tile of the missing suit."""
        return not any(h14[d] for d in self.dead) and mj.is_complete(
            np.array(h14, dtype=np.int8), form=self.form)

    def _ready13(self, h):
        """Legally ready: some kind (a fifth copy aside) makes it a legal complete hand."""
        for k in range(34):
            if h[k] < 4 and k not in self.dead:
                h2 = list(h)
                h2[k] += 1
                if self.complete(tuple(h2)):
                    return True
        return False

    def ready14(self, h14):
        """A discard leaves a legally ready hand (or the hand is complete)."""
        if self.complete(h14):
            return True
        for j in range(34):
            if h14[j]:
                h2 = list(h14)
                h2[j] -= 1
                if self.ready13(tuple(h2)):
                    return True
        return False

    def discards(self, h14):
        held_dead = [j for j in range(34) if h14[j] and j in self.dead]
        return held_dead or [j for j in range(34) if h14[j]]

    def after_draw(self, h, k, u):
        """``(value, action)`` after drawing ``k`` at draw ``u``: action ``"win"`` or a discard."""
        h14 = list(h)
        h14[k] += 1
        h14 = tuple(h14)
        best, arg, best_s = -1.0, None, 99
        for j in self.discards(h14):
            h2 = tuple(h14[i] - (i == j) for i in range(34))
            v = self.value(h2, u + 1)
            s2 = _sh(h2, self.form)
            if v > best + 1e-12 or (abs(v - best) <= 1e-12 and s2 < best_s):
                best, arg, best_s = v, j, s2
        if self.objective == "ready":
            if self.ready14(h14):
                return 1.0, "win"
            return best, arg
        wv = self.win_value(h14, k)
        if wv is not None:
            if self.objective == "win":
                return 1.0, "win"
            if wv >= best:
                return wv, "win"
        return best, arg

    def _branches(self, h, u):
        """The draws kept at draw ``u``: kinds, weights and the action after each."""
        here = self.value(h, u + 1)
        kinds, ws, outs = [], [], []
        for k in range(34):
            w = self.avail[k] - h[k]
            if w <= 0 or k in self.dead:
                continue
            g, act = self.after_draw(h, k, u)
            if self.keep(h, k, g, here):
                kinds.append(k)
                ws.append(w)
                outs.append(act)
        return kinds, ws, outs

    def keep(self, h, k, g, here):
        """A draw is kept when it is worth more, or as much and it lowers shanten."""
        if g > here + 1e-12:
            return True
        if abs(g - here) > 1e-12:
            return False
        h14 = tuple(h[i] + (i == k) for i in range(34))
        return _sh(h14, self.form) < _sh(h, self.form)

    def _value(self, h, u):
        if u >= self.T:
            return 0.0
        left = self.T - u
        s = _sh(h, self.form)
        if self.objective == "ready":
            if s <= 0 and self.ready13(h):
                return 1.0
            if s > left:
                return 0.0
        elif s + 1 > left:
            return 0.0
        here = self.value(h, u + 1)
        W = 0.0
        acc = 0.0
        for k in range(34):
            w = self.avail[k] - h[k]
            if w <= 0 or k in self.dead:
                continue
            g, _ = self.after_draw(h, k, u)
            if self.keep(h, k, g, here):
                W += w
                acc += w * g
        D = self.S - u
        if not self.published and W > D:
            D = W
        return (1.0 - W / D) * here + acc / D


def rollouts(E: Expectimax, h13, n, rng):
    """Sample the model ``n`` times from ``h13``: per draw, the first wins and first readies."""
    wins = np.zeros(E.T)
    ready = np.zeros(E.T)
    value = np.zeros(E.T)
    for _ in range(n):
        h = tuple(int(x) for x in h13)
        was_ready = E.ready13(h)
        for u in range(E.T):
            kinds, ws, outs = E.branches(h, u)
            W = float(sum(ws))
            D = max(E.S - u, W)
            x = rng.random() * D
            i = 0
            acc = 0.0
            while i < len(ws) and x >= acc + ws[i]:
                acc += ws[i]
                i += 1
            if i == len(ws):
                continue  # a tile of no use, thrown at once
            k, act = kinds[i], outs[i]
            h14 = list(h)
            h14[k] += 1
            if act == "win":
                wins[u] += 1
                if not was_ready:
                    ready[u] += 1
                value[u] += E.win_value(tuple(h14), k) or 0.0
                break
            h14[act] -= 1
            h = tuple(h14)
            if not was_ready and E.ready13(h):
                was_ready = True
                ready[u] += 1
    return wins, ready, value
