"""Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe):
messages are JSON, each ended by a NUL byte, written to the browser's fd 3 and read from its
fd 4. Shared by HeadlessChromium's screenshot driver and preview_driver.py.
"""
import json, os, subprocess


class Browser:
    """A browser started from `command` (its stderr in `log`), with one page attached."""

    def __init__(self, command, log):
        self.log = log
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()

        def child_fds():
            # Move both ends out of the way first, so neither dup2 overwrites the other.
            a = os.dup(to_browser_r); b = os.dup(from_browser_w)
            os.dup2(a, 3); os.dup2(b, 4)

        self.process = subprocess.Popen(command, preexec_fn=child_fds, pass_fds=(3, 4),
                                        stdout=subprocess.DEVNULL, stderr=open(log, "wb"))
        os.close(to_browser_r); os.close(from_browser_w)
        self.out = os.fdopen(to_browser_w, "wb", buffering=0)
        self.inp = os.fdopen(from_browser_r, "rb", buffering=0)
        self.pending = b""
        self.next_id = 0
        self.events = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=self.session)

    def read_message(self):
        while b"\0" not in self.pending:
            chunk = self.inp.read(1 << 20)
            if not chunk:
                raise SystemExit("the browser closed its pipe: " + open(self.log, errors="replace").read()[-3000:])
            self.pending += chunk
        message, self.pending = self.pending.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        """Sends a command and returns its result; events that arrive meanwhile are kept."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session: message["sessionId"] = session
        self.out.write(json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read_message()
            if reply.get("id") == self.next_id:
                if "error" in reply: raise SystemExit(method + ": " + json.dumps(reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, name, session):
        while True:
            for i, e in enumerate(self.events):
                if e.get("method") == name and e.get("sessionId") == session:
                    del self.events[i]
                    return e
            self.events.append(self.read_message())

    def close(self):
        try:
            self.send("Browser.close")
        except SystemExit:
            pass
        self.process.wait(timeout=30)
