"""Slow, obvious references for the Da Er kernels (recursion and plain Python).

Written from the seed's words, not from the kernels: a 列 is any three cards that
are a run of one case, 二七十 / 贰柒拾, 大大小 / 小小大 of one number, or three alike;
four alike held is a 垅; a hand with 招/垅 needs exactly one pair.
"""

from __future__ import annotations

RED = {1, 6, 9, 11, 16, 19}


def _is_big(k):
    return k >= 10


def naive_groups():
    """Every held 列 as (name, sorted card tuple, 胡)."""
    out = []
    for case in (0, 10):
        for n in range(8):
            cards = (case + n, case + n + 1, case + n + 2)
            hu = {0: 3, 10: 6}.get(case + n, 0)
            out.append(("run", cards, hu))
        out.append(("red", (case + 1, case + 6, case + 9), 6 if case == 0 else 9))
    for n in range(10):
        out.append(("jiao", (n, n, n + 10), 0))
        out.append(("jiao", (n, n + 10, n + 10), 0))
    for k in range(20):
        big, red = _is_big(k), k in RED
        kan = [[6, 9], [9, 12]][big][red]
        out.append(("kan", (k, k, k), kan))
        out.append(("long", (k, k, k, k), kan + 6))
        out.append(("pair", (k, k), 0))
    return out


_GROUPS = naive_groups()


def naive_readings(counts, n_decl=0, n_decl_quads=0):
    """Set of readings (sorted tuples of (name, cards)) of held ``counts``."""
    results = set()

    def rec(c, chosen):
        if sum(c) == 0:
            q = n_decl_quads + sum(1 for g in chosen if g[0] == "long")
            p = sum(1 for g in chosen if g[0] == "pair")
            ng = n_decl + len(chosen) - p
            if (q == 0 and p == 0 and ng == 7) or (q >= 1 and p == 1 and ng == 6):
                results.add(tuple(sorted(chosen)))
            return
        low = min(k for k in range(20) if c[k] > 0)
        for name, cards, _hu in _GROUPS:
            if cards[0] != low:
                continue
            if name == "pair" and any(g[0] == "pair" for g in chosen):
                continue
            need = [cards.count(k) for k in range(20)]
            if all(c[k] >= need[k] for k in range(20)):
                rec([c[k] - need[k] for k in range(20)], chosen + [(name, cards)])

    rec(list(int(x) for x in counts), [])
    return results


def naive_hu(reading):
    """胡 of a held reading from :func:`naive_readings`."""
    table = {(n, c): h for n, c, h in _GROUPS}
    return sum(table[g] for g in reading)


def naive_best_hu(counts):
    """Most 胡 over the readings of a concealed 21-card hand, or -1."""
    rs = naive_readings(counts)
    return max((naive_hu(r) for r in rs), default=-1)


def count_vectors(n, k=0, prefix=()):
    """Every count vector of the 20 kinds (each 0-4) summing to ``n`` (brute-force tests)."""
    if k == 20:
        if n == 0:
            yield prefix
        return
    for c in range(min(4, n) + 1):
        if n - c <= 4 * (19 - k):
            yield from count_vectors(n - c, k + 1, prefix + (c,))
