"""Open an HTML file in real headless Chromium and watch it: console errors, network requests,
section screenshots. Talks the DevTools protocol over ``--remote-debugging-pipe`` (file
descriptors 3 and 4, NUL-separated JSON), so it needs nothing but the ``chromium`` binary.

Run as a script to refresh the README's screenshots (one PNG per report section)::

    python tests/chromium.py REPORT.html docs/img/PREFIX
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--hide-scrollbars",
    "--mute-audio",
    "--remote-debugging-pipe",
]


def binary() -> str | None:
    """The Chromium executable, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _high(fd: int) -> int:
    """``fd`` moved to a descriptor number of at least 10."""
    high = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return high


class Page:
    """One headless Chromium with one page, driven over the DevTools pipe."""

    def __init__(self, executable: str, width: int = 1100, height: int = 900, timeout: float = 60) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="sqlpriv-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # the child's ends must not be 3 or 4 themselves, or the redirections below clash (bash: fds >= 10 are fine)
        to_chrome_r, from_chrome_w = _high(to_chrome_r), _high(from_chrome_w)
        args = [*FLAGS, f"--user-data-dir={self.profile}", "about:blank"]
        self.proc = subprocess.Popen(
            ["bash", "-c", f'exec "$0" "$@" 3<&{to_chrome_r} 4>&{from_chrome_w}', executable, *args],
            pass_fds=(to_chrome_r, from_chrome_w),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Network", "Runtime", "Log"):
            self.send(f"{domain}.enable", session=True)
        self.send(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self._from_chrome], [], [], left)
            if ready:
                chunk = os.read(self._from_chrome, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe")
                self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method: str, since: int = 0) -> dict[str, Any]:
        """The first event ``method`` among the events from number ``since`` on (waiting for it)."""
        deadline = time.monotonic() + self.timeout
        for event in self.events[since:]:
            if event["method"] == method:
                return event
        while True:
            event = self._read(deadline)
            if "method" in event:
                self.events.append(event)
                if event["method"] == method:
                    return event

    def open(self, path: str | os.PathLike[str]) -> str:
        """Load a local file and wait for its load event; returns its file:// URL."""
        url = Path(path).resolve().as_uri()
        since = len(self.events)
        self.send("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired", since)
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return url

    def evaluate(self, expression: str) -> Any:
        reply = self.send(
            "Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in reply:
            raise RuntimeError(f"script failed: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def requests(self) -> list[str]:
        """Every URL the page asked for (the document itself included)."""
        return [e["params"]["request"]["url"] for e in self.events if e["method"] == "Network.requestWillBeSent"]

    def errors(self) -> list[str]:
        """Console errors, uncaught exceptions and browser log errors."""
        out = []
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.exceptionThrown":
                out.append(str(p.get("exceptionDetails", {}).get("text")))
            elif e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(" ".join(str(a.get("value", a.get("description"))) for a in p.get("args", [])))
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(str(p["entry"].get("text")))
        return out

    def boxes(self, selector: str) -> list[dict[str, Any]]:
        """id and page rectangle of every element matching ``selector``."""
        script = (
            f"JSON.stringify([...document.querySelectorAll({json.dumps(selector)})].map(e => {{"
            "const r = e.getBoundingClientRect();"
            "return {id: e.id, x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}}))"
        )
        return json.loads(self.evaluate(script))

    def screenshot(self, clip: dict[str, float] | None = None, scale: float = 1.0) -> bytes:
        params: dict[str, Any] = {"format": "png", "captureBeyondViewport": True}
        if clip is not None:
            params["clip"] = {k: clip[k] for k in ("x", "y", "width", "height")} | {"scale": scale}
        return base64.b64decode(self.send("Page.captureScreenshot", session=True, **params)["data"])

    def close(self) -> None:
        try:
            os.write(self._to_chrome, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()
        finally:
            os.close(self._to_chrome)
            os.close(self._from_chrome)
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Page:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def section_screenshots(
    report: str | os.PathLike[str], prefix: str, scale: float = 0.6, max_height: int = 1100
) -> list[Path]:
    """One PNG per ``<section>`` of ``report``: ``{prefix}-{section id}.png`` (the top ``max_height`` px)."""
    exe = binary()
    if exe is None:
        raise SystemExit("chromium is not installed (apt-get install chromium)")
    written = []
    with Page(exe) as page:
        page.open(report)
        for box in page.boxes("section"):
            box["height"] = min(box["height"], max_height)
            target = Path(f"{prefix}-{box['id']}.png")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(page.screenshot(box, scale))
            written.append(target)
    return written


if __name__ == "__main__":
    for path in section_screenshots(sys.argv[1], sys.argv[2]):
        print(path)
