import { ApiProperty } from '@nestjs/swagger';

/** One administrator action (GET /admin/audit-log): who, what, when, before / after. */
export class AdminAuditEntryDto {
  @ApiProperty()
  id: number;

  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  adminId: string | null;

  @ApiProperty({ type: String, nullable: true })
  adminEmail: string | null;

  @ApiProperty({ example: 'accept' })
  action: string;

  @ApiProperty({ example: 'registration-requests' })
  resource: string;

  @ApiProperty({ type: String, nullable: true })
  resourceId: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'What the entry is about by its current name (a professional, a client, an office...); null when gone',
  })
  resourceName: string | null;

  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true })
  before: Record<string, unknown> | null;

  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true })
  after: Record<string, unknown> | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}
