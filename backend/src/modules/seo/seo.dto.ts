import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';

export class SitemapEntryDto {
  @ApiProperty({
    example: '/avocat/marie-martin',
    description: 'Path on the public site (the UI prefixes PUBLIC_URL)',
  })
  path: string;

  @ApiProperty({ example: '2026-11-20T10:00:00.000Z', description: 'Last modification (ISO 8601)' })
  lastmod: string;
}

export class SitemapProfileFilesDto {
  @ApiProperty({
    example: 8,
    description: 'Files of the profiles sitemap: GET /sitemap/profiles?file=1 to files',
  })
  files: number;

  @ApiProperty({ example: 10000, description: 'Profiles per file (the last one may hold fewer)' })
  perFile: number;
}

export class SitemapProfilesQueryDto {
  @ApiPropertyOptional({
    example: 2,
    minimum: 1,
    default: 1,
    description: 'Which file of the profiles sitemap',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Le numéro de fichier doit être un entier positif' })
  @Min(1, { message: 'Le numéro de fichier doit être un entier positif' })
  file?: number;
}
