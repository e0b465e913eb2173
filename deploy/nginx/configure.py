"""Gives nginx a folder of its own to run CardTable from: deploy/nginx/cardtable.conf with other
instances and another listen address, inside an nginx.conf whose pid, logs and temporary files
stay in that folder. What try-out.sh and the network test bed (Benchmarks/hosts/run.sh) run:

    python3 deploy/nginx/configure.py [--tls CERTIFICATE KEY] [--per-client N] [--by-player]
        FOLDER LISTEN SERVER...
    nginx -p FOLDER -c nginx.conf

LISTEN is what nginx listens on (`127.0.0.1:8080`); each SERVER an instance's `host:port`. With
--tls, nginx speaks HTTPS there with that certificate and key (PEM files). --per-client sets how
many connections one client address may hold (256 in cardtable.conf), for a load test's client.
--by-player routes rooms by player too, as before rooms stayed on one instance (to compare)."""

import pathlib
import re
import sys

arguments = sys.argv[1:]
tls = None
if arguments[:1] == ["--tls"]:
    tls, arguments = (arguments[1], arguments[2]), arguments[3:]
per_client = None
if arguments[:1] == ["--per-client"]:
    per_client, arguments = int(arguments[1]), arguments[2:]
by_player = arguments[:1] == ["--by-player"]
if by_player:
    arguments = arguments[1:]
folder, listen, servers = pathlib.Path(arguments[0]).resolve(), arguments[1], arguments[2:]
(folder / "logs").mkdir(parents=True, exist_ok=True)
lines = "".join(f"    server {server} max_fails=3 fail_timeout=10s;\n" for server in servers)
text = pathlib.Path(__file__).with_name("cardtable.conf").read_text()
text, count = re.subn(r"(    server 127\.0\.0\.1:\d+ [^\n]*\n)+", lines, text)
assert count == 2, "the two upstreams' server lines were not found"
if per_client is not None:
    text, count = re.subn(r"limit_conn cardtable_clients \d+;", f"limit_conn cardtable_clients {per_client};", text)
    assert count == 1, "the limit_conn line was not found"
if by_player:
    text, count = re.subn(r"    default \$cardtable_room;", "    default $cardtable_player_affinity;", text)
    assert count == 1, "the room affinity line was not found"
if tls:
    certificate, key = (pathlib.Path(path).resolve() for path in tls)
    listen_lines = (f"listen {listen} ssl;\n    ssl_certificate {certificate};\n"
                    f"    ssl_certificate_key {key};")
else:
    listen_lines = f"listen {listen};"
text, count = re.subn(r"listen 80;", listen_lines, text)
assert count == 1, "the listen line was not found"
(folder / "cardtable.conf").write_text(text)
(folder / "nginx.conf").write_text(f"""worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/logs/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    include {folder}/cardtable.conf;
}}
""")
