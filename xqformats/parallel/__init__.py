"""Mapping work over processes and machines, results back in input order (issue 14).

One seam, :func:`executor`, gives something to ``submit(fn, *args)`` work
units to, whatever runs them:

* ``scheduler=None`` or ``"processes"``: a pool of ``jobs`` local worker
  processes (:class:`concurrent.futures.ProcessPoolExecutor`);
* ``scheduler="tcp://HOST:PORT"`` (any address ``dask.distributed`` knows), or
  a ``distributed.Client``: a Dask cluster.  Dask is imported only then
  (``pip install xqformats[dask]``).  Units are submitted as pure tasks with
  ``retries=``: a unit whose worker dies is run again on another (Dask's own
  resilience), so no unit is lost.

Each submit returns a future whose ``result()`` waits for the unit; callers
collect the futures in their input order, so results come back in that order
however the units were scheduled.  :func:`map_records` is the same for
programs: a function over a collection of record files.

Workers read the files at the paths they are given: they must see the same
paths as the caller (one machine, or a shared file system).  See
``docs/scale.md`` for why paths and not bytes.

This package sits in the lowest layer: it knows nothing of record formats or
linting; ``lint`` and programs hand it plain picklable functions.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Protocol, TypeVar, Union

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["Executor", "Future", "Scheduler", "executor", "map_records", "DaskUnavailable"]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

#: How many times a Dask task that raised is run again (a task whose worker
#: died is rescheduled by Dask on its own, up to its ``allowed-failures``).
DEFAULT_RETRIES = 2

#: What ``scheduler`` may be: ``None``/``"processes"`` (local processes), a
#: Dask scheduler address, or a ``distributed.Client``.
Scheduler = Union[None, str, Any]

#: How long connecting to a Dask scheduler address may take, in seconds,
#: before it is given up (Dask's own default is 30 s: a mistyped address
#: would keep a command line waiting that long for its message).
DEFAULT_CONNECT_TIMEOUT = 10.0


class Future(Protocol[T_co]):
    """A unit of work submitted: :meth:`result` waits for it and returns (or raises) what it did."""

    def result(self) -> T_co: ...


class Executor(Protocol):
    """Where units of work run: ``submit(fn, *args)``; ``workers`` is how many run at once."""

    workers: int

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]: ...


class DaskUnavailable(RuntimeError):
    """A Dask scheduler was asked for and ``dask.distributed`` is not installed."""


class _Processes:
    """:class:`Executor` over a local process pool."""

    def __init__(self, pool: "ProcessPoolExecutor", workers: int) -> None:
        self._pool = pool
        self.workers = workers

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        return self._pool.submit(fn, *args)


class _Dask:
    """:class:`Executor` over a ``distributed.Client``: pure tasks, with retries."""

    def __init__(self, client: Any, retries: int) -> None:
        self._client = client
        self._retries = retries
        self.workers = max(1, sum(client.nthreads().values()))

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        # Pure: a unit is named by its function and arguments, so a unit run
        # again (a worker lost) is the same task, and a result is never doubled.
        future: Future[T] = self._client.submit(fn, *args, pure=True, retries=self._retries)
        return future


def _client(address: str, timeout: float) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise DaskUnavailable(
            "A Dask scheduler needs dask.distributed: pip install 'xqformats[dask]'"
        ) from None
    # Dask's message names the address and the time: "Timed out trying to connect to … after 10 s".
    return Client(address, set_as_default=False, timeout=timeout)  # type: ignore[no-untyped-call]  # distributed is unannotated


@contextmanager
def executor(
    scheduler: Scheduler = None,
    *,
    jobs: Optional[int] = None,
    retries: int = DEFAULT_RETRIES,
    initializer: Optional[Callable[..., object]] = None,
    initargs: tuple[Any, ...] = (),
    timeout: float = DEFAULT_CONNECT_TIMEOUT,
) -> Iterator[Executor]:
    """Somewhere to submit units of work, for the ``with`` block.

    ``scheduler`` is ``None`` or ``"processes"`` (``jobs`` local worker
    processes, default one per CPU; ``initializer(*initargs)`` runs in each),
    a Dask scheduler address (a client is connected for the block and closed
    after it), or a ``distributed.Client`` (used as it is, left open).
    ``retries`` is Dask's for each task; ``timeout`` how many seconds
    connecting to an address may take.  Raises :class:`DaskUnavailable`
    when Dask is asked for and not installed, and what Dask raises when the
    scheduler cannot be reached within ``timeout`` (``OSError`` naming the
    address, ``TimeoutError``).
    """
    if scheduler is None or scheduler == "processes":
        from concurrent.futures import ProcessPoolExecutor  # (not imported by a run in one process)

        workers = jobs or os.cpu_count() or 1
        with ProcessPoolExecutor(max_workers=workers, initializer=initializer, initargs=initargs) as pool:
            yield _Processes(pool, workers)
        return
    if isinstance(scheduler, str):
        client = _client(scheduler, timeout)
        try:
            yield _Dask(client, retries)
        finally:
            client.close()
        return
    yield _Dask(scheduler, retries)


def map_records(
    fn: Callable[[str], T],
    paths: Iterable[Union[str, "os.PathLike[str]"]],
    *,
    scheduler: Scheduler = None,
    jobs: Optional[int] = None,
    retries: int = DEFAULT_RETRIES,
    timeout: float = DEFAULT_CONNECT_TIMEOUT,
) -> Iterator[T]:
    """``fn(path)`` for each record file in ``paths``, in parallel; results in the order of ``paths``.

    ``fn`` must be picklable (a module-level function) and is given each path
    as a string; it usually opens the record itself, e.g. with
    :func:`xqformats.formats.open_record`, so that only its result travels
    back.  ``scheduler``, ``jobs`` and ``timeout`` are those of :func:`executor`;
    ``jobs=1`` without a scheduler runs everything in this process.  Results
    are yielded as soon as they and all before them are done; an exception
    of ``fn`` is raised when its result's turn comes (after Dask's retries)::

        from xqformats import formats, parallel

        def count(path):
            with formats.open_record(path) as stream:
                return sum(1 for _ in stream)

        for n in parallel.map_records(count, paths, scheduler="tcp://10.0.0.5:8786"):
            print(n)
    """
    names = [os.fspath(p) for p in paths]
    if jobs == 1 and scheduler is None:
        for name in names:
            yield fn(name)
        return
    with executor(scheduler, jobs=jobs, retries=retries, timeout=timeout) as ex:
        futures = [ex.submit(fn, name) for name in names]
        for future in futures:
            yield future.result()
