// CNetlink: libnl-3 / libnl-genl-3 and the kernel's nl80211 definitions. libnl's macros and
// variadic calls are wrapped in `cn_` functions so Swift sees plain C.
#ifndef CNETLINK_H
#define CNETLINK_H

#include <stdint.h>
#include <netlink/netlink.h>
#include <netlink/genl/genl.h>
#include <netlink/genl/ctrl.h>
#include <netlink/msg.h>
#include <netlink/attr.h>
#include <linux/nl80211.h>

/// genlmsg_put with the arguments hotspotd always uses (auto port and sequence, no user header).
static inline void *cn_genlmsg_put(struct nl_msg *msg, int family, int flags, uint8_t cmd) {
    return genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family, 0, flags, cmd, 0);
}

/// Parse a genl message's top-level attributes into `tb` (NL80211_ATTR_MAX + 1 slots).
static inline int cn_parse_nl80211(struct nl_msg *msg, struct nlattr **tb) {
    struct genlmsghdr *gnlh = (struct genlmsghdr *)nlmsg_data(nlmsg_hdr(msg));
    return nla_parse(tb, NL80211_ATTR_MAX, genlmsg_attrdata(gnlh, 0), genlmsg_attrlen(gnlh, 0), NULL);
}

static inline uint8_t cn_genl_cmd(struct nl_msg *msg) {
    struct genlmsghdr *gnlh = (struct genlmsghdr *)nlmsg_data(nlmsg_hdr(msg));
    return gnlh->cmd;
}

static inline int cn_attr_max(void) { return NL80211_ATTR_MAX; }
static inline int cn_bss_max(void) { return NL80211_BSS_MAX; }
static inline int cn_sta_info_max(void) { return NL80211_STA_INFO_MAX; }
static inline int cn_rate_info_max(void) { return NL80211_RATE_INFO_MAX; }

#endif
