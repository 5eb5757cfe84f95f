/** A Host header value without its port, lower-cased: the key of company_hosts. */
export function normalizeHost(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    host = end === -1 ? host : host.slice(0, end + 1);
  } else {
    host = host.replace(/:\d*$/, '');
  }
  host = host.replace(/\.$/, '');
  return /^[a-z0-9.\-[\]:]+$/.test(host) ? host : null;
}

/** The host named by an x-origin header, which carries either a URL or a bare host. */
export function hostFromOrigin(value: string | undefined): string | null {
  if (!value) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    return URL.canParse(value) ? normalizeHost(new URL(value).host) : null;
  }
  return normalizeHost(value.split('/')[0]);
}
