// First import (tracing and error tracking, each off unless configured) of main.worker.ts: tracing starts before the libraries it instruments are loaded.
import { startErrorTracking } from './error-tracking';
import { startTracing } from './tracing';

startTracing('rdv-worker');
startErrorTracking('rdv-worker');
