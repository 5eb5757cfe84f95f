import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the server accepted: its envelope and its raw text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  server: SMTPServer;
  port: number;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** Those addressed to `address`. */
  to(address: string): ReceivedMail[];
  /** The next message not yet taken by `next` (waits for it). */
  next(): Promise<ReceivedMail>;
  /** While set, every message is refused at its end of data with this SMTP code (451: try later). */
  refuseData: number | null;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port, as nodemailer meets it (no TLS, no login needed).
 * `refuseRecipient` refuses, for good (550), the recipients it names.
 */
export async function startSmtpServer(options: { refuseRecipient?: (address: string) => boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const state: { refuseData: number | null } = { refuseData: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address)) {
        callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuseData !== null) {
          callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: state.refuseData }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  // smtp-server reports a client connection's socket errors on the server. The suites cut the
  // network under their clients on purpose (a TCP hop reset mid-dialogue: ECONNRESET), and an
  // 'error' nobody listens to would end the whole suite, depending on when the reset lands.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.server.address() as AddressInfo).port,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    async next() {
      while (taken >= received.length) await new Promise<void>((resolve) => waiting.push(resolve));
      taken += 1;
      return received[taken - 1]!;
    },
    get refuseData() {
      return state.refuseData;
    },
    set refuseData(code) {
      state.refuseData = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
