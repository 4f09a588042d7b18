"""A WebSocket chat that FlowWebSocketTest loads: Python's websockets library (PyPI), written by no one here.

GET /login?user=NAME sets a session cookie. /chat upgrades only a request that carries that cookie (403
otherwise); each JSON message {"n": N} is answered {"n": N, "user": X-User header, "session": the cookie's
value, "count": messages on this connection}, after DELAY seconds. Every DROP-th message of a connection is
not answered: the server drops the connection (a TCP abort, no close frame) instead.

Usage: chat_ws.py PORT DROP DELAY [CERT KEY] (DROP 0: never; with a certificate and its key: wss:// and https://).
"""
import asyncio
import json
import ssl
import sys
from http import HTTPStatus
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import serve

PORT, DROP, DELAY = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
sessions = set()


def session_of(request):
    cookie = SimpleCookie(request.headers.get("Cookie", ""))
    return cookie["session"].value if "session" in cookie else None


def process_request(connection, request):
    url = urlsplit(request.path)
    if url.path == "/login":
        user = parse_qs(url.query).get("user", ["?"])[0]
        token = "s-" + user
        sessions.add(token)
        response = connection.respond(HTTPStatus.OK, "logged in as " + user + "\n")
        response.headers["Set-Cookie"] = "session=" + token + "; Path=/"
        return response
    if url.path == "/chat":
        if session_of(request) not in sessions:
            return connection.respond(HTTPStatus.FORBIDDEN, "no session\n")
        return None
    return connection.respond(HTTPStatus.NOT_FOUND, "no such path\n")


async def chat(ws):
    user = ws.request.headers.get("X-User", "")
    session = session_of(ws.request)
    count = 0
    async for message in ws:
        count += 1
        if DROP and count % DROP == 0:
            ws.transport.abort()
            return
        if DELAY:
            await asyncio.sleep(DELAY)
        n = json.loads(message)["n"]
        await ws.send(json.dumps({"n": n, "user": user, "session": session, "count": count}))


async def main():
    tls = None
    if len(sys.argv) > 5:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(sys.argv[4], sys.argv[5])
    async with serve(chat, "127.0.0.1", PORT, process_request=process_request, ssl=tls):
        print("listening on", PORT, flush=True)
        await asyncio.get_running_loop().create_future()


asyncio.run(main())
