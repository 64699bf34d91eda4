import { ApiProperty } from '@nestjs/swagger';

export class LiveDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

export class DependencyStatusDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status: 'up' | 'down';

  @ApiProperty({ required: false, description: 'Why the dependency is considered down' })
  error?: string;
}

export class ReadyChecksDto {
  @ApiProperty({ type: DependencyStatusDto })
  postgres: DependencyStatusDto;

  @ApiProperty({ type: DependencyStatusDto })
  redis: DependencyStatusDto;

  @ApiProperty({
    type: DependencyStatusDto,
    required: false,
    description: 'clamd, checked only when the antivirus is on (ANTIVIRUS=clamav): uploads need it',
  })
  clamav?: DependencyStatusDto;
}

export class ReadyDto {
  @ApiProperty({ enum: ['ok', 'error'] })
  status: 'ok' | 'error';

  @ApiProperty({ type: ReadyChecksDto })
  checks: ReadyChecksDto;
}
