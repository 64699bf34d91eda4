import { Module } from '@nestjs/common';
import { AppointmentRecordsRepository } from './appointment-records.repository';
import { AppointmentRecords } from './appointment-records.service';

/** The appointment read model, below booking (which writes appointments) and notifications (which tell about them). */
@Module({
  providers: [AppointmentRecords, AppointmentRecordsRepository],
  exports: [AppointmentRecords],
})
export class AppointmentsModule {}
