export { SponsorshipModule } from './sponsorship.module';
export { SponsorshipWorkerModule } from './sponsorship.mail';
export { SponsorshipRepository } from './sponsorship.repository';
