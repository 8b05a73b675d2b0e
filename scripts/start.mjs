// `npm start`: build the SPA if its sources changed since the last build, then run the API
// (which serves apps/web/dist) with tsx. Signals are passed on; the exit code is the server's.
import { spawn } from 'node:child_process';
import { buildWeb, root, webBuildStaleReason, webSourcesPresent } from './web-build.mjs';

if (webSourcesPresent()) {
  const reason = webBuildStaleReason();
  if (reason) {
    console.log(`Building the web app: ${reason}.`);
    const status = buildWeb();
    if (status !== 0) {
      console.error('The web build failed; not starting the server.');
      process.exit(status);
    }
  }
}

// `node --import tsx` keeps the server in this one child process (no second tsx wrapper).
// Semi-spaces of 64 MB (V8's default is 16): each answer allocates its rows, objects and JSON
// afresh, and a larger young generation collects them less often (decision 0058).
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=64', '--import', 'tsx', 'apps/api/src/main.ts'],
  { cwd: root, stdio: 'inherit', env: process.env },
);

const forward = (signal) => {
  // A terminal's Ctrl-C reaches both processes; the server treats a repeated signal as one.
  if (server.exitCode === null && server.signalCode === null) {
    server.kill(signal);
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => forward(signal));
}

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal so that whoever started us sees the real cause.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
