import http from 'node:http';

export type BoardEvent = {
  vacancy_id: number;
  application_id: number;
  op: string;
  from_status_id: number | null;
  to_status_id: number | null;
};

/**
 * An open board event stream (`GET /api/vacancies/{id}/events`) as a browser's EventSource holds
 * it: the `application` events received so far, the answer's status and type, and whether the
 * server has ended it.
 */
export function openBoardStream(base: string, token: string, vacancyId: number) {
  const events: BoardEvent[] = [];
  let status = 0;
  let contentType = '';
  let ended = false;
  let request: http.ClientRequest;
  const opened = new Promise<number>((resolve, reject) => {
    request = http.get(
      `${base}/api/vacancies/${vacancyId}/events`,
      { headers: { 'x-dcrt-hrm-auth': token } },
      (response) => {
        status = response.statusCode ?? 0;
        contentType = String(response.headers['content-type']);
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (block.includes('event: application') && data) {
              events.push(JSON.parse(data.slice(6)) as BoardEvent);
            }
          }
        });
        response.on('close', () => {
          ended = true;
        });
        resolve(status);
      },
    );
    request.on('error', reject);
  });
  return {
    events,
    opened,
    get status() {
      return status;
    },
    get contentType() {
      return contentType;
    },
    ended: () => ended,
    close: () => request.destroy(),
  };
}
