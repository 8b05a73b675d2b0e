// The hh.ru fake (apps/api/test/fakes/hh-fake.ts) in a process of its own for the `job-sites`
// benchmark, so its work does not share the event loop the sync is timed on. Talks to the parent
// over the IPC channel:
//   child → parent  { type: 'ready', url, clientId, clientSecret }          once it listens
//   parent → child  { type: 'seed', name, resumes }  → { type: 'seeded', vacancyId, ids }
//                   (an active vacancy of the employer and one response of each résumé to it)
//   parent → child  { type: 'stats' } → { type: 'stats', requests, byPath, cpuMicros }
import { type HhResume, startHhFake } from '../apps/api/test/fakes/hh-fake.ts';

type Message =
  | { type: 'seed'; name: string; resumes: (Omit<HhResume, 'id'> & { id?: string })[] }
  | { type: 'stats' };

const fake = await startHhFake({
  clientId: 'hh-bench-client',
  clientSecret: 'hh-bench-secret',
  // Longer than any run: the sync's time is not spent on refreshing tokens.
  accessTokenSeconds: 24 * 3600,
});
const send = (message: unknown) => process.send?.(message);

process.on('message', (message: Message) => {
  if (message.type === 'seed') {
    const vacancyId = fake.addVacancy(message.name);
    const ids = message.resumes.map((resume) => fake.addResponse(vacancyId, resume));
    send({ type: 'seeded', vacancyId, ids });
  } else if (message.type === 'stats') {
    const byPath: Record<string, number> = {};
    for (const request of fake.requests) {
      const key = `${request.method} ${request.path.replace(/\/[^/]*\d[^/]*$/, '/{id}')}`;
      byPath[key] = (byPath[key] ?? 0) + 1;
    }
    const cpu = process.cpuUsage();
    send({
      type: 'stats',
      requests: fake.requests.length,
      byPath,
      cpuMicros: cpu.user + cpu.system,
    });
  }
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  void fake.close().then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
process.once('disconnect', shutdown);

send({ type: 'ready', url: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret });
