// Public surface of the offices module: other modules import from '../offices' only (eslint enforces it).
// "Mon cabinet": creating, joining and managing an office.
export { OfficesModule } from './offices.module';
export { OfficesService } from './offices.service';
export { OfficesWorkerModule } from './office.mail';
