// Builds the SPA (apps/web/dist) when it is missing or older than its sources.
// Run by `npm install` (postinstall) and by .ci/run. As a postinstall step it never fails the
// install: without web sources or build tools it does nothing, and a failed build only warns
// (`npm start` retries and fails loudly). Run directly, a failed build exits non-zero.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildWeb, root, webBuildStaleReason, webSourcesPresent } from './web-build.mjs';

const duringInstall = process.env.npm_lifecycle_event === 'postinstall';

function main() {
  if (!webSourcesPresent()) {
    return 0;
  }
  const reason = webBuildStaleReason();
  if (!reason) {
    console.log('Web app is up to date (apps/web/dist).');
    return 0;
  }
  if (!existsSync(path.join(root, 'node_modules/.bin/vite'))) {
    console.warn('Skipping the web build: vite is not installed (dev dependencies omitted?).');
    return duringInstall ? 0 : 1;
  }
  console.log(`Building the web app: ${reason}.`);
  const status = buildWeb();
  if (status !== 0 && duringInstall) {
    console.warn('The web build failed; the install goes on. `npm start` will try again.');
    return 0;
  }
  return status;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error);
  process.exitCode = duringInstall ? 0 : 1;
}
