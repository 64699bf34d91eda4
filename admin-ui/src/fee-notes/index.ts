import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { FeeNoteList } from './FeeNoteList';

/** The professionals' fee notes and credit notes (paid consultations): list and PDFs. */
export default { list: FeeNoteList, icon: RequestQuoteIcon };
