import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

/** How soon a killed server's jobs are taken over is an operator's setting (issue 20, ADR 142). */
describe('JOBS_HEARTBEAT_SECONDS and JOBS_STALE_AFTER_SECONDS', () => {
  it('default to a 20 s heartbeat and a 90 s takeover', () => {
    expect(loadConfig({}).jobs).toEqual({ heartbeatMs: 20_000, staleAfterMs: 90_000 });
  });

  it('can be shortened (the scale test takes a killed server’s import over after 6 s)', () => {
    expect(loadConfig({ JOBS_HEARTBEAT_SECONDS: '2', JOBS_STALE_AFTER_SECONDS: '6' }).jobs).toEqual(
      { heartbeatMs: 2000, staleAfterMs: 6000 },
    );
  });

  it('refuses a takeover sooner than two heartbeats (a live job would look lost)', () => {
    expect(() =>
      loadConfig({ JOBS_HEARTBEAT_SECONDS: '5', JOBS_STALE_AFTER_SECONDS: '8' }),
    ).toThrow(/JOBS_STALE_AFTER_SECONDS: must be at least twice JOBS_HEARTBEAT_SECONDS/);
    expect(() => loadConfig({ JOBS_STALE_AFTER_SECONDS: '1' })).toThrow(/JOBS_STALE_AFTER_SECONDS/);
    expect(() => loadConfig({ JOBS_HEARTBEAT_SECONDS: 'soon' })).toThrow(/JOBS_HEARTBEAT_SECONDS/);
  });
});
