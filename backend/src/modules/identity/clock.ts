import { Injectable } from '@nestjs/common';

/** The current time, injectable so tests can move it (code expiry, reset-link expiry). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
