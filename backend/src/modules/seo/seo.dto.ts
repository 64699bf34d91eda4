import { ApiProperty } from '@nestjs/swagger';

export class SitemapEntryDto {
  @ApiProperty({
    example: '/avocat/marie-martin',
    description: 'Path on the public site (the UI prefixes PUBLIC_URL)',
  })
  path: string;

  @ApiProperty({ example: '2026-11-20T10:00:00.000Z', description: 'Last modification (ISO 8601)' })
  lastmod: string;
}
