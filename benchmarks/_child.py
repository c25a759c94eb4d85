"""Shared by the benchmark scripts: run one measurement in its own child process, so its peak
RSS (``os.wait4``) and CPU time are its own, and read the JSON line it prints last.

    >>> import sys
    >>> r = run_child([sys.executable, "-c", "print('{\\"seconds\\": 0.5}')"])
    >>> r["seconds"], r["peak_rss_mb"] > 0, r["cpu_seconds"] >= 0
    (0.5, True, True)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

#: the child's environment: bytecode written (a benchmark measures warm imports, as users see them)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_child(cmd: list[str], timeout: float | None = None, env: dict[str, str] | None = None) -> dict | None:
    """Run ``cmd``; its last stdout line parsed as JSON, plus ``peak_rss_mb`` and ``cpu_seconds``
    from wait4. ``None`` when it ran past ``timeout`` seconds (it is then killed); a non-zero exit
    stops the benchmark with the child's status."""
    with tempfile.TemporaryFile(mode="w+") as out:
        proc = subprocess.Popen(cmd, stdout=out, env=ENV if env is None else env)
        started = time.perf_counter()
        while True:
            pid, status, usage = os.wait4(proc.pid, 0 if timeout is None else os.WNOHANG)
            if pid:
                break
            if timeout is not None and time.perf_counter() - started > timeout:
                proc.kill()
                os.wait4(proc.pid, 0)
                return None
            time.sleep(0.02)
        code = os.waitstatus_to_exitcode(status)
        if code:
            raise SystemExit(f"{' '.join(cmd[:4])} ... failed with status {code}")
        out.seek(0)
        result: dict = json.loads(out.read().strip().splitlines()[-1])
    result["peak_rss_mb"] = usage.ru_maxrss / 1024  # kB on Linux
    result["cpu_seconds"] = usage.ru_utime + usage.ru_stime
    return result


def task_command(script: str, name: str, path: object, threads: int | None, *extra: str) -> list[str]:
    """The command line that re-runs ``script`` as the child for task ``name``."""
    cmd = [sys.executable, script, "--task", name, "--path", str(path), *extra]
    return cmd + (["--threads", str(threads)] if threads else [])
