const DOMAIN = /^(?:[\p{L}\d](?:[\p{L}\d-]{0,61}[\p{L}\d])?\.)+\p{L}{2,63}$/u;
const IPV4_PART = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_PART}(?:\\.${IPV4_PART}){3}$`);
const PORT = /^\d{1,5}$/;

function isIpv6(host: string): boolean {
  if (!host.includes(':') || !/^[\da-f:.]+$/i.test(host)) return false;
  // The WHATWG URL parser knows every IPv6 shorthand; no need to re-implement it.
  try {
    new URL(`http://[${host}]/`);
    return true;
  } catch {
    return false;
  }
}

function isValidPort(port: string | undefined): boolean {
  return port === undefined || (PORT.test(port) && Number(port) <= 65535);
}

/**
 * Accepts an optional http/https scheme, then a domain, localhost, an IPv4 or IPv6 address,
 * an optional port and an optional path (with query or fragment). Empty text is invalid.
 */
export function isValidUrl(value: string): boolean {
  const text = value.trim();
  if (!text || /\s/.test(text)) return false;
  const withoutScheme = text.replace(/^https?:\/\//i, '');
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(withoutScheme)) return false;
  const cut = withoutScheme.search(/[/?#]/);
  const authority = cut === -1 ? withoutScheme : withoutScheme.slice(0, cut);
  if (!authority) return false;

  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(authority);
  if (bracketed) return isIpv6(bracketed[1]!) && isValidPort(bracketed[2]);
  // A bare IPv6 address cannot carry a port: its colons would be ambiguous.
  if (isIpv6(authority)) return true;

  const [host = '', port, extra] = authority.split(':');
  if (extra !== undefined || !isValidPort(port)) return false;
  const lower = host.toLowerCase();
  return lower === 'localhost' || IPV4.test(lower) || DOMAIN.test(lower);
}

/** What every link field says when its text is not a link (SPEC.md §5 names no wording). */
export const LINK_INVALID = 'Введите корректную ссылку, например https://example.ru';

/** Empty (or nothing) means "no link"; anything else must pass {@link isValidUrl}. */
export const isBlankOrValidUrl = (value: string | null | undefined): boolean =>
  !value?.trim() || isValidUrl(value);
