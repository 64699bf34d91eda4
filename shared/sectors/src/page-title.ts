/** docs/product.md §2: the product name is appended when the title is under 55 characters and lacks it. */
export const TITLE_SUFFIX_THRESHOLD = 55;

export function pageTitle(title: string, productName: string): string {
  if (title.length < TITLE_SUFFIX_THRESHOLD && !title.includes(productName)) {
    return `${title} | ${productName}`;
  }
  return title;
}
