import { ApiProperty } from '@nestjs/swagger';

export class BookingDayDto {
  @ApiProperty({ example: '2026-11-23', format: 'date' })
  day: string;

  @ApiProperty({ description: 'Appointments booked that day' })
  created: number;

  @ApiProperty({ description: 'Appointments confirmed that day (day of the last change)' })
  validated: number;

  @ApiProperty({ description: 'Appointments cancelled that day (day of the last change)' })
  cancelled: number;
}

/** GET /admin/dashboard: the console's figures. */
export class AdminDashboardDto {
  @ApiProperty({ type: [BookingDayDto], description: 'Last 30 days, oldest first (Europe/Paris days)' })
  bookingsPerDay: BookingDayDto[];

  @ApiProperty({ description: 'Appointments waiting for the professional for more than 48 h' })
  pendingOlderThan48h: number;

  @ApiProperty({ description: 'Professionals created in the last 30 days' })
  newProfessionals: number;

  @ApiProperty({ description: 'Clients (attendees) created in the last 30 days' })
  newClients: number;

  @ApiProperty()
  registrationRequestsWaiting: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Failed notification jobs (null when Redis does not answer)',
  })
  failedNotificationJobs: number | null;

  @ApiProperty({ description: 'Calendar connections in error or needing a new authorisation' })
  calendarConnectionsInError: number;

  @ApiProperty({
    format: 'date-time',
    description:
      'When the figures above were read (today and the counts; the days before today may be up to 10 minutes late). ' +
      'Read at most once every 10 seconds and shared by the requests meanwhile: never more than 10 seconds old.',
  })
  figuresAt: string;
}
