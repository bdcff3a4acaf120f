import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one rule for an outgoing call the product makes on someone's behalf (a guide's calendar, decision 200;
 * a reseller's webhook, decision 203): it goes only outward. Every address it connects to must be a public
 * one, checked on the address the socket is given (`outwardLookup`: no second lookup to rebind), unless the
 * deployment names its `host:port` as allowed (tests, a private deployment).
 */

/** Only a public unicast address may be called: never private, loopback, link-local (metadata), or reserved. */
export function publicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/** `host:port` of a URL, lower case, with the scheme's port when none is written: what the allow lists hold. */
export const hostPortOf = (url: URL) =>
  `${url.hostname.replace(/^\[|\]$/g, '')}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();

/** A connection refused because its name resolved to an address that is not public. */
export class OutwardRefused extends Error {
  readonly code = 'EOUTWARDREFUSED';
}

/** dns.lookup, refusing the connection when any address it gives is not public. */
export const outwardLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const bad = addresses.find((a) => !publicAddress(a.address));
    if (bad || addresses.length === 0)
      return callback(new OutwardRefused(`${hostname} resolves to ${bad?.address ?? 'nothing'}`), '', 0);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Why a target may not be called, or null: its scheme, or a literal address that is not public. */
export function outwardRefusal(url: URL, allowHosts: readonly string[]): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme ${url.protocol}`;
  if (allowHosts.includes(hostPortOf(url))) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !publicAddress(host)) return `${host} is not a public address`;
  return null;
}

/**
 * What a name resolves to now, through the same check the socket gets: null when every address is public (or
 * the host is allowed), else why not (`not public`, or `unresolvable`). An answer at the time it is asked:
 * the call itself checks again.
 */
export function outwardNow(url: URL, allowHosts: readonly string[]): Promise<null | 'not_public' | 'unresolvable'> {
  if (allowHosts.includes(hostPortOf(url))) return Promise.resolve(null);
  if (outwardRefusal(url, allowHosts)) return Promise.resolve('not_public');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return Promise.resolve(null);
  return new Promise((resolve) =>
    outwardLookup(host, { all: true }, (err) =>
      resolve(!err ? null : err instanceof OutwardRefused ? 'not_public' : 'unresolvable'),
    ),
  );
}
