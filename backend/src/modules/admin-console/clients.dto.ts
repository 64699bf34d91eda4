import { ApiProperty } from '@nestjs/swagger';

/** GET /admin/clients/{id}/export (GDPR right of access / portability): the attendee's own export. */
export class AdminClientExportDto {
  @ApiProperty({ format: 'date-time' })
  exported_at: string;

  @ApiProperty({
    description: 'Rows about the client by table name, as stored (secrets and private notes left out)',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'object', additionalProperties: true } },
  })
  tables: Record<string, Record<string, unknown>[]>;
}
