// First import (tracing and error tracking, each off unless configured) of main.ts: tracing starts before the libraries it instruments are loaded.
import { startErrorTracking } from './error-tracking';
import { startTracing } from './tracing';

startTracing('rdv-api');
startErrorTracking('rdv-api');
