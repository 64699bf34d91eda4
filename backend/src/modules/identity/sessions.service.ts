import { Injectable } from '@nestjs/common';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import type { AccountKind, VerifiedAccessToken } from './access-tokens';
import { SessionRevocationsRepository } from './session-revocations.repository';

/** Ends sessions: every session of an account (password reset or change, deactivation), or one (logout). */
@Injectable()
export class Sessions {
  private readonly revocations: SessionRevocationsRepository;

  constructor(@InjectDb() db: Database) {
    this.revocations = new SessionRevocationsRepository(db);
  }

  /** Every token of the account issued before `at` is refused from now on (inside the caller's transaction). */
  revokeAll(db: DbOrTx, kind: AccountKind, accountId: string, at: Date): Promise<void> {
    return this.revocations.revoke(db, kind, accountId, at);
  }

  /** Logs out one session: its token is refused from now on. */
  revokeToken(token: VerifiedAccessToken, now: Date): Promise<void> {
    return this.revocations.revokeToken(token, now);
  }

  /** Whether a session named by its JWT id is still signed in (not logged out, not revoked since). */
  async isLive(session: {
    kind: AccountKind;
    accountId: string;
    jti: string;
    issuedAt: number;
  }): Promise<boolean> {
    return !(await this.revocations.isRevoked({
      account: { kind: session.kind, id: session.accountId },
      jti: session.jti,
      issuedAt: session.issuedAt,
      expiresAt: 0,
      secondFactor: false,
    }));
  }
}
