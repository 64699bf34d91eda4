// Public surface of the reviews module: other modules import from '../reviews' only (eslint enforces it).
// Reviews and the schema.org rating.
export { SchemaRatingDto } from './reviews.dto';
export { ReviewsModule } from './reviews.module';
export { ReviewsService } from './reviews.service';
export { ReviewsWorkerModule } from './review-invitation.mail';
