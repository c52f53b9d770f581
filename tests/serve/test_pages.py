"""What the server's pages load besides themselves: the icon (no 404 on every page)."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from serve.helpers import server


def test_every_page_names_the_icon_the_server_serves(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        for path in ("/favicon.ico", "/favicon.svg"):
            answer = client.get(path)
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert ET.fromstring(answer.text).tag == "{http://www.w3.org/2000/svg}svg"
        for page in ("/", "/seat/no-such-token"):
            text = client.get(page).text
            assert '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' in text
        seat = client.get("/assets/seat.html").text
        assert 'href="/favicon.svg"' in seat
