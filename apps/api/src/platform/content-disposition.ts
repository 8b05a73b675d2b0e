/**
 * A Content-Disposition header whose file name survives Cyrillic: RFC 5987 `filename*` (UTF-8,
 * percent-encoded), plus an ASCII `filename` for old clients when one is given.
 */
export function contentDisposition(
  disposition: 'inline' | 'attachment',
  fileName: string,
  asciiFallback?: string,
) {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const fallback = asciiFallback ? `; filename="${asciiFallback}"` : '';
  return `${disposition}${fallback}; filename*=UTF-8''${encoded}`;
}
