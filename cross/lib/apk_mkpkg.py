#!/usr/bin/env python3
"""apk_mkpkg.py: an apk v3 package from a directory, as apk-tools' `apk mkpkg` writes one (OpenWrt 25
builds its packages with that command, include/package-pack.mk), without apk-tools on the build machine.

  apk_mkpkg.py --info name:N --info version:V [--info arch:A --info description:D --info depends:"a b"]
               [--script post-install:FILE ...] --files DIR --output FILE.apk [--sign-key KEY.pem]
  apk_mkpkg.py --new-key SECRET.pem PUBLIC.pem

The layout (apk-tools doc/apk-v3.5.scd, src/adb.h, src/apk_adb.h, src/app_mkpkg.c): "ADBd" and a raw
deflate stream of "ADB." "pckg", one ADB block (the package object: info, paths, scripts), a SIG block
when signed, then one DATA block per non-empty regular file, in the order of the sorted paths. Every
entry is root:root and dated SOURCE_DATE_EPOCH, so the same inputs give the same bytes.
"""
import argparse
import hashlib
import os
import re
import stat
import struct
import sys
import zlib

# Value tags (adb.h): the type in the high 4 bits, a direct value or an offset in the low 28.
INT, INT32, INT64, BLOB8, BLOB16, BLOB32, ARRAY, OBJECT = (
    0x10000000, 0x20000000, 0x30000000, 0x80000000, 0x90000000, 0xa0000000, 0xd0000000, 0xe0000000)
NULL = 0
BLOCK_ADB, BLOCK_SIG, BLOCK_DATA = 0, 1, 2
SCHEMA_PACKAGE = 0x676b6370  # "pckg"
# apk_adb.h field numbers.
PI = dict(name=1, version=2, hashes=3, description=4, arch=5, license=6, origin=7, maintainer=8, url=9,
          installed_size=12, depends=15)
ACL_MODE, ACL_USER, ACL_GROUP = 1, 2, 3
FI_NAME, FI_ACL, FI_SIZE, FI_MTIME, FI_HASHES = 1, 2, 3, 4, 5
DI_NAME, DI_ACL, DI_FILES = 1, 2, 3
SCRIPTS = {"trigger": 1, "pre-install": 2, "post-install": 3, "pre-deinstall": 4, "post-deinstall": 5,
           "pre-upgrade": 6, "post-upgrade": 7}
PKG_INFO, PKG_PATHS, PKG_SCRIPTS = 1, 2, 3
# apk's version grammar (version.c): digit{.digit}...{letter}{_suf{#}}...{~hash}{-r#}
VERSION = re.compile(r"[0-9]+(\.[0-9]+)*[a-z]?(_(alpha|beta|pre|rc|cvs|svn|git|hg|p)[0-9]*)*(~[0-9a-f]+)?(-r[0-9]+)?\Z")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9+_.-]*\Z")


class Adb:
    """The ADB block's payload: the 8-byte header (compat version 0, version 0, the root value), then
    values appended at their alignment. Like adb_w_data, a value already written with the same bytes
    (and aligned) is reused, so the output is the bytes `apk mkpkg` writes for the same tree."""

    def __init__(self):
        self.buf = bytearray(8)
        self.seen = {}

    def raw(self, data, align, cache=True):
        if cache:
            off = self.seen.get(data)
            if off is not None and off % align == 0:
                return off
        self.buf += bytes(-len(self.buf) % align)
        off = len(self.buf)
        self.buf += data
        if off > 0x0fffffff:
            sys.exit("apk_mkpkg: the metadata is too large")
        if cache:
            self.seen[data] = off
        return off

    def blob(self, b):
        if isinstance(b, str):
            b = b.encode()
        if not b:
            return NULL  # an empty blob is no value (adb_w_blob_vec)
        if len(b) <= 0xff:
            return BLOB8 | self.raw(bytes([len(b)]) + b, 1)
        if len(b) <= 0xffff:
            return BLOB16 | self.raw(struct.pack("<H", len(b)) + b, 2)
        return BLOB32 | self.raw(struct.pack("<I", len(b)) + b, 4)

    def int(self, v):
        if v < 0x10000000:
            return INT | v
        if v < 1 << 32:
            return INT32 | self.raw(struct.pack("<I", v), 4)
        return INT64 | self.raw(struct.pack("<Q", v), 4)

    def obj(self, fields):
        """An object (or an array: mkpkg writes its arrays with adb_w_obj, tagged as objects too) from
        {slot: value}; slot 0 holds the number of slots, trailing empty ones are left out."""
        vals = [NULL] * max(fields, default=0)
        for i, v in fields.items():
            vals[i - 1] = v
        while vals and vals[-1] == NULL:
            vals.pop()
        if not vals:
            return NULL
        return OBJECT | self.raw(struct.pack("<%dI" % (len(vals) + 1), len(vals) + 1, *vals), 4)

    def arr(self, vals):
        return self.obj(dict(enumerate(vals, 1)))


def block(kind, payload):
    raw = 4 + len(payload)
    if raw > 0x3fffffff:
        sys.exit("apk_mkpkg: a block of %d bytes is too large" % len(payload))
    return struct.pack("<I", (kind << 30) | raw) + payload + bytes(-raw % 8)


def acl(db, mode):
    return db.obj({ACL_MODE: db.int(mode), ACL_USER: db.blob("root"), ACL_GROUP: db.blob("root")})


def main():
    if sys.argv[1:2] == ["--new-key"] and len(sys.argv) == 4:
        return new_key(sys.argv[2], sys.argv[3])
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--info", action="append", default=[])
    p.add_argument("--script", action="append", default=[])
    p.add_argument("--files", required=True)
    p.add_argument("--output", required=True)
    p.add_argument("--sign-key")
    a = p.parse_args()
    info = {}
    for kv in a.info:
        k, sep, v = kv.partition(":")
        if not sep or k.replace("-", "_") not in PI or k in ("hashes", "installed-size"):
            sys.exit("apk_mkpkg: invalid info field: %s" % kv)
        info[k.replace("-", "_")] = v
    for k in ("name", "version"):
        if not info.get(k):
            sys.exit("apk_mkpkg: required info field '%s' not provided" % k)
    if not NAME.match(info["name"]):
        sys.exit("apk_mkpkg: '%s' is not an apk package name" % info["name"])
    if not VERSION.match(info["version"]):
        sys.exit("apk_mkpkg: '%s' is not an apk version (digit{.digit}{letter}{_suffix{#}}{~hash}{-r#})" % info["version"])
    scripts = {}
    for kv in a.script:
        k, sep, path = kv.partition(":")
        if not sep or k not in SCRIPTS:
            sys.exit("apk_mkpkg: invalid script type: %s" % kv)
        with open(path, "rb") as f:
            scripts[SCRIPTS[k]] = f.read()
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))

    # Directories, each with its regular files, sorted by name bytes (the arrays' adb_wa_sort): the root
    # first under no name, then "etc", "etc/config", ... Every directory is listed, as mkpkg's default
    # --compat (3.0.0_pre1) keeps the root and the intermediate ones.
    top = a.files
    dirs = []
    for d, subdirs, files in os.walk(top):
        subdirs.sort()
        rel = os.path.relpath(d, top)
        rel = "" if rel == "." else rel
        entries = []
        for name in files:
            st = os.lstat(os.path.join(d, name))
            if not stat.S_ISREG(st.st_mode):
                sys.exit("apk_mkpkg: %s: only regular files and directories are packaged" % os.path.join(d, name))
            entries.append((name.encode(), os.path.join(d, name), st))
        dirs.append((rel.encode(), stat.S_IMODE(os.lstat(d).st_mode), sorted(entries)))
    dirs.sort()

    # Written in mkpkg's order (the info fields, each directory's files then the directory, the info
    # object, the paths, the scripts, the package), so that the caching lands on the same offsets.
    db = Adb()
    pkginfo = {}
    for k in ("name", "version", "description", "arch", "license", "origin", "maintainer", "url"):
        if k in info:
            pkginfo[PI[k]] = db.blob(info[k])
    deps = {}
    for d in info.get("depends", "").split():
        if not NAME.match(d):
            sys.exit("apk_mkpkg: '%s': only plain package names are supported as dependencies" % d)
        deps[d] = db.obj({1: db.blob(d)})
    pkginfo[PI["depends"]] = db.arr(v for _, v in sorted(deps.items()))
    installed = 0
    paths, data = [], []
    for pi, (rel, mode, entries) in enumerate(dirs, 1):
        fvals = []
        for fi, (name, path, st) in enumerate(entries, 1):
            with open(path, "rb") as f:
                content = f.read()
            installed += len(content)
            f = {FI_NAME: db.blob(name), FI_HASHES: db.blob(hashlib.sha256(content).digest()),
                 FI_MTIME: db.int(epoch), FI_SIZE: db.int(len(content))}
            f[FI_ACL] = acl(db, stat.S_IMODE(st.st_mode))
            fvals.append(db.obj(f))
            if content:
                data.append(struct.pack("<II", pi, fi) + content)
        d = {DI_NAME: db.blob(rel)}
        d[DI_ACL] = acl(db, mode)
        d[DI_FILES] = db.arr(fvals)
        paths.append(db.obj(d))
    pkginfo[PI["installed_size"]] = db.int(installed or 1)
    # The unique id (mkpkg): 20 zero bytes while the SHA-256 of the whole block is taken, then its start.
    uid = db.raw(bytes([20]) + bytes(20), 1, cache=False)
    pkginfo[PI["hashes"]] = BLOB8 | uid
    pkg = {PKG_INFO: db.obj(pkginfo), PKG_PATHS: db.arr(paths)}
    if scripts:
        pkg[PKG_SCRIPTS] = db.obj({i: db.blob(scripts[i]) for i in sorted(scripts)})
    struct.pack_into("<I", db.buf, 4, db.obj(pkg))
    db.buf[uid + 1:uid + 21] = hashlib.sha256(db.buf).digest()[:20]
    adb = bytes(db.buf)

    out = [b"ADB.", struct.pack("<I", SCHEMA_PACKAGE), block(BLOCK_ADB, adb)]
    if a.sign_key:
        out.append(block(BLOCK_SIG, sign(a.sign_key, adb)))
    out += [block(BLOCK_DATA, d) for d in data]
    z = zlib.compressobj(9, zlib.DEFLATED, -15, 8)
    packed = b"ADBd" + z.compress(b"".join(out)) + z.flush()
    tmp = a.output + ".tmp"
    with open(tmp, "wb") as f:
        f.write(packed)
    os.chmod(tmp, 0o644)
    os.replace(tmp, a.output)


# NIST P-256, the curve of OpenWrt's apk keys (openssl ecparam -name prime256v1).
P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
G = (0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
     0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5)


def mul(k, pt):
    """k·pt on P-256 (affine double-and-add; only this build machine's own key goes through it)."""
    def add(p1, p2):
        if p1 is None:
            return p2
        if p2 is None:
            return p1
        if p1[0] == p2[0] and (p1[1] + p2[1]) % P == 0:
            return None
        if p1 == p2:
            m = (3 * p1[0] * p1[0] - 3) * pow(2 * p1[1], -1, P)
        else:
            m = (p2[1] - p1[1]) * pow(p2[0] - p1[0], -1, P)
        x = (m * m - p1[0] - p2[0]) % P
        return x, (m * (p1[0] - x) - p1[1]) % P
    out = None
    for bit in bin(k)[2:]:
        out = add(out, out)
        if bit == "1":
            out = add(out, pt)
    return out


def ecdsa_sign(d, msg):
    """ECDSA with SHA-512 and RFC 6979's nonce: the same package signed twice gives the same bytes
    (python3-cryptography's ECDSA picks a random nonce; Debian 12's has no deterministic_signing)."""
    import hmac
    h = hashlib.sha512(msg).digest()
    e = int.from_bytes(h, "big") >> (512 - 256)
    x, h1 = d.to_bytes(32, "big"), (e % N).to_bytes(32, "big")
    k_, v = bytes(64), b"\x01" * 64
    k_ = hmac.new(k_, v + b"\x00" + x + h1, "sha512").digest()
    v = hmac.new(k_, v, "sha512").digest()
    k_ = hmac.new(k_, v + b"\x01" + x + h1, "sha512").digest()
    v = hmac.new(k_, v, "sha512").digest()
    while True:
        v = hmac.new(k_, v, "sha512").digest()
        k = int.from_bytes(v[:32], "big")
        if 1 <= k < N:
            r = mul(k, G)[0] % N
            s = pow(k, -1, N) * (e + r * d) % N
            if r and s:
                break
        k_ = hmac.new(k_, v + b"\x00", "sha512").digest()
        v = hmac.new(k_, v, "sha512").digest()
    # DER: SEQUENCE { INTEGER r, INTEGER s }, as OpenSSL writes ECDSA signatures.
    def der_int(i):
        b = i.to_bytes((i.bit_length() + 8) // 8, "big")
        return b"\x02" + bytes([len(b)]) + b
    body = der_int(r) + der_int(s)
    return b"\x30" + bytes([len(body)]) + body


def sign(keyfile, adb):
    """A v0 signature (adb_trust_write_signatures): sign_ver 0, hash_alg SHA-512 (4), the key's id (the
    first 16 bytes of the SHA-512 of its public point, as i2d_PublicKey writes it), then the signature of
    the schema, those 18 bytes and the SHA-512 of the ADB block."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    with open(keyfile, "rb") as f:
        key = serialization.load_pem_private_key(f.read(), None)
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        sys.exit("apk_mkpkg: %s is not an ECDSA P-256 key" % keyfile)
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    hdr = bytes([0, 4]) + hashlib.sha512(point).digest()[:16]
    msg = struct.pack("<I", SCHEMA_PACKAGE) + hdr + hashlib.sha512(adb).digest()
    return hdr + ecdsa_sign(key.private_numbers().private_value, msg)


def new_key(private, public):
    """An ECDSA P-256 key pair in PEM, the files OpenWrt makes for apk (the secret one mode 0600)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    key = ec.generate_private_key(ec.SECP256R1())
    fd = os.open(private, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()))
    with open(public, "wb") as f:
        f.write(key.public_key().public_bytes(serialization.Encoding.PEM,
                                              serialization.PublicFormat.SubjectPublicKeyInfo))
    os.chmod(public, 0o644)


if __name__ == "__main__":
    main()
