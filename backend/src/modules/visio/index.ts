export { VisioModule, VisioWorkerModule } from './visio.module';
export { VisioLinksService, effectiveProvider, visioUnavailable } from './visio-links.service';
