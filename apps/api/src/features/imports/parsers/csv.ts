import { pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { importCaps, importMessages } from '@series-tracker/contracts';
import { ImportFileError } from '../import-records';

/**
 * Rows of a CSV stream as objects keyed by the header's names (lower-cased, trimmed), so the
 * column order of the file never matters. Rows of the wrong width are skipped, not fatal
 * (IMDb headers changed width over the years).
 */
export async function* csvRows(
  input: Readable,
  name: string,
): AsyncGenerator<Record<string, string>> {
  const parser = parse({
    bom: true,
    // No record (a quoted value may span lines) grows past the value cap (ADR 150).
    max_record_size: importCaps.maxValueBytes,
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  });
  // pipeline (not pipe) hands a failing input's error to the parser, so it ends the loop below.
  pipeline(input, parser, () => undefined);
  try {
    for await (const row of parser) yield row as Record<string, string>;
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      throw new ImportFileError(importMessages.valueTooLong);
    throw new ImportFileError(`${name} is not a readable CSV file`);
  }
}

/** The header line of a CSV text (lower-cased names). */
export function csvHeader(firstLine: string): string[] {
  return firstLine
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
}
