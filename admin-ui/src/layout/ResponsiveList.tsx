import type { ReactElement, ReactNode } from 'react';
import { SimpleList, type RaRecord } from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

export interface ResponsiveListProps<R extends RaRecord> {
  primaryText: (record: R) => ReactNode;
  secondaryText?: (record: R) => ReactNode;
  tertiaryText?: (record: R) => ReactNode;
  linkType?: 'show' | 'edit' | false;
  /** The table shown from the `sm` breakpoint up. */
  children: ReactElement;
}

/** A list's table on wide screens, a `SimpleList` (one line per record, no overflow) on phones (390 px). */
export function ResponsiveList<R extends RaRecord>({
  primaryText,
  secondaryText,
  tertiaryText,
  linkType = 'show',
  children,
}: ResponsiveListProps<R>) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (!phone) return children;
  return (
    <SimpleList<R>
      primaryText={primaryText}
      secondaryText={secondaryText}
      tertiaryText={tertiaryText}
      linkType={linkType}
    />
  );
}
