// The member export's CSV (CONTRACT §3 "Operators"; decision 010): RFC 4180 through csv-stringify,
// formula-leading cells made inert, a UTF-8 byte order mark so that Excel reads the names right.
import { stringify } from 'csv-stringify/sync';
import { USERS_EXPORT_COLUMNS } from '../../shared/constants';
import type { ExportRow } from './export-query';

/**
 * These rows as CSV records, each ending in CRLF; `first`: the file's start, with the byte order
 * mark and the header row before them. Chunks written one after another make one file.
 */
export function usersCsv(rows: ExportRow[], { first }: { first: boolean }): string {
  return stringify(rows, {
    columns: [...USERS_EXPORT_COLUMNS],
    header: first,
    bom: first,
    // RFC 4180's line break. Quoting (commas, quotes, line breaks) is csv-stringify's own, but
    // with a record delimiter given it quotes only that whole sequence unless told to quote a
    // lone CR or LF too, which every spreadsheet also reads as the end of a row.
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    // A cell starting with = + - @ tab or CR (or their full-width forms) gets a leading ', so that
    // a spreadsheet shows it as text instead of running it as a formula.
    escape_formulas: true,
  });
}
