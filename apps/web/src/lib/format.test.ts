import { describe, expect, it } from 'vitest';
import {
  episodeCode,
  formatAirDate,
  formatRating,
  formatUserCount,
  localIsoDate,
  ratingColorClass,
} from './format';

describe('format', () => {
  it('rounds ratings to one decimal, N/A when missing', () => {
    expect(formatRating(8.25)).toBe('8.3');
    expect(formatRating(7)).toBe('7.0');
    expect(formatRating(null)).toBe('N/A');
  });

  it('colours ratings per spec §9', () => {
    expect(ratingColorClass(8)).toContain('emerald');
    expect(ratingColorClass(7.9)).toContain('yellow');
    expect(ratingColorClass(6)).toContain('orange');
    expect(ratingColorClass(5.9)).toContain('red');
    expect(ratingColorClass(null)).toContain('slate');
  });

  it('writes user counts in thousands from 1000', () => {
    expect(formatUserCount(1234)).toBe('1.2k users');
    expect(formatUserCount(2000)).toBe('2k users');
    expect(formatUserCount(1)).toBe('1 user');
    expect(formatUserCount(0)).toBe('0 users');
  });

  it("uses the viewer's local date, not UTC", () => {
    // 23:30 local on 5 March is still 5 March whatever UTC says.
    expect(localIsoDate(new Date(2024, 2, 5, 23, 30))).toBe('2024-03-05');
  });

  it('formats air dates and episode codes', () => {
    expect(formatAirDate('2008-01-20')).toBe('Jan 20, 2008');
    expect(formatAirDate(null)).toBeNull();
    expect(episodeCode(1, 5)).toBe('S1E5');
    expect(episodeCode(null, null)).toBe('Special');
  });
});
