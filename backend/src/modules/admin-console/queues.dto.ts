import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export const JOB_STATES = ['waiting', 'delayed', 'active', 'failed', 'completed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A BullMQ job as the console shows it. `id` is `<queue>:<job id>`. */
export class AdminJobDto {
  @ApiProperty({ example: 'notifications:42' }) id: string;
  @ApiProperty({ example: 'notifications' }) queue: string;
  @ApiProperty() jobId: string;
  @ApiProperty({ example: 'booking.notification' }) name: string;
  @ApiProperty({ enum: JOB_STATES }) state: JobState;
  @ApiProperty() attemptsMade: number;
  @ApiProperty({ type: String, nullable: true }) failedReason: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) data: Record<string, unknown>;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) createdAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finishedAt: string | null;
}

export class JobIdParamDto {
  @ApiProperty({ example: 'notifications:42', description: '<queue>:<job id>' })
  @MaxLength(250, { message: 'Tâche introuvable' })
  @IsString({ message: 'Tâche introuvable' })
  id: string;
}
