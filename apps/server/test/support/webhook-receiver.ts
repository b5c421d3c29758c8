// A real HTTP receiver for webhook tests (node:http): records every call with its raw body and headers and
// answers with the status the test sets; `hold()` keeps answers back until released.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this call was answered with. */
  answered: number;
}

export interface WebhookReceiver {
  url: (path?: string) => string;
  calls: ReceivedCall[];
  /** Status of the next answers (default 200). */
  status: number;
  /** Answers wait until the returned function is called. */
  hold: () => () => void;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  let gate: Promise<void> | null = null;
  const receiver: WebhookReceiver = {
    url: () => '',
    calls: [],
    status: 200,
    hold: () => {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const status = receiver.status;
      const call: ReceivedCall = { path: req.url ?? '', headers: req.headers, body, answered: status };
      receiver.calls.push(call);
      const answer = (): void => {
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver trouble');
      };
      if (gate === null) answer();
      else void gate.then(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = (path = '/hook') => `http://127.0.0.1:${port}${path}`;
  return receiver;
}
