// Public surface of the geocoding module: other modules import from '../geocoding' only (eslint enforces it).
// Addresses of practices and offices placed through the geocoder port (the BAN), asynchronously.
export { GeocodingModule, GeocodingWorkerModule } from './geocoding.module';
export { GeocodingRequests } from './geocoding.service';
