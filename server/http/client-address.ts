import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * Which client sent a request, behind proxies the operator trusts (`TRUST_PROXY`). Each proxy APPENDS
 * the address it received the request from to `X-Forwarded-For`, so the entries a client wrote itself
 * are always on the left and only the right-hand entries, written by trusted hops, can be believed.
 * The rule is Express's `trust proxy`: walk from the socket towards the left while the hop is trusted;
 * the first address not trusted is the client.
 *
 * @module
 */

/**
 * The proxies trusted to write `X-Forwarded-*`: a number of hops in front of the server (0: none,
 * the socket is the client), or the proxies' addresses and CIDR ranges.
 */
export type ProxyTrust = number | readonly string[];

/** Where a request came from: the client's address, and how many trusted proxies it passed through. */
export interface ClientAddress {
  ip: string;
  /** Trusted proxies between the client and this server (0: the client talked to the server directly). */
  proxies: number;
}

/**
 * Reads `TRUST_PROXY`: unset, empty or `0` trusts no proxy; a whole number trusts that many hops
 * (`1`: one proxy, as before); otherwise a comma list of proxy addresses or CIDR ranges
 * (`10.0.0.0/8, ::1`). Anything else stops the start-up: a typo must not trust every client.
 */
export function parseProxyTrust(raw: string | undefined): ProxyTrust {
  const value = raw?.trim() ?? '';
  if (value === '') return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!trustedRange(entry)) throw new Error(`TRUST_PROXY must be a number of proxies or a comma list of proxy addresses/CIDR ranges, got "${entry}"`);
  }
  return entries;
}

/** `10.0.0.0/8` or `10.1.2.3` as a range, or undefined when it is neither. */
function trustedRange(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText] = entry.split('/');
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const bits = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits, family };
  if (!/^\d+$/.test(prefixText) || Number(prefixText) > bits) return undefined;
  return { address, prefix: Number(prefixText), family };
}

const blockLists = new WeakMap<readonly string[], BlockList>();

/** The list's ranges as a BlockList, built once per configuration. */
function blockListOf(proxies: readonly string[]): BlockList {
  let list = blockLists.get(proxies);
  if (!list) {
    list = new BlockList();
    for (const entry of proxies) {
      const range = trustedRange(entry);
      if (range) list.addSubnet(range.address, range.prefix, range.family);
    }
    blockLists.set(proxies, list);
  }
  return list;
}

/**
 * One `X-Forwarded-For` entry as a plain address, or undefined when it is none: spaces trimmed,
 * `[v6]:port` and `v4:port` (some proxies add the port) reduced to the address, IPv6 lower-cased,
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as IPv4, so one client is one key however it is written.
 */
export function normaliseAddress(entry: string): string | undefined {
  let value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (value.length > 64) return undefined;
  const version = isIP(value);
  if (version === 0) return undefined;
  if (version === 4) return value;
  const lower = value.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped?.[1] ?? lower;
}

function isTrusted(trust: ProxyTrust, address: string, index: number): boolean {
  if (typeof trust === 'number') return index < trust;
  const version = isIP(address);
  return version !== 0 && blockListOf(trust).check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client behind `trust`: the socket's address, then the `X-Forwarded-For` entries from the right.
 * With a number of hops, that many addresses (the socket first) are proxies; with a list, the addresses
 * in it are. When the header has fewer entries than trusted hops, its leftmost entry is the client (the
 * first proxy was bypassed or wrote no header). An entry that is no address ends the walk at the last
 * trusted hop: a header mangled in front of a trusted proxy never becomes a client-chosen key.
 */
export function resolveClient(peerAddress: string, forwardedFor: string | undefined, trust: ProxyTrust): ClientAddress {
  const socket = normaliseAddress(peerAddress) ?? peerAddress;
  const entries = (forwardedFor ?? '').split(',').filter((entry) => entry.trim() !== '').reverse();
  let client = socket;
  let proxies = 0;
  while (isTrusted(trust, client, proxies)) {
    const entry = entries[proxies];
    proxies += 1;
    const next = entry === undefined ? undefined : normaliseAddress(entry);
    if (next === undefined) break;
    client = next;
  }
  return { ip: client, proxies };
}

/**
 * The scheme the client used, as written by the outermost trusted proxy: the `X-Forwarded-Proto`
 * entry `hops` from the right (proxies that append add one entry each; one that overwrites leaves
 * one entry, which is then its own). Entries to its left are the client's own and are ignored.
 * Without a trusted hop the header is not believed at all.
 */
export function forwardedProto(header: string | undefined, hops: number): string | undefined {
  if (hops <= 0 || !header) return undefined;
  const entries = header.split(',').map((entry) => entry.trim().toLowerCase());
  return entries[Math.max(0, entries.length - hops)] || undefined;
}

/** The socket's peer address, or `unknown` when not running on a Node socket (`app.request` in a test). */
function socketAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The request's client under the configured `TRUST_PROXY` ({@link resolveClient}). */
export function requestClient(c: Context<AppEnv>): ClientAddress {
  return resolveClient(socketAddress(c), c.req.header('x-forwarded-for'), c.get('config').trustProxy);
}
