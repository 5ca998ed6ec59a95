"""`referee serve --lan`: the address a phone at the table opens, and its QR code.

The address is read from this machine's own network interfaces (psutil), never found by
sending a packet anywhere: an interface that is up, with an IPv4 address that is neither
loopback nor link-local, a private one (home and office networks) first. Without one, the
addresses the machine's name resolves to; without those, loopback.
"""

from __future__ import annotations

import io
import ipaddress
import socket
from collections.abc import Iterable

import psutil
import segno

from referee.values.i18n import t

LAN_HOST = "0.0.0.0"  # every IPv4 address of the machine: phones join over the local network
# Interfaces of containers and virtual machines on this host, not of the room's network.
VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "cni", "flannel", "lxc", "tun", "tap")


def _usable(ip: str) -> bool:
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return address.version == 4 and not (address.is_loopback or address.is_link_local
                                         or address.is_unspecified or address.is_multicast)


def _rank(name: str, ip: str) -> tuple[int, int]:
    """Smaller is likelier the room's network: a private address on a real interface."""
    address = ipaddress.ip_address(ip)
    return (int(name.lower().startswith(VIRTUAL)), 0 if address.is_private else 1)


def choose_address(interfaces: Iterable[tuple[str, str]], host_addresses: Iterable[str] = ()) -> str:
    """The address to give phones, from (interface name, IPv4 address) pairs of interfaces that
    are up, else from the addresses of the machine's name; loopback when there is none."""
    found = [(name, ip) for name, ip in interfaces if _usable(ip)]
    if found:
        return min(found, key=lambda pair: _rank(*pair))[1]
    return next((ip for ip in host_addresses if _usable(ip)), "127.0.0.1")


def _interfaces() -> list[tuple[str, str]]:
    stats = psutil.net_if_stats()
    return [(name, entry.address) for name, entries in psutil.net_if_addrs().items()
            if name in stats and stats[name].isup
            for entry in entries if entry.family == socket.AF_INET]


def _host_addresses() -> list[str]:
    try:
        return socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return []


def lan_address() -> str:
    return choose_address(_interfaces(), _host_addresses())


def qr_text(url: str) -> str:
    """A QR code of `url` drawn with block characters, two rows of modules a line."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


def public_url(port: int, host: str | None = None) -> str:
    """The address phones open: the host listened on, when it is one address, else the LAN's."""
    if host and host not in (LAN_HOST, "::", ""):
        return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    return f"http://{lan_address()}:{port}"


def phone_lines(url: str) -> list[str]:
    """What `referee serve --lan` prints once it listens: the address and its QR code."""
    return [t("Phones at the table open {url} (on the same network), or scan:", url=url), qr_text(url)]
