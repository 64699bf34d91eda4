import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../database/database.types';
import { sessionRevocations } from '../../database/schema';
import type { AccountKind, AuthenticatedAccount } from './access-tokens';

/**
 * "Log out everywhere" for stateless tokens: tokens issued before an account's `revoked_before`
 * are refused. Plain class (built from the global database) so the guards of every module can use it.
 * JWT `iat` has a one-second resolution, so the cut-off is truncated to the second: a token issued
 * in the very second of the revocation (the owner signing in again right after a reset) stays valid.
 */
export class SessionRevocationsRepository {
  constructor(private readonly db: Database) {}

  async revoke(db: DbOrTx, kind: AccountKind, accountId: string, at: Date): Promise<void> {
    const revokedBefore = new Date(Math.floor(at.getTime() / 1000) * 1000);
    await db
      .insert(sessionRevocations)
      .values({ accountKind: kind, accountId, revokedBefore })
      .onConflictDoUpdate({
        target: [sessionRevocations.accountKind, sessionRevocations.accountId],
        set: { revokedBefore },
      });
  }

  /** True when a token of `account` issued at `issuedAt` (seconds since epoch) has been revoked. */
  async isRevoked(account: AuthenticatedAccount, issuedAt: number): Promise<boolean> {
    const [row] = await this.db
      .select({ revokedBefore: sessionRevocations.revokedBefore })
      .from(sessionRevocations)
      .where(
        and(eq(sessionRevocations.accountKind, account.kind), eq(sessionRevocations.accountId, account.id)),
      )
      .limit(1);
    return row !== undefined && issuedAt * 1000 < row.revokedBefore.getTime();
  }
}
