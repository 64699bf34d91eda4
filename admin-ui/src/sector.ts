import { getSector } from '@rdv/sectors';

/** The sector this build serves (SECTOR at build time, lawyer by default). */
export const sector = getSector(typeof __SECTOR__ === 'undefined' ? undefined : __SECTOR__);
