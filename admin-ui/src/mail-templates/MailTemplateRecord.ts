import type { Schemas } from '@rdv/api-client';

/** GET /api/v1/admin/mail-templates/{key}. */
export type MailTemplateRecord = Schemas['MailTemplateDto'];
