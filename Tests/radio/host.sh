# Host side of the radio harness: packages, initramfs, QEMU boot, console protocol.
# Sourced by Tests/radio/run and cross/demo (bash). Everything downloaded or built goes to
# <repo>/.cache/radio/<arch>/ ; nothing is installed except the host tools (apt-get).

RADIO_HOST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$RADIO_HOST_DIR/../../cross/lib/arch.sh"
RADIO_REPO=$(cd "$RADIO_HOST_DIR/../.." && pwd)
RADIO_CACHE=${RADIO_CACHE:-$RADIO_REPO/.cache/radio}
RADIO_VERBOSE=${RADIO_VERBOSE:-0}
# The Debian packages unpacked into the guest (their libraries are added automatically).
RADIO_PACKAGES="busybox-static wpasupplicant hostapd iw iproute2 wireless-regdb socat"
# Kernel modules the guest loads (dependencies are resolved with modprobe --show-depends).
RADIO_MODULES="mac80211_hwsim ccm gcm ctr cmac ghash-generic virtio_rng virtio_pci virtio_mmio dummy"

radio_say() { printf '%s\n' "$*" >&2; }
radio_die() { printf 'radio: %s\n' "$*" >&2; exit 2; }
radio_now() { date +%s.%N; }
radio_since() { awk -v a="$1" -v b="$(radio_now)" 'BEGIN { printf "%.1f", b - a }'; }

# radio_arch ARCH: sets the per-architecture variables.
radio_arch() {
    RADIO_ARCH=$1
    case $1 in
        x86_64)
            KFLAVOUR=amd64; QEMU=qemu-system-x86_64; QEMU_PKG=qemu-system-x86
            CONSOLE=ttyS0; RADIO_BOOT_TIMEOUT=${RADIO_BOOT_TIMEOUT_X86_64:-300}
            QEMU_MACHINE=(-M pc -cpu max);;
        aarch64)
            KFLAVOUR=arm64; QEMU=qemu-system-aarch64; QEMU_PKG=qemu-system-arm
            CONSOLE=ttyAMA0; RADIO_BOOT_TIMEOUT=${RADIO_BOOT_TIMEOUT_AARCH64:-600}
            QEMU_MACHINE=(-M virt -cpu "${RADIO_ARM64_CPU:-cortex-a53}");;
        armv7)
            KFLAVOUR=armmp-lpae; QEMU=qemu-system-arm; QEMU_PKG=qemu-system-arm
            CONSOLE=ttyAMA0; RADIO_BOOT_TIMEOUT=${RADIO_BOOT_TIMEOUT_ARMV7:-600}
            QEMU_MACHINE=(-M virt -cpu cortex-a15);;
        *) radio_die "unknown architecture '$1' (${ARCHES[*]})";;
    esac
    arch_set "$1"  # DEB_ARCH, ELF_READELF
    [ -n "${RADIO_QEMU_MACHINE:-}" ] && read -r -a QEMU_MACHINE <<< "$RADIO_QEMU_MACHINE"
    RADIO_DIR=$RADIO_CACHE/$1
}

# Host tools, installed with apt-get only when missing.
radio_host_deps() {
    local need=() cmd pkg
    for pair in "$QEMU:$QEMU_PKG" depmod:kmod modprobe:kmod cpio:cpio readelf:binutils \
                gzip:gzip dpkg:dpkg apt-get:apt base64:coreutils sha256sum:coreutils timeout:coreutils openssl:openssl; do
        cmd=${pair%%:*}; pkg=${pair#*:}
        command -v "$cmd" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin command -v "$cmd" >/dev/null 2>&1 || need+=("$pkg")
    done
    [ ${#need[@]} -eq 0 ] && return 0
    [ "$(id -u)" = 0 ] || radio_die "missing host tools (${need[*]}); run as root or install them"
    radio_say "radio: installing host tools: ${need[*]}"
    radio_apt_update_host
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}" >&2 \
        || radio_die "apt-get install ${need[*]} failed"
}

radio_apt_update_host() {
    local i
    for i in 1 2 3; do
        apt-get update -q >&2 && return 0
        radio_say "radio: apt-get update failed (try $i of 3)"; sleep $((i * 5))
    done
    radio_die "apt-get update failed three times"
}

# A private apt state per Debian architecture (never dpkg --add-architecture).
radio_apt_setup() {
    local s=$RADIO_DIR/apt
    mkdir -p "$s/lists/partial" "$s/cache/archives/partial" "$s/sources.list.d" "$s/prefs"
    : > "$s/status.tmp"; [ -f "$s/status" ] || mv "$s/status.tmp" "$s/status"; rm -f "$s/status.tmp"
    rm -f "$s/sources.list.d/"*
    # Reuse the host's Debian sources (deb822 or one-line), else the default mirror.
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        cp /etc/apt/sources.list.d/debian.sources "$s/sources.list.d/"
    fi
    if [ -s /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list; then
        grep '^deb ' /etc/apt/sources.list | sed 's/^deb \[[^]]*\]/deb/' > "$s/sources.list.d/host.list"
    fi
    if [ -z "$(ls "$s/sources.list.d")" ]; then
        cat > "$s/sources.list.d/debian.sources" <<SRC
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    fi
    cat > "$s/apt.conf" <<CONF
Dir::State "$s";
Dir::State::Lists "$s/lists";
Dir::State::status "$s/status";
Dir::Cache "$s/cache";
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$s/sources.list.d";
Dir::Etc::Preferences "/dev/null";
Dir::Etc::PreferencesParts "$s/prefs";
APT::Architecture "$DEB_ARCH";
APT::Architectures { "$DEB_ARCH"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
CONF
    export APT_CONFIG=$s/apt.conf
}

# radio_fetch: download (never install) and unpack the guest packages into $RADIO_DIR/root.
# Cached: skipped when root.stamp exists, unless RADIO_REFRESH=1.
radio_fetch() {
    local stamp=$RADIO_DIR/root.stamp
    if [ -s "$stamp" ] && [ -d "$RADIO_DIR/root" ] && [ "${RADIO_REFRESH:-0}" != 1 ]; then
        return 0
    fi
    local t0; t0=$(radio_now)
    radio_say "radio[$RADIO_ARCH]: downloading Debian $DEB_ARCH packages (one time; cached in ${RADIO_DIR#$RADIO_REPO/})"
    (
        set -e
        radio_apt_setup
        local i ok=0
        for i in 1 2 3; do
            if apt-get update -q >"$RADIO_DIR/apt-update.log" 2>&1; then ok=1; break; fi
            radio_say "radio: apt-get update ($DEB_ARCH) failed (try $i of 3)"; sleep $((i * 5))
        done
        if [ $ok = 0 ]; then
            # A mirror in mid-sync fails one index; go on with the ones that arrived, if any did.
            if ls "$RADIO_DIR/apt/lists/"*_Packages* >/dev/null 2>&1; then
                radio_say "radio: warning: apt-get update ($DEB_ARCH) incomplete; using the indexes that arrived"
                grep '^E:' "$RADIO_DIR/apt-update.log" | head -n 3 >&2
            else
                cat "$RADIO_DIR/apt-update.log" >&2; exit 1
            fi
        fi
        local kpkg
        kpkg=$(apt-cache depends "linux-image-$KFLAVOUR" | awk '/Depends: linux-image-/ { print $2; exit }')
        [ -n "$kpkg" ] || { radio_say "cannot resolve linux-image-$KFLAVOUR"; exit 1; }
        local libs
        libs=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
                 --no-replaces --no-enhances $RADIO_PACKAGES | grep -v '^ ' | grep -E '^(lib|zlib)' | grep -v perl | sort -u)
        mkdir -p "$RADIO_DIR/debs"
        rm -f "$RADIO_DIR/debs/"*.deb
        cd "$RADIO_DIR/debs"
        apt-get download -q $kpkg $RADIO_PACKAGES $libs >"$RADIO_DIR/apt-download.log" 2>&1 \
            || { cat "$RADIO_DIR/apt-download.log" >&2; exit 1; }
        rm -rf "$RADIO_DIR/root.new"; mkdir -p "$RADIO_DIR/root.new"
        for deb in *.deb; do dpkg -x "$deb" "$RADIO_DIR/root.new"; done
        local kver; kver=$(ls "$RADIO_DIR/root.new/lib/modules" | head -n1)
        depmod -b "$RADIO_DIR/root.new" "$kver"
        rm -rf "$RADIO_DIR/root"; mv "$RADIO_DIR/root.new" "$RADIO_DIR/root"
        ls *.deb > "$stamp"
    ) || radio_die "fetching $DEB_ARCH packages failed"
    rm -f "$RADIO_DIR/debs/"*.deb   # the unpacked root is the cache; keep the disk small
    radio_say "radio[$RADIO_ARCH]: packages ready in $(radio_since "$t0") s"
}

radio_kver() { ls "$RADIO_DIR/root/lib/modules" | head -n1; }

# Copies an ELF file and the shared libraries it needs (recursively) into the staging tree.
radio_copy_elf() {
    local src=$1 dst=$2 root=$RADIO_DIR/root
    mkdir -p "$(dirname "$dst")"; cp -L "$src" "$dst"; chmod 755 "$dst"
    local interp
    interp=$(readelf -l "$src" 2>/dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
    if [ -n "$interp" ] && [ ! -e "$RADIO_STAGE$interp" ]; then
        mkdir -p "$(dirname "$RADIO_STAGE$interp")"; cp -L "$root$interp" "$RADIO_STAGE$interp"
    fi
    local lib d found
    for lib in $(readelf -d "$src" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        found=
        for d in /lib/$RADIO_TRIPLET /usr/lib/$RADIO_TRIPLET /lib /usr/lib; do
            if [ -e "$root$d/$lib" ]; then found=$d/$lib; break; fi
        done
        [ -n "$found" ] || radio_die "library $lib (needed by ${src#$root}) not found in $DEB_ARCH packages"
        [ -e "$RADIO_STAGE$found" ] && continue
        radio_copy_elf "$root$found" "$RADIO_STAGE$found"
    done
}

# radio_base_initramfs: the cached part of the initramfs (busybox, radio tools, libraries, modules).
radio_base_initramfs() {
    local root=$RADIO_DIR/root kver out=$RADIO_DIR/base.cpio.gz
    kver=$(radio_kver)
    local key; key=$(cat "$RADIO_DIR/root.stamp" "$RADIO_HOST_DIR/host.sh" | sha256sum | cut -c1-16)
    if [ -s "$out" ] && [ "$(cat "$RADIO_DIR/base.key" 2>/dev/null)" = "$key" ]; then return 0; fi
    local t0; t0=$(radio_now)
    RADIO_STAGE=$RADIO_DIR/base.stage
    RADIO_TRIPLET=$(ls "$root/usr/lib" | grep -m1 -- '-linux-gnu')
    rm -rf "$RADIO_STAGE"; mkdir -p "$RADIO_STAGE"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,run,tmp,var,lib/firmware,root}
    ln -s ../run "$RADIO_STAGE/var/run"
    [ "$(id -u)" = 0 ] && mknod -m 600 "$RADIO_STAGE/dev/console" c 5 1
    cp "$root/bin/busybox" "$RADIO_STAGE/bin/busybox"
    local f
    for f in sbin/wpa_supplicant sbin/wpa_cli usr/sbin/hostapd usr/sbin/hostapd_cli sbin/iw bin/ip bin/socat; do
        local p=$root/$f
        [ -e "$p" ] || p=$root/usr/$f
        [ -e "$p" ] || radio_die "$f missing from the $DEB_ARCH packages"
        radio_copy_elf "$p" "$RADIO_STAGE/usr/sbin/$(basename "$f")"
    done
    cp "$root/lib/firmware/regulatory.db-debian" "$RADIO_STAGE/lib/firmware/regulatory.db"
    cp "$root/lib/firmware/regulatory.db.p7s-debian" "$RADIO_STAGE/lib/firmware/regulatory.db.p7s"
    # OpenSSL 3's legacy provider (MD4, for MSCHAPv2): without it hostapd's EAP server fails "to initialize TLS".
    mkdir -p "$RADIO_STAGE/usr/lib/$RADIO_TRIPLET/ossl-modules"
    cp "$root/usr/lib/$RADIO_TRIPLET/ossl-modules/legacy.so" "$RADIO_STAGE/usr/lib/$RADIO_TRIPLET/ossl-modules/"
    # Modules: the ones listed and what they depend on; depmod again for the small tree.
    local ko
    for ko in $(modprobe -d "$root" -S "$kver" --show-depends -a $RADIO_MODULES 2>/dev/null | awk '$1 == "insmod" { print $2 }' | sort -u); do
        mkdir -p "$RADIO_STAGE$(dirname "${ko#$root}")"
        cp "$ko" "$RADIO_STAGE${ko#$root}"
    done
    local m
    for m in $RADIO_MODULES; do
        modprobe -d "$root" -S "$kver" --show-depends "$m" >/dev/null 2>&1 || radio_say "radio[$RADIO_ARCH]: note: module $m not found (built in?)"
    done
    cp "$root/lib/modules/$kver/modules.order" "$root/lib/modules/$kver/modules.builtin"* "$RADIO_STAGE/lib/modules/$kver/" 2>/dev/null || true
    depmod -b "$RADIO_STAGE" "$kver"
    printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' > "$RADIO_STAGE/etc/passwd"
    printf 'root:x:0:\nnogroup:x:65534:\n' > "$RADIO_STAGE/etc/group"
    printf '127.0.0.1 localhost\n' > "$RADIO_STAGE/etc/hosts"
    echo "$kver" > "$RADIO_STAGE/etc/radio-kernel"
    (cd "$RADIO_STAGE" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -1) > "$out.tmp"
    mv "$out.tmp" "$out"; echo "$key" > "$RADIO_DIR/base.key"
    radio_say "radio[$RADIO_ARCH]: base initramfs $(du -h "$out" | cut -f1) built in $(radio_since "$t0") s"
}

# radio_overlay_initramfs BINARY PLANFILE [EXTRA_DIR]: the small per-run part (init, library,
# scenarios, the router binary, the plan). Rebuilt only when one of its inputs changes.
radio_overlay_initramfs() {
    local binary=$1 plan=$2 extra=${3:-} out=$RADIO_DIR/overlay.cpio.gz
    local stage=$RADIO_DIR/overlay.stage
    radio_pki
    rm -rf "$stage"; mkdir -p "$stage/radio" "$stage/usr/bin"
    cp "$RADIO_HOST_DIR/guest/init" "$stage/init"; chmod 755 "$stage/init"
    cp -r "$RADIO_HOST_DIR/guest/." "$stage/radio/"; rm -f "$stage/radio/init"
    cp -r "$RADIO_HOST_DIR/scenarios" "$stage/radio/scenarios"
    # The example helpers the daemon scenarios use, as an owner would install them.
    local examples=$RADIO_HOST_DIR/../../examples/helpers
    if [ -d "$examples" ]; then mkdir -p "$stage/radio/helpers"; cp -r "$examples/." "$stage/radio/helpers/"; fi
    if [ -n "$extra" ]; then mkdir -p "$stage/radio/extra"; cp -r "$extra/." "$stage/radio/extra/"; fi
    cp "$plan" "$stage/radio/plan"
    # The test PKI (radio_pki) for the AP side's https, and the product's DHCP hook where OpenWrt puts it.
    mkdir -p "$stage/radio/pki" "$stage/etc/udhcpc.user.d"
    cp "$RADIO_PKI/ca.pem" "$RADIO_PKI/server.pem" "$RADIO_PKI/server.key" "$RADIO_PKI/wrong.pem" "$RADIO_PKI/wrong.key" \
        "$RADIO_PKI/expired.pem" "$RADIO_PKI/expired.key" \
        "$stage/radio/pki/"
    chmod 644 "$stage/radio/pki/"*
    cp "$RADIO_HOST_DIR/../../init.d/udhcpc.user" "$stage/etc/udhcpc.user.d/hotspotd"
    chmod 755 "$stage/etc/udhcpc.user.d/hotspotd"
    # The packaged configuration, as the package installs it (owner-first-run puts it at /etc/config/hotspot,
    # unedited: other scenarios write their own files there).
    cp "$RADIO_HOST_DIR/../../init.d/hotspot.config" "$stage/radio/hotspot.config"
    cp "$binary" "$stage/usr/bin/hotspotd"; chmod 755 "$stage/usr/bin/hotspotd"
    # rpcd's plugin where the package puts it, and the example events.d scripts (owner-events).
    mkdir -p "$stage/usr/libexec/rpcd" "$stage/radio/events"
    cp "$RADIO_HOST_DIR/../../init.d/hotspot.rpcd" "$stage/usr/libexec/rpcd/hotspot"; chmod 755 "$stage/usr/libexec/rpcd/hotspot"
    cp -r "$RADIO_HOST_DIR/../../examples/events/." "$stage/radio/events/"
    local key; key=$(cd "$stage" && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
    if [ -s "$out" ] && [ "$(cat "$RADIO_DIR/overlay.key" 2>/dev/null)" = "$key" ]; then return 0; fi
    (cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -1) > "$out.tmp"
    mv "$out.tmp" "$out"; echo "$key" > "$RADIO_DIR/overlay.key"
}

# radio_pki: a throwaway test CA and two server certificates (EC P-256), made once with the host's openssl
# and kept in $RADIO_CACHE/pki (made again when the CA has less than 30 days left):
#   server.pem  *.radio.test, radio.test, portal/api/probe.radio.test: what the AP side's https serves
#   wrong.pem   elsewhere.invalid only, from the same CA: a certificate for the wrong name
#   expired.pem the names of server.pem, valid from three years ago until one year ago (portal-clock)
# The guest gets them under /radio/pki (scenarios give /radio/pki/ca.pem as `option ca_bundle`).
RADIO_PKI=$RADIO_CACHE/pki
radio_pki() {
    if [ -s "$RADIO_PKI/expired.pem" ] && openssl x509 -checkend 2592000 -noout -in "$RADIO_PKI/ca.pem" >/dev/null 2>&1; then
        return 0
    fi
    command -v openssl >/dev/null 2>&1 || radio_die "openssl is needed for the test certificates (apt-get install openssl)"
    local d=$RADIO_PKI.new
    rm -rf "$d"; mkdir -p "$d"
    (
        set -e; cd "$d"
        ec="-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes"
        openssl req -x509 $ec -keyout ca.key -out ca.pem -days 3650 -subj "/CN=hotspotd radio test CA" \
            -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
        printf 'subjectAltName=DNS:radio.test,DNS:*.radio.test,DNS:portal.radio.test,DNS:api.radio.test,DNS:probe.radio.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > server.ext
        printf 'subjectAltName=DNS:elsewhere.invalid\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > wrong.ext
        openssl req $ec -keyout server.key -out server.csr -subj "/CN=portal.radio.test"
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -set_serial 2 -days 3650 -extfile server.ext -out server.pem
        openssl req $ec -keyout wrong.key -out wrong.csr -subj "/CN=elsewhere.invalid"
        openssl x509 -req -in wrong.csr -CA ca.pem -CAkey ca.key -set_serial 3 -days 3650 -extfile wrong.ext -out wrong.pem
        # Dates in the past need `openssl ca` (x509 -req starts now): a throwaway CA database.
        mkdir db; : > db/index.txt; echo 04 > db/serial
        printf '[ca]\ndefault_ca = c\n[c]\ndatabase = db/index.txt\nserial = db/serial\nnew_certs_dir = db\ndefault_md = sha256\npolicy = p\ncopy_extensions = none\n[p]\ncommonName = supplied\n' > ca.cnf
        openssl req $ec -keyout expired.key -out expired.csr -subj "/CN=portal.radio.test"
        openssl ca -batch -config ca.cnf -cert ca.pem -keyfile ca.key -in expired.csr -out expired.pem -notext \
            -startdate "$(date -u -d '3 years ago' +%Y%m%d%H%M%SZ)" -enddate "$(date -u -d '1 year ago' +%Y%m%d%H%M%SZ)" \
            -extfile server.ext
        rm -rf db ca.cnf
        rm -f ./*.csr ./*.ext ca.key
    ) > "$d.log" 2>&1 || { cat "$d.log" >&2; radio_die "making the test certificates failed"; }
    rm -rf "$RADIO_PKI"; mv "$d" "$RADIO_PKI"; rm -f "$d.log"
}

# radio_check_binary PATH: the router binary must be a static ELF for this architecture.
radio_check_binary() {
    local b=$1
    [ -f "$b" ] || radio_die "router binary $b not found (build it with cross/build $RADIO_ARCH, or pass --binary)"
    readelf -h "$b" 2>/dev/null | grep -q "Machine:.*$ELF_READELF" || radio_die "$b is not an $RADIO_ARCH ELF binary"
    if readelf -l "$b" 2>/dev/null | grep -q 'Requesting program interpreter'; then
        radio_say "radio[$RADIO_ARCH]: warning: $b is dynamically linked; the guest has Debian's glibc only"
    fi
}

radio_accel() {
    # KVM only for the host's own architecture, only when it is known to boot (probe cached).
    if [ "$RADIO_ARCH" = "$(uname -m)" ] && [ -w /dev/kvm ] && [ "${RADIO_ACCEL:-auto}" != tcg ]; then
        local probe=$RADIO_CACHE/kvm-probe-$(radio_kver)
        if [ "${RADIO_ACCEL:-auto}" = kvm ] || [ "$(cat "$probe" 2>/dev/null)" = ok ]; then echo kvm; return; fi
        if [ ! -f "$probe" ]; then
            radio_kvm_probe > "$probe"
            [ "$(cat "$probe")" = ok ] && { echo kvm; return; }
        fi
    fi
    echo "tcg,thread=multi"
}

# Boots the base initramfs alone under KVM with a short time limit: does a kernel reach /init?
radio_kvm_probe() {
    local plan; plan=$(mktemp); echo "probe" > "$plan"
    local log; log=$(mktemp)
    timeout -k 5 15 "$QEMU" "${QEMU_MACHINE[@]}" -accel kvm -m 256 -smp 1 -nographic -no-reboot -nic none \
        -kernel "$RADIO_DIR/root/boot/vmlinuz-$(radio_kver)" -initrd "$RADIO_DIR/base.cpio.gz" \
        -append "console=$CONSOLE panic=-1 quiet rdinit=/bin/busybox -- echo RADIO-KVM-OK" </dev/null >"$log" 2>&1
    if grep -q 'RADIO-KVM-OK\|Kernel panic\|Attempted to kill init' "$log"; then echo ok; else echo no; fi
    rm -f "$plan" "$log"
}

# radio_boot MODE TIMEOUT: boots base + overlay; the console goes to radio_console (sets RADIO_* results).
radio_qemu_cmd() {
    local accel; accel=$(radio_accel)
    RADIO_ACCEL_USED=${accel%%,*}
    local ram=${RADIO_RAM:-768}
    local rng=(-device virtio-rng-pci)
    [ "$RADIO_ARCH" = x86_64 ] && [[ "${QEMU_MACHINE[*]}" != *microvm* ]] || rng=(-device virtio-rng-device)
    cat "$RADIO_DIR/base.cpio.gz" "$RADIO_DIR/overlay.cpio.gz" > "$RADIO_DIR/initramfs.cpio.gz"
    RADIO_QEMU=("$QEMU" "${QEMU_MACHINE[@]}" -accel "$accel" -smp "${RADIO_SMP:-2}" -m "$ram"
        -nographic -no-reboot -nic none "${rng[@]}"
        -kernel "$RADIO_DIR/root/boot/vmlinuz-$(radio_kver)" -initrd "$RADIO_DIR/initramfs.cpio.gz"
        -append "console=$CONSOLE panic=-1 quiet loglevel=3 rdinit=/init ${RADIO_APPEND:-}")
    # RADIO_SERIAL2=SOCKET: a second serial port (the guest's ttyS1) on a UNIX socket, for a host-side
    # test that talks to a scenario (Tests/luci/run).
    [ -n "${RADIO_SERIAL2:-}" ] && RADIO_QEMU+=(-serial mon:stdio -serial "unix:$RADIO_SERIAL2,server=on,wait=off")
}

# radio_qemu_start TIMEOUT: starts the VM in the background (killed after TIMEOUT seconds by
# timeout(1), and by a trap when this script ends first); its console is readable on fd 8.
radio_qemu_start() {
    local fifo=$RADIO_DIR/console.fifo
    rm -f "$fifo"; mkfifo "$fifo"
    timeout -k 10 "$1" "${RADIO_QEMU[@]}" </dev/null >"$fifo" 2>&1 &
    RADIO_QEMU_PID=$!
    trap radio_qemu_stop EXIT
    trap 'radio_qemu_stop; exit 130' INT TERM HUP
    trap 'radio_qemu_stop; exit 141' PIPE
    exec 8<"$fifo"
    rm -f "$fifo"
}
radio_qemu_stop() {
    if [ -n "${RADIO_QEMU_PID:-}" ]; then kill -TERM "$RADIO_QEMU_PID" 2>/dev/null; fi
    RADIO_QEMU_PID=
}
# radio_qemu_wait: the exit status of timeout(1): qemu's, or 124 when the time limit hit.
radio_qemu_wait() {
    local rc=0
    wait "$RADIO_QEMU_PID" || rc=$?
    RADIO_QEMU_PID=
    exec 8<&-
    return $rc
}
