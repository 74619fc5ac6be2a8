import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { Import } from '@series-tracker/contracts';
import { bearer } from './factories';

/** A multipart/form-data body with one file (and optional fields), as a browser sends it. */
export function multipart(
  file: { name: string; content: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----st${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  app: FastifyInstance,
  token: string,
  file: string,
  fields: Record<string, string> = {},
) {
  const body = multipart({ name: path.basename(file), content: fs.readFileSync(file) }, fields);
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

export async function waitForImport(
  app: FastifyInstance,
  token: string,
  id: string,
): Promise<Import> {
  return vi.waitFor(
    async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/imports/${id}`,
        headers: bearer(token),
      });
      const body = res.json() as Import;
      if (body.status !== 'done' && body.status !== 'failed')
        throw new Error(`still ${body.status}`);
      return body;
    },
    { timeout: 20_000, interval: 25 },
  );
}

/** Uploads a file and waits for its import to finish. */
export async function importFile(
  app: FastifyInstance,
  token: string,
  file: string,
  fields: Record<string, string> = {},
): Promise<Import> {
  const res = await upload(app, token, file, fields);
  if (res.statusCode !== 202) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return waitForImport(app, token, (res.json() as { id: string }).id);
}
