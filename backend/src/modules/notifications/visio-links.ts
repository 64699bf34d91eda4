import { randomBytes } from 'node:crypto';
import { getSector } from '@rdv/sectors';

/**
 * Jitsi Meet: a room is created by opening its URL. The room name carries 120 random bits so it cannot be
 * guessed. `JITSI_BASE_URL` is the site's own Jitsi server (meet.jit.si asks organisers to sign in).
 */
export class JitsiVisioLinks {
  /** The room's prefix says whose meeting it is: "RdvAvocat", "RdvNotaire"... */
  private readonly roomPrefix: string;

  constructor(
    readonly baseUrl: string,
    productName = getSector(undefined).productName,
  ) {
    this.roomPrefix = productName
      .normalize('NFD')
      .split(/[^A-Za-z]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
      .join('');
  }

  newMeetingUrl(): string {
    const room = `${this.roomPrefix}-${randomBytes(15).toString('base64url').replace(/[-_]/g, 'x')}`;
    return `${this.baseUrl.replace(/\/+$/, '')}/${room}`;
  }
}
