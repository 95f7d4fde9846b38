import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (a valid one: `::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split('::');
  if (tail === undefined) return groupsOf(head);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key under which attempts from one client are counted: an IPv4 address as it is, an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports IPv4 clients) as that IPv4 address, and any other IPv6
 * address by its /64 network. One subscriber, even a home connection, is usually given a whole /64 (2^64 addresses):
 * keyed by the full address, every one of them would be a fresh budget.
 */
export function clientAddressKey(ip: string | undefined): string {
  const address = (ip ?? '').replace(/%.*$/, ''); // a zone (fe80::1%eth0) names an interface, not a client
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip || 'unknown';
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
