// `npm run build`: builds the SPA into a new directory and switches apps/web/dist to it
// (scripts/web-build.mjs), so a running server and its open tabs keep their assets.
import { buildWeb } from './web-build.mjs';

process.exitCode = buildWeb();
