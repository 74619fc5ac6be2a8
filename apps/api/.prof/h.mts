import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connection';
const db = connect(process.env.DB!);
const config = { ...loadConfig({}), logLevel: 'silent' as const, webDistDir: null, metadataSync: false, catalogAutoImport: false };
const app = await buildApp({ config, db });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: process.env.VIEWER, password: 'benchmark' } });
const token = login.json().token;
const h = { authorization: `Bearer ${token}` };
for (const url of (process.env.URLS ?? '/api/users/me/history').split(',')) {
  for (let i = 0; i < 20; i++) await app.inject({ url, headers: h });
  const t0 = performance.now();
  let code = 0;
  for (let i = 0; i < 200; i++) code = (await app.inject({ url, headers: h })).statusCode;
  console.log(url, code, ((performance.now() - t0) / 200).toFixed(2), 'ms/req');
}
await app.close(); await db.close();
