/** jsonexport ships no types; the console uses its one function (the converter react-admin's exporter uses too). */
declare module 'jsonexport/dist' {
  export default function jsonExport(
    rows: object[],
    options: { rowDelimiter?: string },
    callback: (error: Error | null, csv: string) => void,
  ): void;
}
