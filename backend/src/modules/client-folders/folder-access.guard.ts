import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedAccount } from '../identity';
import { ClientFoldersService } from './client-folders.service';

type GuardedRequest = FastifyRequest & {
  account?: AuthenticatedAccount;
  params?: Record<string, string | undefined>;
};

/**
 * Runs after the account guard, before the body is validated: anyone but the folder's two parties
 * gets FOLDER_NOT_FOUND whatever they send, so a stranger learns nothing from validation messages.
 */
@Injectable()
export class FolderAccessGuard implements CanActivate {
  constructor(private readonly folders: ClientFoldersService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    if (!request.account) return false;
    await this.folders.assertParty(request.account, request.params?.folderId ?? '');
    return true;
  }
}
