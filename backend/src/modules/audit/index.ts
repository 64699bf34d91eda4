// Public surface of the audit module: other modules import from '../audit' only (eslint enforces it).
// The audit log of administrators' actions.
export { AuditModule } from './audit.module';
export { AuditService } from './audit.service';
export { AuditedWrite } from './audited.decorator';
