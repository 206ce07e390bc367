#!/usr/bin/env python3
"""Cuts the language server target's seeds (fuzz/seeds/lsp) from recorded test conversations.

    mkdir /tmp/rec && CLUSTERC_LSP_RECORD=/tmp/rec build/tests/unit_tests "lsp:*"
    fuzz/lsp_seeds.py /tmp/rec fuzz/seeds/lsp

A seed is one request as the tests send it, with what it needs before it: `initialize`, the
document's `didOpen` and every `didChange` since, then the request, `shutdown` and `exit`. The
first few requests of each method in each conversation are kept (and the first framing errors
the tests provoke), alternately framed (`.jsonrpc`) and one message per line (`.jsonl`). File
URIs are moved under file:///fuzz/, so that the seeds do not name the machine that recorded them.
"""
import json
import os
import re
import sys

PER_METHOD = 3  # per conversation
RAW_PER_CONVERSATION = 4
MAX_BYTES = 60000


def split(stream):
    """The framed messages of a recording, and the raw pieces that are not framed messages."""
    messages, raw = [], []
    pos = 0
    while pos < len(stream):
        end = stream.find(b"\r\n\r\n", pos)
        m = re.match(rb"Content-Length: *(\d+)", stream[pos:end]) if end >= 0 else None
        length = int(m.group(1)) if m else -1
        if m is None or end + 4 + length > len(stream):
            cut = end + 4 if end >= 0 else len(stream)
            raw.append(stream[pos:cut])
            pos = cut
            continue
        body = stream[end + 4 : end + 4 + length]
        try:
            messages.append(json.loads(body))
        except ValueError:
            raw.append(stream[pos : end + 4 + length])
        pos = end + 4 + length
    return messages, raw


def anonymize(text):
    return re.sub(r"file://[^\"\s]*/", "file:///fuzz/", text)


def encode(message):
    return anonymize(json.dumps(message, separators=(",", ":"), ensure_ascii=False))


def write(out_dir, index, messages, raw=b""):
    framed = index % 2 == 0 or raw
    bodies = [encode(m).encode() for m in messages]
    if framed:
        data = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(b), b) for b in bodies[:2])
        data += raw + b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(b), b) for b in bodies[2:])
    else:
        data = b"".join(b + b"\n" for b in bodies)
    if len(data) > MAX_BYTES:
        return False
    name = "seed-%03d.%s" % (index, "jsonrpc" if framed else "jsonl")
    with open(os.path.join(out_dir, name), "wb") as f:
        f.write(data)
    return True


def main(record_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    index = 0
    for name in sorted(os.listdir(record_dir)):
        kept = {}
        with open(os.path.join(record_dir, name), "rb") as f:
            messages, raw = split(f.read())
        init = next((m for m in messages if m.get("method") == "initialize"), None)
        if init is None:
            continue
        head = [init, {"jsonrpc": "2.0", "method": "initialized", "params": {}}]
        tail = [
            {"jsonrpc": "2.0", "id": 99999, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"},
        ]
        for piece in raw[:RAW_PER_CONVERSATION]:
            if write(out_dir, index, head + tail, anonymize(piece.decode(errors="replace")).encode()):
                index += 1
        documents = {}  # uri -> didOpen and the didChanges since
        for m in messages:
            if not isinstance(m, dict):
                continue
            method = m.get("method", "")
            params = m.get("params") or {}
            uri = ((params.get("textDocument") or {}) if isinstance(params, dict) else {}).get("uri")
            if method == "textDocument/didOpen":
                documents[uri] = [m]
            elif method == "textDocument/didChange" and uri in documents:
                documents[uri].append(m)
            elif method == "textDocument/didClose":
                documents.pop(uri, None)
            elif "id" in m and method not in ("initialize", "shutdown"):
                if kept.get(method, 0) >= PER_METHOD:
                    continue
                if write(out_dir, index, head + documents.get(uri, []) + [m] + tail):
                    kept[method] = kept.get(method, 0) + 1
                    index += 1
    print("%d seeds in %s" % (index, out_dir))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
