import { Module } from '@nestjs/common';
import { AdminAuditInterceptor } from './admin-audit.interceptor';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** Audit trail of administrators' actions. Other modules record through `AuditService`. */
@Module({
  controllers: [AuditController],
  providers: [AuditService, AuditRepository, AdminAuditInterceptor],
  exports: [AuditService, AdminAuditInterceptor],
})
export class AuditModule {}
