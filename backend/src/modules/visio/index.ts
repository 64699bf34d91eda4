export { VisioModule, VisioWorkerModule } from './visio.module';
export { VisioLinksService, visioLinkAvailableSql } from './visio-links.service';
