// Shared by scripts/start.mjs, scripts/build-web.mjs and scripts/build-web-if-stale.mjs: is
// apps/web/dist older than the sources it is built from, and how to rebuild it.
//
// A build never writes into the directory a running server serves: Vite builds into
// apps/web/builds/<build id>, the previous build's assets are copied in beside the new ones (an open
// tab still asks for its own chunk names), and apps/web/dist, a symbolic link, is switched to the
// new directory in one rename. Builds older than the previous one are removed.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const distLink = path.join(web, 'dist');
const buildsDir = path.join(web, 'builds');
const builtIndex = path.join(distLink, 'index.html');
/** The names of a build's own assets (not those kept from the build before it). */
const OWN_ASSETS_FILE = 'own-assets.json';

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

/** The assets a build made itself: listed at publication, or all of them for an older build. */
function ownAssets(buildDir) {
  try {
    return JSON.parse(readFileSync(path.join(buildDir, OWN_ASSETS_FILE), 'utf8'));
  } catch {
    const assets = path.join(buildDir, 'assets');
    return existsSync(assets) ? readdirSync(assets) : [];
  }
}

/**
 * Makes `buildDir` the served build behind the symbolic link `link`: copies in the assets of the
 * build the link pointed at (those it made itself, so kept files do not pile up build after
 * build), then replaces the link in one rename, so a request sees either the old build or the new
 * one, never a half-written directory. A real directory at `link` (a build made before links) is
 * moved beside the builds first. Builds in `buildDir`'s parent other than the new and the previous
 * one are removed. Returns the previous build's directory, or null.
 */
export function publishBuild(buildDir, link = distLink) {
  const builds = path.dirname(buildDir);
  const own = readdirSync(path.join(buildDir, 'assets'));
  writeFileSync(path.join(buildDir, OWN_ASSETS_FILE), JSON.stringify(own));

  let previous = null;
  const found = lstatSync(link, { throwIfNoEntry: false });
  if (found?.isSymbolicLink() && existsSync(link)) {
    previous = realpathSync(link);
  } else if (found?.isDirectory()) {
    previous = path.join(builds, `before-links-${Date.now().toString(36)}`);
    renameSync(link, previous);
  } else if (found) {
    rmSync(link, { force: true });
  }
  if (previous) {
    const have = new Set(own);
    for (const name of ownAssets(previous)) {
      const from = path.join(previous, 'assets', name);
      if (!have.has(name) && existsSync(from)) {
        copyFileSync(from, path.join(buildDir, 'assets', name));
      }
    }
  }

  const temporary = `${link}.next-${process.pid}`;
  rmSync(temporary, { force: true });
  symlinkSync(path.relative(path.dirname(link), buildDir), temporary, 'dir');
  renameSync(temporary, link);

  const keep = new Set([realpathSync(buildDir), previous && realpathSync(previous)]);
  for (const name of readdirSync(builds)) {
    const dir = path.join(builds, name);
    if (!keep.has(realpathSync(dir))) rmSync(dir, { recursive: true, force: true });
  }
  return previous;
}

/** Where the link points, relative as written (for messages). */
export function servedBuild(link = distLink) {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}

/**
 * Builds the SPA into apps/web/builds/<build id> with Vite and publishes it (publishBuild);
 * returns the exit status.
 */
export function buildWeb() {
  const buildId = Date.now().toString(36);
  const outDir = path.join(buildsDir, buildId);
  mkdirSync(buildsDir, { recursive: true });
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, BUILD_ID: buildId, ATS_WEB_OUT_DIR: outDir },
  });
  if (result.error) {
    console.error(`Could not run vite build: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    return result.status ?? 1;
  }
  publishBuild(outDir);
  console.log(`Web app built: apps/web/dist -> ${servedBuild()}.`);
  return 0;
}
