import { Module } from '@nestjs/common';
import { QueueRegistry } from './queue.registry';

@Module({ providers: [QueueRegistry], exports: [QueueRegistry] })
export class QueueModule {}
