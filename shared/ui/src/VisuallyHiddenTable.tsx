import Box from '@mui/material/Box';

/**
 * Visually hidden, and taking no room: a 1 px box that clips what it holds. The box is a div, not the table itself:
 * a table grows to fit its cells whatever its width, and "width: 1" in `sx` means 100 % (it made the console's
 * dashboard 1,631 px wide at 1,366).
 */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The figures of a chart as a table that only screen readers (and tests) read: the drawing is aria-hidden. */
export function VisuallyHiddenTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <Box sx={VISUALLY_HIDDEN}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <tr key={String(first)}>
              <th scope="row">{first}</th>
              {rest.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
