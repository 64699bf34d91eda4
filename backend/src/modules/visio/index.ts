export { VisioModule, VisioWorkerModule } from './visio.module';
export { VisioLinksService } from './visio-links.service';
