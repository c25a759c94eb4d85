"""Shared by the benchmark scripts: run one measurement in its own child process, so its peak
RSS (``os.wait4``) and CPU time are its own, and read the JSON line it prints last.

    >>> import sys
    >>> r = run_child([sys.executable, "-c", "print('{\\"seconds\\": 0.5}')"])
    >>> r["seconds"], 0 < r["peak_rss_mb"] < 100, r["cpu_seconds"] >= 0
    (0.5, True, True)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

# A fresh, small process starts the measured one and reports its rusage: Linux gives a forked
# child the parent's peak RSS as its starting ru_maxrss, so a benchmark parent that has built a
# data set (hundreds of MB) would otherwise inflate every child's peak.
LAUNCHER = (
    "import json, os, subprocess, sys\n"
    "p = subprocess.Popen(sys.argv[1:])\n"
    "_, status, u = os.wait4(p.pid, 0)\n"
    "sys.stdout.flush()\n"
    "print(json.dumps({'status': os.waitstatus_to_exitcode(status), 'peak_rss_mb': u.ru_maxrss / 1024,"
    " 'cpu_seconds': u.ru_utime + u.ru_stime}))\n"
)

#: the child's environment: bytecode written (a benchmark measures warm imports, as users see them)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_child(cmd: list[str], timeout: float | None = None, env: dict[str, str] | None = None) -> dict | None:
    """Run ``cmd``; its last stdout line parsed as JSON, plus ``peak_rss_mb`` and ``cpu_seconds``
    from wait4. ``None`` when it ran past ``timeout`` seconds (it is then killed); a non-zero exit
    stops the benchmark with the child's status."""
    with tempfile.TemporaryFile(mode="w+") as out:
        proc = subprocess.Popen([sys.executable, "-c", LAUNCHER, *cmd], stdout=out, env=ENV if env is None else env)
        started = time.perf_counter()
        while True:
            pid, status, _ = os.wait4(proc.pid, 0 if timeout is None else os.WNOHANG)
            if pid:
                break
            if timeout is not None and time.perf_counter() - started > timeout:
                proc.kill()
                os.wait4(proc.pid, 0)
                return None
            time.sleep(0.02)
        out.seek(0)
        lines = out.read().strip().splitlines()
    usage = json.loads(lines[-1]) if lines and lines[-1].startswith('{"status"') else {"status": status}
    if os.waitstatus_to_exitcode(status) or usage["status"]:
        raise SystemExit(f"{' '.join(cmd[:4])} ... failed with status {usage['status']}")
    result: dict = json.loads(lines[-2])
    result["peak_rss_mb"] = usage["peak_rss_mb"]  # the measured process's own peak (kB on Linux / 1024)
    result["cpu_seconds"] = usage["cpu_seconds"]
    return result


def task_command(script: str, name: str, path: object, threads: int | None, *extra: str) -> list[str]:
    """The command line that re-runs ``script`` as the child for task ``name``."""
    cmd = [sys.executable, script, "--task", name, "--path", str(path), *extra]
    return cmd + (["--threads", str(threads)] if threads else [])
