import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { bearer, type TestProfessional } from '../availability/availability-fixtures';

/** A calendar open on Mondays 09:00-12:00 and a 60-minute motive: three Monday slots. Returns the motive id. */
export async function mondayMorningAgenda(
  app: NestFastifyApplication,
  pro: TestProfessional,
): Promise<string> {
  const http = () => request(app.getHttpServer());
  const calendar = await http()
    .post(`/api/v1/users/${pro.id}/calendars`)
    .set(bearer(pro.token))
    .send({ name: 'Cabinet' })
    .expect(201);
  const motive = await http()
    .post(`/api/v1/users/${pro.id}/motives`)
    .set(bearer(pro.token))
    .send({ title: 'Consultation', durationMinutes: 60, notAfterMonths: 12 })
    .expect(201);
  await http()
    .put(`/api/v1/calendars/${calendar.body.id}/weekly-availabilities`)
    .set(bearer(pro.token))
    .send({ ranges: [{ weekday: 1, startTime: '09:00', endTime: '12:00' }] })
    .expect(200);
  return motive.body.id;
}
