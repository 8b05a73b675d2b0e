// Shared by scripts/start.mjs and scripts/build-web-if-stale.mjs: is apps/web/dist older than
// the sources it is built from, and how to rebuild it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

/** Everything whose change changes the built SPA. */
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/ui/src',
].map((entry) => path.join(root, entry));

/** True when the web app's sources are in this checkout at all. */
export function webSourcesPresent() {
  return existsSync(path.join(web, 'package.json')) && existsSync(path.join(web, 'src'));
}

function newestMtime(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) {
    return stats.mtimeMs;
  }
  let newest = stats.mtimeMs; // a deleted file changes its directory's mtime
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist') {
      continue;
    }
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** Why the SPA needs a build, or null when apps/web/dist is up to date. */
export function webBuildStaleReason() {
  if (!existsSync(builtIndex)) {
    return 'apps/web/dist is missing';
  }
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = inputs.find((entry) => newestMtime(entry) > builtAt);
  return changed ? `${path.relative(root, changed)} changed after the last build` : null;
}

/** Runs `npm run build` (vite build of apps/web); returns the exit status. */
export function buildWeb() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.error) {
    console.error(`Could not run npm run build: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}
