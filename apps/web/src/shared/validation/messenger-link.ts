// Longest first, so 'https://t.me/' wins over 't.me/'.
const TELEGRAM_PREFIXES = [
  'https://telegram.me/',
  'http://telegram.me/',
  'https://t.me/',
  'http://t.me/',
  'telegram.me/',
  't.me/',
];

/** '@name' is a handle, not a link; anything with a scheme or a t.me host is treated as a link. */
export function isMessengerLink(value: string): boolean {
  const text = value.trim();
  if (!text || text.startsWith('@')) return false;
  return /^https?:\/\//i.test(text) || /^(t|telegram)\.me\//i.test(text);
}

/** Turns a handle or any known Telegram link form into https://t.me/<name>. */
export function toTelegramUrl(value: string): string {
  let name = value.trim();
  const lower = name.toLowerCase();
  const prefix = TELEGRAM_PREFIXES.find((p) => lower.startsWith(p));
  if (prefix) name = name.slice(prefix.length);
  name = name.replace(/^@+/, '');
  return `https://t.me/${name}`;
}
