import { importCaps, importMessages } from '@series-tracker/contracts';
import { ImportFileError } from './import-records';

/**
 * Guards between an uploaded file's bytes and a parser (ADR 150): a compressed stream stops
 * once it inflates past the ratio or the total cap, and no run of bytes without a separator
 * (a line, an XML text) grows past the value cap, so no parser ever buffers, or runs a
 * regular expression over, more than that. Bytes are counted as they pass: nothing is held.
 */
export async function* inflatedWithin(
  inflated: AsyncIterable<unknown>,
  compressedBytes: number,
  caps: { maxExpandedBytes: number; maxRatio: number } = importCaps,
): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const c of inflated) {
    const chunk = c as Buffer;
    total += chunk.length;
    if (total > 1024 * 1024 && total / Math.max(1, compressedBytes) > caps.maxRatio)
      throw new ImportFileError(importMessages.compressionBomb);
    if (total > caps.maxExpandedBytes) throw new ImportFileError(importMessages.expandsTooMuch);
    yield chunk;
  }
}

/**
 * Fails once more than `max` bytes pass without the `separator` byte (`\n` for lines, `<` for
 * XML, whose texts and tags all end before the next `<`).
 */
export async function* runsWithin(
  input: AsyncIterable<unknown>,
  separator: number,
  max: number = importCaps.maxValueBytes,
): AsyncGenerator<Buffer> {
  let run = 0;
  for await (const c of input) {
    const chunk = c as Buffer;
    let from = 0;
    for (let i = chunk.indexOf(separator); i >= 0; i = chunk.indexOf(separator, from)) {
      if (run + i - from > max) throw new ImportFileError(importMessages.valueTooLong);
      run = 0;
      from = i + 1;
    }
    run += chunk.length - from;
    if (run > max) throw new ImportFileError(importMessages.valueTooLong);
    yield chunk;
  }
}
