import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AdminAuditInterceptor, AdminWriteTrailInterceptor } from './admin-audit.interceptor';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** Audit trail of administrators' actions. Other modules record through `AuditService`. */
@Module({
  controllers: [AuditController],
  providers: [
    AuditService,
    AuditRepository,
    AdminAuditInterceptor,
    // every administrator's write outside /admin leaves at least who / what / when
    { provide: APP_INTERCEPTOR, useClass: AdminWriteTrailInterceptor },
  ],
  exports: [AuditService, AdminAuditInterceptor],
})
export class AuditModule {}
