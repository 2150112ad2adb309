import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The server posts each push to an address a browser gave it: that address must never be the server's own
 * network (Web Push SSRF). A push service is on the public internet; everything else is refused: loopback,
 * the private ranges, link-local, carrier-grade NAT, unique-local, multicast, reserved and documentation
 * ranges, and IPv6 forms that carry an IPv4 address (mapped, NAT64), which would hide one of those.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** True for an address on the public internet; false for anything else, including what is not an address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  // An IPv4-mapped address (::ffff:a.b.c.d, in any spelling) is refused as a whole: no push service needs
  // one. (A BlockList rule for ::ffff:0:0/96 would also match every plain IPv4 address.)
  if (family === 6) return !/^(0{0,4}:){0,5}:?ffff:/i.test(address) && !notPublic.check(address, 'ipv6');
  return false;
}

const isLoopback = (address: string) =>
  /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);

export class PrivateAddressError extends Error {
  readonly code = 'EPUSHPRIVATE';
  constructor() {
    super('The push endpoint does not resolve to a public address');
  }
}

export type Lookup = typeof dnsLookup;

/**
 * A `lookup` for the push request's socket: resolves the host and hands the socket only addresses that
 * passed the check, so that the address checked is the address connected to (no second resolution). Any
 * private address among the answers refuses the whole host. `allowLoopback` is for tests and a local push
 * service only (PUSH_ALLOW_HTTP_LOOPBACK).
 */
export function checkedLookup(opts: { allowLoopback?: boolean; resolve?: Lookup } = {}) {
  const resolve = opts.resolve ?? dnsLookup;
  const allowed = (address: string) =>
    isPublicAddress(address) || (opts.allowLoopback === true && isLoopback(address));
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...options, all: true }, (error, answers) => {
      if (error) return callback(error);
      const addresses = answers as unknown as LookupAddress[];
      if (addresses.length === 0 || !addresses.every((a) => allowed(a.address))) {
        return callback(new PrivateAddressError());
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as unknown as Lookup;
}

/** For an address literal as the host (the socket does not look those up): allowed or not. */
export function literalAllowed(host: string, allowLoopback: boolean) {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return true;
  return isPublicAddress(bare) || (allowLoopback && isLoopback(bare));
}
