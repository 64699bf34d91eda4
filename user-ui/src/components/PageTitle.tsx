import { pageTitle } from '@rdv/sectors';
import { sector } from '../sector';

/** Sets the document title (React 19 hoists <title> into <head>), with the product name per docs/product.md §2. */
export function PageTitle({ title }: { title: string }) {
  return <title>{pageTitle(title, sector.productName)}</title>;
}
