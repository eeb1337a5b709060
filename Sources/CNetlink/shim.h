#ifndef FIELDOPS_CNETLINK_SHIM_H
#define FIELDOPS_CNETLINK_SHIM_H
/*
 * The kernel's rtnetlink interface (linux-libc-dev's headers; no library to link): the JQC
 * agent listens on a NETLINK_ROUTE socket for link, address and route changes, which is how
 * it learns that the network came back without polling and without root.
 */
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/if_link.h>
#include <net/if.h>
#include <stddef.h>

/* <linux/if.h> has it but clashes with glibc's <net/if.h>; the kernel's value (1 << 16). */
#ifndef IFF_LOWER_UP
#define IFF_LOWER_UP 0x10000
#endif

/* The multicast groups the agent joins: links, and addresses and routes of IPv4 and IPv6. */
static inline unsigned int fieldops_rtnetlink_groups(void) {
    return RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE;
}

/* NLMSG_ALIGN and friends are function-like macros, which Swift cannot call. */
static inline size_t fieldops_nlmsg_align(size_t length) { return NLMSG_ALIGN(length); }
static inline size_t fieldops_nlmsg_header_length(void) { return NLMSG_HDRLEN; }

/* Is this an RTM_NEWLINK for an interface that is up with its carrier (IFF_UP and IFF_LOWER_UP or IFF_RUNNING)? */
static inline int fieldops_link_is_up(const struct nlmsghdr *header) {
    if (header->nlmsg_type != RTM_NEWLINK || header->nlmsg_len < NLMSG_LENGTH(sizeof(struct ifinfomsg))) return 0;
    const struct ifinfomsg *info = (const struct ifinfomsg *)NLMSG_DATA(header);
    return (info->ifi_flags & IFF_UP) && (info->ifi_flags & (IFF_LOWER_UP | IFF_RUNNING)) ? 1 : 0;
}
#endif
