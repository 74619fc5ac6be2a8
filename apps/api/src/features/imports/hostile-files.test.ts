import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { importMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { registerUser } from '../../../test/factories';
import { dir, textFile } from '../../../test/import-fixtures';
import { importFile } from '../../../test/import-helpers';

/**
 * The security review's upload findings (ADR 150): a small gzip that inflates to a huge field
 * or a huge file fails cleanly with the cap in its message, the server keeps answering and its
 * memory stays bounded. The hostile files are generated as streams, never held in memory.
 */
const t = useTestApp({ importDir: path.join(dir, 'uploads') });
beforeAll(async () => {
  await t.app.services.jobs.start();
});

const MB = 1024 * 1024;

/** gzip of head + `size` bytes of `fill` + tail, written to a file without holding it whole. */
async function gzipOf(name: string, head: string, fill: number, size: number, tail: string) {
  const file = path.join(dir, name);
  const chunk = Buffer.alloc(MB, fill);
  async function* body() {
    yield Buffer.from(head);
    for (let left = size; left > 0; left -= MB) yield left >= MB ? chunk : chunk.subarray(0, left);
    yield Buffer.from(tail);
  }
  await pipeline(Readable.from(body()), zlib.createGzip({ level: 9 }), fs.createWriteStream(file));
  return file;
}

/** The largest RSS seen while `work` runs, minus the RSS before. */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: Math.round((peak - before) / MB) };
  } finally {
    clearInterval(timer);
  }
}

async function stillAnswers() {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
}

/** Imports `file` as a new member; the result of the import. */
async function importAsNewMember(file: string) {
  const ann = await registerUser(t.app);
  return importFile(t.app, ann.token, file);
}

/**
 * Imports `file` as a new member while watching memory: the import may grow RSS by less than
 * 150 MB and the server still answers after; the result is the test's to check.
 */
async function importMemoryBounded(file: string, label: string) {
  const { result, growthMb } = await rssGrowth(() => importAsNewMember(file));
  console.info(`${label}: RSS growth ${growthMb} MB`);
  expect(growthMb).toBeLessThan(150);
  await stillAnswers();
  return result;
}

describe('hostile uploads', () => {
  it('a MAL .xml.gz holding a 300 MB title fails with the field cap, memory bounded', async () => {
    const file = await gzipOf(
      'animelist.xml.gz',
      '<?xml version="1.0"?><myanimelist><anime><series_animedb_id>1</series_animedb_id><series_title>',
      0x41,
      300 * MB,
      '</series_title></anime></myanimelist>',
    );
    expect(fs.statSync(file).size).toBeLessThan(400 * 1024);
    const result = await importMemoryBounded(file, '300 MB MAL title');
    expect(result).toMatchObject({
      status: 'failed',
      error: importMessages.valueTooLong,
    });
  }, 60_000);

  it('a 1 MB CSV .gz inflating to 1 GiB fails as a bomb, memory bounded', async () => {
    const file = await gzipOf(
      'ratings.csv.gz',
      'Const,Your Rating,Date Rated,Title,Title Type\n',
      0x0a,
      1024 * MB,
      '',
    );
    const result = await importMemoryBounded(
      file,
      `1 GiB CSV bomb (${fs.statSync(file).size} bytes)`,
    );
    expect(result).toMatchObject({ status: 'failed', error: importMessages.compressionBomb });
  }, 60_000);

  it('a 1 MB JSON .gz inflating to 1 GiB stops at the JSON cap, memory bounded', async () => {
    const file = await gzipOf('history.json.gz', '[', 0x20, 1024 * MB, ']');
    const result = await importMemoryBounded(
      file,
      `1 GiB JSON bomb (${fs.statSync(file).size} bytes)`,
    );
    expect(result).toMatchObject({ status: 'failed', error: importMessages.jsonTooLarge });
  }, 60_000);

  it('a CSV row longer than the cap fails cleanly', async () => {
    const file = textFile(
      'ratings.csv',
      `Const,Your Rating,Date Rated,Title,Title Type\ntt1,8,2020-01-01,"${'B'.repeat(3 * MB)}",TV Series\n`,
    );
    const result = await importAsNewMember(file);
    expect(result).toMatchObject({
      status: 'failed',
      error: importMessages.valueTooLong,
    });
  }, 60_000);

  it('our own export with one line past the cap fails cleanly', async () => {
    const file = textFile(
      'export.json',
      `{\n "format": "series-tracker-export",\n "version": 1,\n "x": "${'y'.repeat(3 * MB)}"\n}\n`,
    );
    const result = await importAsNewMember(file);
    expect(result).toMatchObject({
      status: 'failed',
      error: importMessages.valueTooLong,
    });
  }, 60_000);
});
