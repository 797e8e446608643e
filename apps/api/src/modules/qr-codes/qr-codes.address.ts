import { BlockList, isIP } from 'node:net';
import type { QrAddress } from '@bo/contract';
import type { Config } from '../../config.ts';
import { refusal } from '../../lib/errors.ts';

/**
 * The address printed codes encode, <PUBLIC_BASE_URL>/q/<code>, and whether
 * paper may carry it. Paper cannot be fixed: a code that opens an address
 * only this computer or its own network reaches (the default
 * http://localhost:<PORT> among them) is refused for generation and print,
 * unless QR_LOCAL_TRIAL says this is a trial; then every printed page says
 * so (docs/configuration.md, docs/decisions.md).
 */

/** Addresses no phone outside this machine or network can open. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this host"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** Names that resolve only on this machine or a local network. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.intranet'];

/** Why the host is not public, or null when it is (IPv4-mapped IPv6 is checked as IPv4). */
export function privateHostReason(host: string): string | null {
  const name = host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const family = isIP(name);
  if (family)
    return NOT_PUBLIC.check(name, family === 4 ? 'ipv4' : 'ipv6')
      ? 'a loopback or private network address'
      : null;
  if (name === 'localhost' || LOCAL_SUFFIXES.some((s) => name.endsWith(s)))
    return 'a name only this computer or its local network knows';
  // A name without a dot is found only through a local search domain.
  if (!name.includes('.')) return 'a name without a domain, known only on a local network';
  return null;
}

export function qrAddress(config: Pick<Config, 'publicBaseUrl' | 'qrLocalTrial'>): QrAddress {
  const base = `${config.publicBaseUrl}/q/`;
  const reason = privateHostReason(new URL(config.publicBaseUrl).hostname);
  return {
    base,
    local: reason !== null,
    trial: reason !== null && config.qrLocalTrial,
    problem:
      reason === null || config.qrLocalTrial
        ? null
        : `Printed codes would open ${base}…, ${reason} that learners' phones cannot reach, and paper cannot be changed later. ` +
          `Set PUBLIC_BASE_URL to the address learners reach (https://…) and restart the server; ` +
          `for a trial on this computer only, set QR_LOCAL_TRIAL=true (every printed page then says "${TRIAL_MARK}").`,
  };
}

export const TRIAL_MARK = 'TRIAL - not for print';

/**
 * Before codes are made or printed: refused (409 qr_address_not_public) when
 * they would encode a private address outside a trial. Answers the address,
 * whose `trial` says the PDF must be marked.
 */
export function printableAddress(config: Pick<Config, 'publicBaseUrl' | 'qrLocalTrial'>) {
  const address = qrAddress(config);
  if (address.problem) throw refusal('qr_address_not_public', address.problem);
  return address;
}
