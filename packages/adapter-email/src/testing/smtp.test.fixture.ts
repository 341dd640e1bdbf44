import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the test server took: the SMTP envelope, the raw bytes, and the parsed message. */
export interface Received {
  readonly from: string;
  readonly to: readonly string[];
  readonly raw: Buffer;
  readonly parsed: ParsedMail;
}

export interface TestSmtp {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** Every message taken so far, oldest first. */
  readonly received: Received[];
  /** Resolves with the next message taken (or the oldest not yet awaited). */
  next(): Promise<Received>;
  stop(): Promise<void>;
}

export interface TestSmtpOptions {
  /** The one login it takes; every other is refused with 535. */
  readonly user: string;
  readonly password: string;
  /** Recipients it refuses at RCPT TO with 550. */
  readonly refuse?: (address: string) => boolean;
  /** Keeps RCPT TO of an address waiting until the promise it returns settles (a slow server). */
  readonly hold?: (address: string) => Promise<void> | undefined;
  /** Called with each message taken (to put it into the IMAP server, say). */
  readonly onMessage?: (message: Received) => Promise<void>;
}

/** A real `smtp-server` on 127.0.0.1:0 that wants a login and keeps what it is sent. */
export async function startSmtp(options: TestSmtpOptions): Promise<TestSmtp> {
  const received: Received[] = [];
  const waiting: ((message: Received) => void)[] = [];
  let handed = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 64 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const answer = () => {
        if (options.refuse?.(address.address) === true) {
          callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
        } else callback();
      };
      const held = options.hold?.(address.address);
      if (held === undefined) answer();
      else void held.then(answer);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then(async (parsed) => {
          const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
          const message = { from, to: session.envelope.rcptTo.map((entry) => entry.address), raw, parsed };
          await options.onMessage?.(message);
          received.push(message);
          const waiter = waiting.shift();
          if (waiter !== undefined) {
            handed += 1;
            waiter(message);
          }
          callback(null, 'taken');
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    host: '127.0.0.1',
    port,
    received,
    next: () => {
      const ready = received[handed];
      if (ready !== undefined) {
        handed += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
