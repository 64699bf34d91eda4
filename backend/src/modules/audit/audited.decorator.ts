import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { AdminAuditInterceptor, AUDITED_WRITE, type AuditedWriteSpec } from './admin-audit.interceptor';

/**
 * Records a console write in the audit log (who, what, when, before / after: the answer is the "after") once it
 * succeeded. For services that record inside their own transaction (clients, appointments, reviews...), call
 * `AuditService.record` there instead. The controller's module imports `AuditModule`.
 */
export const AuditedWrite = <C>(spec: AuditedWriteSpec<C>) =>
  applyDecorators(SetMetadata(AUDITED_WRITE, spec), UseInterceptors(AdminAuditInterceptor));
