// The worker thread of untrusted-files.ts: loads the module a task names (TypeScript through
// tsx, as the server itself runs) and answers each task by its id. Kept in plain JavaScript so
// that Node starts it without a loader; the tasks themselves are ordinary TypeScript modules.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// The lowest CPU priority for this thread alone (on Linux a thread's nice value is its own): when
// a file keeps it busy, the server's thread still gets the cores first. Elsewhere the call would
// lower the whole process, so it is made on Linux only.
if (process.platform === 'linux') {
  try {
    setPriority(19);
  } catch {
    // Not allowed here: the deadline and the heap limit still hold.
  }
}

const loaded = new Map();

async function load(module) {
  if (!loaded.has(module)) {
    const importing = module.endsWith('.ts')
      ? import('tsx/esm/api').then(({ tsImport }) => tsImport(module, import.meta.url))
      : import(module);
    loaded.set(module, importing);
  }
  return loaded.get(module);
}

/** An AppError (a number `code`, a message, `errors`) goes back as itself; others by message. */
function describe(error) {
  if (error && typeof error === 'object' && typeof error.code === 'number') {
    return { code: error.code, message: error.message, errors: error.errors };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

parentPort.on('message', async ({ id, module, name, input }) => {
  try {
    const exports = await load(module);
    const task = exports[name];
    if (typeof task !== 'function') throw new Error(`no task ${name} in ${module}`);
    const result = await task(input);
    parentPort.postMessage({ id, result, heapBytes: process.memoryUsage().heapUsed });
  } catch (error) {
    parentPort.postMessage({ id, error: describe(error) });
  }
});

parentPort.postMessage({ ready: true });

// The modules earlier workers needed, loaded while no task waits (a failure shows on first use).
for (const module of workerData?.preload ?? []) load(module).catch(() => undefined);
