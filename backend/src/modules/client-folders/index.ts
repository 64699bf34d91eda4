// Public surface of the client-folders module: other modules import from '../client-folders' only.
export { antivirusProbe, ClientFoldersModule } from './client-folders.module';
export { ClientFoldersService } from './client-folders.service';
export { ClientFoldersWorkerModule } from './client-folders.worker';
export { seedDemoFolder } from './demo-folder.seed';
export { FolderFiling } from './folder-filing';
