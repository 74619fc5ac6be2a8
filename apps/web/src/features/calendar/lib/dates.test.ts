import { describe, expect, it } from 'vitest';
import { addMonths, monthGrid, todayIn } from './dates';

describe('calendar dates', () => {
  it('lays a month out in whole Monday-first weeks', () => {
    // March 2026 starts on a Sunday and ends on a Tuesday (the US DST week inside).
    const grid = monthGrid('2026-03');
    expect(grid.from).toBe('2026-02-23');
    expect(grid.to).toBe('2026-04-05');
    expect(grid.days).toHaveLength(42);
    expect(grid.days).toContain('2026-03-08');
    expect(monthGrid('2026-02').days).toHaveLength(35);
  });

  it('moves between months across the year and reads today in the member’s zone', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    const instant = new Date('2026-03-08T04:30:00Z');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-03-08');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-03-07');
  });
});
