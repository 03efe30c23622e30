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
#include <linux/rtnetlink.h>
#include <linux/if_addr.h>
#include <string.h>

/// genlmsg_put with the arguments hotspotd always uses (auto port and sequence, no user header).
static inline void *cn_genlmsg_put(struct nl_msg *msg, int family, int flags, uint8_t cmd) {
    return genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family, 0, flags, cmd, 0);
}

/// The generic-netlink controller's CTRL_CMD_GETFAMILY request for `name`. hotspotd resolves the
/// nl80211 family with it instead of genl_ctrl_resolve, whose family cache brings libnl's object
/// and cache code (kilobytes of flash) for one number.
static inline int cn_ctrl_getfamily_put(struct nl_msg *msg, const char *name) {
    if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, GENL_ID_CTRL, 0, 0, CTRL_CMD_GETFAMILY, 1)) return -NLE_MSGSIZE;
    return nla_put_string(msg, CTRL_ATTR_FAMILY_NAME, name);
}

/// CTRL_ATTR_FAMILY_ID of the controller's reply, or -1.
static inline int32_t cn_ctrl_family_id(struct nl_msg *msg) {
    struct nlattr *tb[CTRL_ATTR_MAX + 1];
    struct genlmsghdr *gnlh = (struct genlmsghdr *)nlmsg_data(nlmsg_hdr(msg));
    if (nla_parse(tb, CTRL_ATTR_MAX, genlmsg_attrdata(gnlh, 0), genlmsg_attrlen(gnlh, 0), NULL) < 0) return -1;
    if (!tb[CTRL_ATTR_FAMILY_ID] || nla_len(tb[CTRL_ATTR_FAMILY_ID]) < 2) return -1;
    return nla_get_u16(tb[CTRL_ATTR_FAMILY_ID]);
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

/// One RTM_NEWADDR / RTM_DELADDR message (IPv4 only): returns the message type, or -1 for anything else
/// or a malformed message. `addr` gets IFA_LOCAL (or IFA_ADDRESS when there is no IFA_LOCAL).
static inline int cn_parse_ifaddr(struct nl_msg *msg, uint32_t *ifindex, uint8_t addr[4], uint8_t *prefix) {
    struct nlmsghdr *h = nlmsg_hdr(msg);
    if (h->nlmsg_type != RTM_NEWADDR && h->nlmsg_type != RTM_DELADDR) return -1;
    if (!nlmsg_valid_hdr(h, sizeof(struct ifaddrmsg))) return -1;
    struct ifaddrmsg *ifa = nlmsg_data(h);
    if (ifa->ifa_family != AF_INET) return -1;
    struct nlattr *tb[IFA_MAX + 1];
    if (nlmsg_parse(h, sizeof(struct ifaddrmsg), tb, IFA_MAX, NULL) < 0) return -1;
    struct nlattr *a = tb[IFA_LOCAL] ? tb[IFA_LOCAL] : tb[IFA_ADDRESS];
    if (!a || nla_len(a) < 4) return -1;
    memcpy(addr, nla_data(a), 4);
    *ifindex = ifa->ifa_index;
    *prefix = ifa->ifa_prefixlen;
    return h->nlmsg_type;
}

/// One RTM_NEWROUTE / RTM_DELROUTE message of an IPv4 default route (dst_len 0) in the main table:
/// returns the message type, or -1 for any other route or a malformed message. `gateway` stays zero
/// when the route has none.
static inline int cn_parse_default_route(struct nl_msg *msg, uint32_t *oif, uint8_t gateway[4]) {
    struct nlmsghdr *h = nlmsg_hdr(msg);
    if (h->nlmsg_type != RTM_NEWROUTE && h->nlmsg_type != RTM_DELROUTE) return -1;
    if (!nlmsg_valid_hdr(h, sizeof(struct rtmsg))) return -1;
    struct rtmsg *rt = nlmsg_data(h);
    if (rt->rtm_family != AF_INET || rt->rtm_dst_len != 0) return -1;
    struct nlattr *tb[RTA_MAX + 1];
    if (nlmsg_parse(h, sizeof(struct rtmsg), tb, RTA_MAX, NULL) < 0) return -1;
    uint32_t table = rt->rtm_table;
    if (tb[RTA_TABLE] && nla_len(tb[RTA_TABLE]) >= 4) table = nla_get_u32(tb[RTA_TABLE]);
    if (table != RT_TABLE_MAIN) return -1;
    if (!tb[RTA_OIF] || nla_len(tb[RTA_OIF]) < 4) return -1;
    *oif = nla_get_u32(tb[RTA_OIF]);
    memset(gateway, 0, 4);
    if (tb[RTA_GATEWAY] && nla_len(tb[RTA_GATEWAY]) >= 4) memcpy(gateway, nla_data(tb[RTA_GATEWAY]), 4);
    return h->nlmsg_type;
}

/// A dump request of one rtnetlink type (RTM_GETADDR, RTM_GETROUTE) for one family, as libnl-route's
/// nl_rtgen_request sends it, without linking libnl-route.
static inline int cn_rtgen_dump(struct nl_sock *sk, int type, int family) {
    struct rtgenmsg gen = { .rtgen_family = (unsigned char)family };
    return nl_send_simple(sk, type, NLM_F_DUMP, &gen, sizeof(gen));
}

static inline int cn_rtm_newaddr(void) { return RTM_NEWADDR; }
static inline int cn_rtm_newroute(void) { return RTM_NEWROUTE; }
static inline int cn_rtm_getaddr(void) { return RTM_GETADDR; }
static inline int cn_rtm_getroute(void) { return RTM_GETROUTE; }
static inline int cn_rtnlgrp_ipv4_ifaddr(void) { return RTNLGRP_IPV4_IFADDR; }
static inline int cn_rtnlgrp_ipv4_route(void) { return RTNLGRP_IPV4_ROUTE; }
static inline int cn_netlink_route(void) { return NETLINK_ROUTE; }

#endif
