// Public surface of the reference module: other modules import from '../reference' only (eslint enforces it).
// Reference data: specialities, cities, site flags.
export { ReferenceModule } from './reference.module';
export { ReferenceService } from './reference.service';
