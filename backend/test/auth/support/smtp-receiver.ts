import type { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (smtp-server) on a random port; every message is parsed with mailparser. */
export class SmtpReceiver {
  private constructor(
    private readonly server: SMTPServer,
    readonly messages: ParsedMail[],
  ) {}

  static async start(): Promise<SmtpReceiver> {
    const messages: ParsedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            messages.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    const receiver = new SmtpReceiver(server, messages);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    const address = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${address.port}`;
  }

  /** Messages sent to `to`. */
  to(to: string): ParsedMail[] {
    return this.messages.filter((mail) => {
      const recipients = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      return recipients.some((address) =>
        address.value.some((value) => value.address?.toLowerCase() === to.toLowerCase()),
      );
    });
  }

  /** Waits until `count` messages were sent to `to`, and returns the last one. */
  /**
   * The count-th mail to `to` (with that subject, when given: an administrator also receives the
   * site's notices, e.g. registration requests other suites left in the outbox).
   */
  async waitFor(to: string, count = 1, timeoutMs = 15_000, subject?: string): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const received = this.to(to).filter((mail) => subject === undefined || mail.subject === subject);
      if (received.length >= count) return received[count - 1];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No mail #${count} for ${to} within ${timeoutMs} ms (received: ${this.messages.length})`);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
