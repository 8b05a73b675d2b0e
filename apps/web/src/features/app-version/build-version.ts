/** The build of the page this tab loaded (index.html names it), else the one compiled in. */
function pageBuildId(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[name="ats-build"]')?.getAttribute('content') || null;
}

export const CURRENT_BUILD_ID = pageBuildId() ?? __BUILD_ID__;
export const VERSION_POLL_MS = 5 * 60_000;

/** Only a real build compares ids; the dev server and tests have no version.json to trust. */
export function isNewerBuild(remote: unknown, current: string): boolean {
  if (current === 'dev' || current === 'test') return false;
  if (!remote || typeof remote !== 'object') return false;
  const buildId = (remote as { buildId?: unknown }).buildId;
  return typeof buildId === 'string' && buildId.length > 0 && buildId !== current;
}

export async function fetchRemoteVersion(): Promise<unknown> {
  const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) return null;
  return response.json();
}
