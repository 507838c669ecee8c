"""Throttles that keep the server responsive: failed logins, new guests, password hashes.

Counters live in the process's memory (each process counts its own; see the README on running
several). ``Window`` counts events per key in a sliding window and, at the limit, locks the key
for a while; the table of keys is bounded, so a flood of distinct keys cannot grow it without
end. ``HashSlots`` bounds how many password hashes (16 MiB of memory each) run at once: the
waiting happens on the event loop, so a burst of logins never ties up the threads the other
requests need, and past a short queue a login is refused ``503 server-busy`` at once.

>>> clock = iter(range(100)).__next__
>>> w = Window(limit=3, window_s=30, lock_s=60, clock=lambda: float(clock()))
>>> [w.hit("alice") for _ in range(3)], w.locked_for("alice")
([None, None, 60], 59)
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from twentyone.server.errors import ServerBusyError, TooManyGuestsError
from twentyone.server.settings import ServerSettings

T = TypeVar("T")
MAX_KEYS = 65_536


class Window:
    """``limit`` events for one key within ``window_s`` seconds lock it for ``lock_s``."""

    def __init__(
        self,
        limit: int,
        window_s: float,
        lock_s: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = MAX_KEYS,
    ) -> None:
        self.limit, self.window_s, self.lock_s = limit, window_s, lock_s
        self._clock = clock
        self._max_keys = max_keys
        self._events: OrderedDict[str, deque[float]] = OrderedDict()
        self._locked: dict[str, float] = {}
        self._mutex = threading.Lock()  # logins are checked in worker threads

    def locked_for(self, key: str) -> int | None:
        """Whole seconds until ``key`` is unlocked, or ``None`` when it is not locked."""
        with self._mutex:
            return self._locked_for(key)

    def _locked_for(self, key: str) -> int | None:
        until = self._locked.get(key)
        if until is None:
            return None
        left = until - self._clock()
        if left <= 0:
            del self._locked[key]
            return None
        return max(1, math.ceil(left))

    def hit(self, key: str) -> int | None:
        """Count an event for ``key``; the lock's length in seconds when this one locks it."""
        with self._mutex:
            return self._hit(key)

    def _hit(self, key: str) -> int | None:
        now = self._clock()
        events = self._events.pop(key, None) or deque()
        while events and events[0] <= now - self.window_s:
            events.popleft()
        events.append(now)
        self._events[key] = events
        while len(self._events) > self._max_keys:
            self._events.popitem(last=False)
        if len(events) < self.limit:
            return None
        events.clear()
        self._locked[key] = now + self.lock_s
        if len(self._locked) > self._max_keys:
            for stale in [k for k, t in self._locked.items() if t <= now]:
                del self._locked[stale]
        return max(1, math.ceil(self.lock_s))

    def clear(self, key: str) -> None:
        """Forget ``key``'s events (a successful login)."""
        with self._mutex:
            self._events.pop(key, None)


class HashSlots:
    """At most ``slots`` password hashes at once; at most ``queue`` more waiting."""

    def __init__(self, slots: int, *, queue: int = 32, wait_s: float = 5.0) -> None:
        self._limiter = anyio.CapacityLimiter(max(1, slots))
        self._threads = anyio.CapacityLimiter(max(1, slots))
        """Threads of their own: a hash never holds one the requests' store calls need."""
        self._queue = queue
        self._wait_s = wait_s

    async def run(self, fn: Callable[[], T]) -> T:
        """``fn()`` in a worker thread once a slot is free (``503 server-busy`` past the queue)."""
        stats = self._limiter.statistics()
        if stats.borrowed_tokens >= stats.total_tokens and stats.tasks_waiting >= self._queue:
            raise ServerBusyError("too many logins at once: try again in a moment", 1)
        with anyio.move_on_after(self._wait_s) as scope:
            await self._limiter.acquire()
        if scope.cancelled_caught:
            raise ServerBusyError("too many logins at once: try again in a moment", 1)
        try:
            return await anyio.to_thread.run_sync(fn, limiter=self._threads)
        finally:
            self._limiter.release()


class Throttles:
    """The app's throttles that are not about one account: new guests and password hashes."""

    def __init__(self, settings: ServerSettings) -> None:
        window = settings.guest_window_s
        self.guests = Window(settings.guests_per_client, window, window)
        """New players (guests, or registrations without a session) per client address."""
        self.hashes = HashSlots(settings.password_hashes, wait_s=settings.password_wait_s)

    def new_player(self, client: str) -> None:
        """Count a new player from ``client`` (``429 too-many-guests`` past the limit)."""
        left = self.guests.locked_for(client)
        if left is None:
            self.guests.hit(client)  # the limit's own player is let in; the next one waits
            return
        raise TooManyGuestsError(
            f"too many new players from this address: try again in {left} seconds", left
        )
