import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const CALL_PERIODS = ['day', 'week', 'month'] as const;
export type CallPeriod = (typeof CALL_PERIODS)[number];

/** How many buckets each period shows: 30 days, 12 weeks, 12 months. */
export const BUCKETS_OF: Record<CallPeriod, number> = { day: 30, week: 12, month: 12 };

export class CallsQueryDto {
  @ApiPropertyOptional({ enum: CALL_PERIODS, default: 'day' })
  @IsOptional()
  @IsIn(CALL_PERIODS, { message: 'La période doit être day, week ou month' })
  period?: CallPeriod;
}

export class CallBucketDto {
  @ApiProperty({
    example: '2026-11-23',
    description: 'First day of the bucket, in the professional’s time zone',
  })
  start: string;
  @ApiProperty() count: number;
}

/** GET /users/{id}/calls: the phone reveals of the public profile ("Afficher le numéro"). */
export class CallStatsDto {
  @ApiProperty({ enum: CALL_PERIODS }) period: CallPeriod;
  @ApiProperty({
    type: [CallBucketDto],
    description: 'Oldest first; the last one is the current day / week / month',
  })
  buckets: CallBucketDto[];
  @ApiProperty({ description: 'Calls over the buckets shown' }) total: number;
  @ApiProperty({ description: 'Calls over the same length of time just before' }) previousTotal: number;
  @ApiProperty({ description: 'Calls since the first day of the current month' }) thisMonth: number;
}
