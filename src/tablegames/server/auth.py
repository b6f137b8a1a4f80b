"""Bearer tokens: players' and the operator's.

A token is 256 random bits from the operating system's CSPRNG (`secrets`), sent as
`Authorization: Bearer TOKEN`. Only its SHA-256 is stored: a token that high in entropy cannot
be guessed from its hash, so a slow password hash would add nothing but latency to every call.
The operator's token comes from `TABLEGAMES_OPERATOR_TOKEN`, or is generated at the first start,
printed once, and kept only as its hash.

>>> len(new_token()) >= 43, token_hash("abc") == token_hash("abc")
(True, True)
>>> bearer("Bearer abc"), bearer("Basic abc"), bearer(None)
('abc', None, None)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

OPERATOR_TOKEN_VARIABLE: Final = "TABLEGAMES_OPERATOR_TOKEN"
MAX_TOKEN_CHARS: Final = 256


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(token: str, stored_hash: str) -> bool:
    """Whether `token` hashes to `stored_hash`, compared in constant time."""
    return hmac.compare_digest(token_hash(token), stored_hash)


def bearer(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header, or None."""
    if header is None or len(header) > MAX_TOKEN_CHARS + 7:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()
