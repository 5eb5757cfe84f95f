// Whether this process runs inside the test network namespace (scripts/in-namespace.sh): its only
// addresses are loopback and 10.99.0.0/24. Janus offers every non-loopback address as an ICE
// candidate, so whatever sends media through it (the Janus suite, the webinar bench) checks this
// first: the machine's own network must never carry test media.
import { networkInterfaces } from 'node:os';

/** The addresses this process could send media from that are outside the test namespace (none inside it). */
export function addressesOutsideTestNamespace() {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && !(entry.family === 'IPv4' && entry.address.startsWith('10.99.0.')) && !entry.address.startsWith('fe80:'))
    .map((entry) => entry.address);
}
