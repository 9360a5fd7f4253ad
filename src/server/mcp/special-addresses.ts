// Which IP addresses check_links may connect to: only ones on the public internet. The ranges are
// the IANA IPv4 and IPv6 Special-Purpose Address Registries plus multicast and reserved space.
import { BlockList, isIP } from 'node:net';

/** IPv4 ranges that are not the public internet (RFC 6890 and its updates). */
export const SPECIAL_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast address 255.255.255.255
];

/**
 * IPv6 is checked by an allow rule: only global unicast (2000::/3) may be reached, minus these
 * special ranges inside it. Everything outside 2000::/3 is refused with it: ::/128, ::1/128, the
 * IPv4-compatible ::/96, 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64 would translate to any IPv4
 * address, private ones included), 100::/64, 5f00::/16, fc00::/7, fe80::/10, fec0::/10, ff00::/8.
 * IPv4-mapped addresses (::ffff:0:0/96) are judged by the IPv4 address they carry.
 */
export const SPECIAL_IPV6_IN_GLOBAL_UNICAST: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) and benchmarking among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address, private ones included
  ['3fff::', 20], // documentation
];

const ipv4 = new BlockList();
for (const [net, bits] of SPECIAL_IPV4) ipv4.addSubnet(net, bits, 'ipv4');
const ipv6 = new BlockList();
for (const [net, bits] of SPECIAL_IPV6_IN_GLOBAL_UNICAST) ipv6.addSubnet(net, bits, 'ipv6');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True unless `address` is an IP address on the public internet (anything unreadable is refused). */
export function isSpecialPurposeAddress(address: string): boolean {
  try {
    const family = isIP(address);
    if (family === 4) return ipv4.check(address, 'ipv4');
    if (family !== 6) return true;
    // BlockList compares an IPv4-mapped IPv6 address with the IPv4 rules.
    if (ipv4Mapped.check(address, 'ipv6')) return ipv4.check(address, 'ipv6');
    return !globalUnicast.check(address, 'ipv6') || ipv6.check(address, 'ipv6');
  } catch {
    return true;
  }
}
