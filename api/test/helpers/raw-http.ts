import { connect } from 'node:net';

export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one HTTP/1.1 request exactly as written (request target, headers) over a plain socket and
 * reads the whole answer: what a client that does not normalise its URLs sends.
 */
export function rawRequest(port: number, lines: string[], body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [status = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ statusCode: Number(status.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    const length = Buffer.byteLength(body);
    socket.write([...lines, `content-length: ${length}`, 'connection: close', '', body].join('\r\n'));
  });
}
