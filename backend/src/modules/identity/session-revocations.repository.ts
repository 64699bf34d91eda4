import { lt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../database/database.types';
import { revokedAccessTokens, sessionRevocations } from '../../database/schema';
import type { AccountKind, VerifiedAccessToken } from './access-tokens';

/**
 * Revocation of stateless tokens, at two grains:
 * - "log out everywhere" (password reset, deactivation): tokens issued before an account's
 *   `revoked_before` are refused. JWT `iat` has a one-second resolution, so the cut-off is truncated
 *   to the second: a token issued in the very second of the revocation (the owner signing in again
 *   right after a reset) stays valid;
 * - "log out this session" (logout): the token's JWT id is listed until the token expires.
 * Plain class (built from the global database) so the guards of every module can use it.
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

  /** Ends one session: its token is refused from now on. Rows of tokens expired by `now` are purged. */
  async revokeToken(token: VerifiedAccessToken, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, now));
      await tx
        .insert(revokedAccessTokens)
        .values({ jti: token.jti, expiresAt: new Date(token.expiresAt * 1000) })
        .onConflictDoNothing();
    });
  }

  /** True when the token was logged out, or issued before its account's sessions were all revoked. */
  async isRevoked(token: VerifiedAccessToken): Promise<boolean> {
    const { account, issuedAt, jti } = token;
    const { rows } = await this.db.execute<{ logged_out: boolean; revoked_before: Date | string | null }>(sql`
      SELECT EXISTS (SELECT 1 FROM ${revokedAccessTokens} WHERE ${revokedAccessTokens.jti} = ${jti}) AS logged_out,
             (SELECT ${sessionRevocations.revokedBefore} FROM ${sessionRevocations}
               WHERE ${sessionRevocations.accountKind} = ${account.kind}
                 AND ${sessionRevocations.accountId} = ${account.id}) AS revoked_before`);
    const row = rows[0];
    if (!row) return false;
    if (row.logged_out) return true;
    return row.revoked_before !== null && issuedAt * 1000 < new Date(row.revoked_before).getTime();
  }
}
