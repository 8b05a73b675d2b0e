import http from 'node:http';

export type MessageEvent = {
  type: 'message_created' | 'message_updated';
  applicant_id: number;
  message_id: number;
  state: string;
  direction: 'in' | 'out';
};

/**
 * An open messaging event stream (`…/chats/applicant_chats/{id}/events`, `…/chats/events`) as a
 * browser's EventSource holds it: the `message` events received so far and the answer's status.
 */
export function openMessageStream(url: string, token: string) {
  const events: MessageEvent[] = [];
  let status = 0;
  let request: http.ClientRequest;
  const opened = new Promise<number>((resolve, reject) => {
    request = http.get(url, { headers: { 'x-dcrt-hrm-auth': token } }, (response) => {
      status = response.statusCode ?? 0;
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: message') && data) {
            events.push(JSON.parse(data.slice(6)) as MessageEvent);
          }
        }
      });
      resolve(status);
    });
    request.on('error', reject);
  });
  return {
    events,
    opened,
    get status() {
      return status;
    },
    close: () => request.destroy(),
  };
}
