/** Decoded size of a base64 string in kilobytes: every 4 characters carry 3 bytes. */
export function base64SizeKb(base64: string): number {
  return (base64.length * 3) / 4 / 1024;
}
