import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { ReviewList } from './ReviewList';
import { ReviewShow } from './ReviewShow';

/** Moderation queue (publish, reject with a reason). */
export default { list: ReviewList, show: ReviewShow, icon: RateReviewIcon };
