import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (smtp-server) on a random loopback port; every message is parsed with mailparser. */
export class SmtpReceiver {
  readonly mails: ParsedMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;
  /** When set, called before accepting each message; throwing rejects it (a mail server refusing). */
  beforeAccept: ((mail: ParsedMail) => Promise<void> | void) | undefined;

  /** A started receiver. */
  static async start(): Promise<SmtpReceiver> {
    const receiver = new SmtpReceiver();
    await receiver.start();
    return receiver;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then(async (mail) => {
            if (this.beforeAccept) await this.beforeAccept(mail);
            this.mails.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    // A client killed mid-session resets its connection: that is expected here, not a test failure.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Every message received so far. */
  get messages(): ParsedMail[] {
    return this.mails;
  }

  /** Messages sent to `address`. */
  to(address: string): ParsedMail[] {
    return this.mails.filter((mail) => {
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      return to.some((entry) => entry.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()));
    });
  }

  /** Waits until the mails received so far satisfy `predicate`. */
  waitFor(predicate: (mails: ParsedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  /**
   * The count-th mail to `to` (with that subject, when given: an administrator also receives the
   * site's notices, e.g. registration requests other suites left in the outbox).
   */
  waitFor(to: string, count?: number, timeoutMs?: number, subject?: string): Promise<ParsedMail>;
  async waitFor(
    target: string | ((mails: ParsedMail[]) => boolean),
    countOrTimeout?: number,
    timeout?: number,
    subject?: string,
  ): Promise<ParsedMail | void> {
    if (typeof target === 'function') {
      const deadline = Date.now() + (countOrTimeout ?? 15_000);
      while (!target(this.mails)) {
        if (Date.now() > deadline)
          throw new Error(
            `timed out waiting for mails; got: ${this.mails.map((m) => `${String(m.to && 'text' in m.to ? m.to.text : '')} ${m.subject}`).join(' | ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return;
    }
    const count = countOrTimeout ?? 1;
    const timeoutMs = timeout ?? 15_000;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const received = this.to(target).filter((mail) => subject === undefined || mail.subject === subject);
      if (received.length >= count) return received[count - 1];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `No mail #${count} for ${target} within ${timeoutMs} ms (received: ${this.mails.length})`,
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  close(): Promise<void> {
    return this.stop();
  }
}
