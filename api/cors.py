"""Browser apps on other origins may read and check; writes still need the game's token.

The policy is said once here: any origin, the headers a client may send and read. flask-cors
answers the preflights (`OPTIONS` with `Access-Control-Request-Method`). Every other answer
under /v1/ gets its two headers from `_answer`, which depend on the request's `Origin` alone:
flask-cors's general path matching and header building cost a meld check about a tenth of its
time in the app, and flask-cors passes an answer whose `Access-Control-Allow-Origin` is set.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_cors import CORS

PREFIX = "/v1/"
EXPOSED = ("ETag", "Location")
ALLOWED = ("Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key")
_EXPOSED = ", ".join(EXPOSED)


def allow_other_origins(app: Flask) -> None:
    """Answer every origin under /v1/ (flask-cors for the preflights, `_answer` for the rest)."""
    # Error answers pass through the after-request hooks too (api.problems handles every
    # error), so flask-cors need not wrap Flask's error handling to reach them.
    CORS(app, resources={PREFIX + "*": {"origins": "*"}}, expose_headers=list(EXPOSED),
         allow_headers=list(ALLOWED), intercept_exceptions=False)
    app.after_request(_answer)  # registered after flask-cors's hook, so it runs before it


def _answer(response: Response) -> Response:
    """As flask-cors writes them for a request that is not a preflight: the origin named
    (and `Vary: Origin`), else `*`; the headers a client may read."""
    environ = request.environ
    if environ["REQUEST_METHOD"] == "OPTIONS" or not environ.get("PATH_INFO", "").startswith(PREFIX):
        return response
    origin = environ.get("HTTP_ORIGIN")
    headers = response.headers  # added, not set: nothing else writes them
    headers.add("Access-Control-Allow-Origin", origin or "*")
    headers.add("Access-Control-Expose-Headers", _EXPOSED)
    if origin:
        response.vary.add("Origin")
    return response
