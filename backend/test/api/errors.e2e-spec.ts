import { Body, Controller, Get, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsString, Max, Min, ValidateNested } from 'class-validator';
import request from 'supertest';
import { ConflictError } from '../../src/common/domain-error';
import { createTestApp } from '../app';

class AddressDto {
  @IsString({ message: 'La ville est obligatoire' })
  city: string;
}

class ProbeDto {
  @IsEmail({}, { message: 'email must be an email' })
  email: string;

  @IsInt({ message: "L'âge doit être un entier" })
  @Min(18, { message: "L'âge minimum est 18 ans" })
  @Max(120)
  age: number;

  @ValidateNested()
  @Type(() => AddressDto)
  address: AddressDto;
}

@Controller('test-probe')
class ProbeController {
  @Post()
  create(@Body() body: ProbeDto) {
    return { received: body, isInstance: body instanceof ProbeDto };
  }

  @Get('conflict')
  conflict() {
    throw new ConflictError('EMAIL_ALREADY_EXISTS', 'Email already exists');
  }

  @Get('boom')
  boom() {
    throw new Error('secret internal detail at /srv/app.ts:42');
  }
}

describe('error responses', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp({ controllers: [ProbeController] });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an unknown route with 404 { statusCode, code: NOT_FOUND, message }', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/does-not-exist').expect(404);
    expect(response.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('answers a validation failure with 400 VALIDATION_FAILED and the first constraint message', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/v1/test-probe')
      .send({ email: 'not-an-email', age: 30, address: { city: 'Lyon' } })
      .expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'email must be an email',
    });
  });

  it('reports nested validation messages as a string', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/v1/test-probe')
      .send({ email: 'a@b.fr', age: 30, address: {} })
      .expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'La ville est obligatoire',
    });
  });

  it('rejects unknown properties (forbidNonWhitelisted)', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/v1/test-probe')
      .send({ email: 'a@b.fr', age: 30, address: { city: 'Lyon' }, isAdmin: true })
      .expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.message).toContain('isAdmin');
  });

  it('transforms a valid payload into the DTO class', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/v1/test-probe')
      .send({ email: 'a@b.fr', age: 30, address: { city: 'Lyon' } })
      .expect(201);
    expect(response.body).toEqual({
      received: { email: 'a@b.fr', age: 30, address: { city: 'Lyon' } },
      isInstance: true,
    });
  });

  it('answers malformed JSON with 400 in the same shape', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/v1/test-probe')
      .set('content-type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
  });

  it('maps a domain error to its status and code with the verbatim message', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/test-probe/conflict').expect(409);
    expect(response.body).toEqual({
      statusCode: 409,
      code: 'EMAIL_ALREADY_EXISTS',
      message: 'Email already exists',
    });
  });

  it('answers an unexpected error with 500 INTERNAL_ERROR, the request id and no internals', async () => {
    const response = await request(app.getHttpServer())
      .get('/api/v1/test-probe/boom')
      .set('x-request-id', 'req-500-test')
      .expect(500);
    expect(response.body).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: expect.stringContaining('req-500-test'),
      requestId: 'req-500-test',
    });
    expect(JSON.stringify(response.body)).not.toContain('secret internal detail');
    expect(JSON.stringify(response.body)).not.toContain('.ts:');
  });
});
