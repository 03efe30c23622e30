# shellcheck shell=bash disable=SC2034 # the variables are for the scripts that source this file
# cross/lib/arch.sh — the one table of what each router architecture is called by each tool. Sourced by
# cross/* (but cross/sysroot, whose cache key is its own hash), Tests/openwrt/run and Tests/radio; `arch_set ARCH` sets the variables below.
ARCHES=(x86_64 aarch64 armv7)

# arch_set ARCH [CALLER]: sets, for ARCH,
#   SWIFT_TRIPLE   SwiftPM's build folder under .build-ARCH (the Swift SDK's target triple)
#   C_TARGET       clang's musl target, C_FLAGS its extra flags (armv7: hard-float, Thumb)
#   DEB_ARCH       Debian's architecture
#   QEMU_USER      the qemu-user runner (empty on x86_64: it runs here)
#   OPENWRT_LABEL  the default OpenWrt package architecture; OPENWRT_FAMILY what any other must start with
#   ELF_FILE       file(1)'s words for a static binary of ARCH (an ERE)
#   ELF_READELF    readelf -h's Machine; ELF_HEADER the ELF class and e_machine ("hard-float" for armv7)
# Unknown ARCH: a sentence naming CALLER on stderr, and exit 2.
arch_set() {
    case $1 in
        x86_64)
            SWIFT_TRIPLE=x86_64-unknown-linux-gnu; C_TARGET=x86_64-linux-musl; C_FLAGS=()
            DEB_ARCH=amd64; QEMU_USER=()
            OPENWRT_LABEL=x86_64; OPENWRT_FAMILY=x86_64
            ELF_FILE='ELF 64-bit LSB executable, x86-64.*statically linked'; ELF_READELF=X86-64; ELF_HEADER="2 62" ;;
        aarch64)
            SWIFT_TRIPLE=aarch64-none-none-elf; C_TARGET=aarch64-linux-musl; C_FLAGS=()
            DEB_ARCH=arm64; QEMU_USER=(qemu-aarch64-static)
            OPENWRT_LABEL=aarch64_cortex-a53; OPENWRT_FAMILY=aarch64_
            ELF_FILE='ELF 64-bit LSB executable, ARM aarch64.*statically linked'; ELF_READELF=AArch64; ELF_HEADER="2 183" ;;
        armv7)
            SWIFT_TRIPLE=armv7-none-none-eabi; C_TARGET=armv7-linux-musleabihf; C_FLAGS=(-mfloat-abi=hard -mfpu=vfpv3-d16 -mthumb)
            DEB_ARCH=armhf; QEMU_USER=(qemu-arm-static)
            OPENWRT_LABEL=arm_cortex-a7_neon-vfpv4; OPENWRT_FAMILY=arm_
            ELF_FILE='ELF 32-bit LSB executable, ARM, EABI5.*statically linked'; ELF_READELF=ARM; ELF_HEADER="1 40 hard-float" ;;
        *)
            echo "${2:-hotspotd}: unknown arch '$1' (${ARCHES[*]})" >&2
            exit 2 ;;
    esac
}
