"""An HTTP/1.1 server on 127.0.0.1 that answers in about 1 ms, but freezes entirely for FREEZE
seconds once every PERIOD seconds (its only thread sleeps), for bench/coordinated-omission.sh.
It exits by itself after LIFETIME seconds.
    python3 freezing-server.py PORT [FREEZE=1] [PERIOD=10] [LIFETIME=300]"""
import asyncio
import sys
import time

port = int(sys.argv[1])
freeze = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
period = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
lifetime = float(sys.argv[4]) if len(sys.argv) > 4 else 300.0
BODY = b'<?xml version="1.0" encoding="utf-8"?><str>Hello World</str>'
ANSWER = b"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: %d\r\n\r\n%s" % (len(BODY), BODY)


async def answer(reader, writer):
    try:
        while True:
            await reader.readuntil(b"\r\n\r\n")
            await asyncio.sleep(0.001)  # the service time
            writer.write(ANSWER)
    except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
        pass
    finally:
        writer.close()


async def freezer():
    while True:
        await asyncio.sleep(period - freeze)
        time.sleep(freeze)  # blocks the event loop: every connection stalls at once


async def main():
    server = await asyncio.start_server(answer, "127.0.0.1", port, backlog=1024)
    if freeze > 0:
        asyncio.get_running_loop().create_task(freezer())
    async with server:
        await asyncio.wait_for(server.serve_forever(), lifetime)


try:
    asyncio.run(main())
except asyncio.TimeoutError:
    pass
