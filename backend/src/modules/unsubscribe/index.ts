export { UnsubscribeModule, UnsubscribeWorkerModule } from './unsubscribe.module';
export { UnsubscribeLinks } from './unsubscribe-links';
export { UnsubscribeService } from './unsubscribe.service';
