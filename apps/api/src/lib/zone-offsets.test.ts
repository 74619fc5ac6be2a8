import { describe, expect, it } from 'vitest';
import { exactOffsetAt, offsetAt, wallClock } from './zone-offsets';

describe('zone offsets from cached per-year tables', () => {
  it('agree with Intl at every half hour across transitions, half-hour zones included', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Adelaide',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'America/Santiago',
      'Africa/Casablanca',
    ];
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2027, 0, 1);
    for (const zone of zones) {
      for (let t = from; t < to; t += 30 * 60_000) {
        if (offsetAt(zone, t) !== exactOffsetAt(zone, t))
          throw new Error(`${zone} at ${new Date(t).toISOString()}`);
      }
    }
  });

  it('reads the wall clock with UTC getters', () => {
    // 2026-03-29 01:30 UTC: Berlin has just gone to summer time (03:30 local).
    const clock = wallClock('Europe/Berlin', Date.UTC(2026, 2, 29, 1, 30));
    expect(clock.toISOString().slice(0, 16)).toBe('2026-03-29T03:30');
    expect(wallClock('Asia/Kolkata', Date.UTC(2026, 0, 1, 0, 0)).getUTCMinutes()).toBe(30);
  });
});
