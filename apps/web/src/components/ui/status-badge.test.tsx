import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showSubtitle } from '@/lib/show-title';
import { StatusBadge, statusLabel } from './status-badge';

describe('StatusBadge (ADR 120)', () => {
  it('names a stale status quietly: what the record last said and its year, dashed and unfilled (ADR 176)', () => {
    render(<StatusBadge status="unknown" lastKnown={{ status: 'airing', asOf: '2020-04-05' }} />);
    const badge = screen.getByText('Airing in 2020');
    expect(badge.className).toContain('border-dashed');
    expect(badge.className).not.toContain('emerald');
    expect(badge).toHaveAttribute('title', 'Last known status, from our record of April 5, 2020');
    expect(badge.textContent).not.toMatch(/unknown/i);
  });

  it('keeps the spec colours and plain labels otherwise', () => {
    render(<StatusBadge status="airing" />);
    expect(screen.getByText('Airing').className).toContain('emerald');
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('unknown', null)).toBe('Unknown');
    expect(statusLabel('tbd')).toBe('TBD');
  });
});

describe('showSubtitle', () => {
  it('puts the native title under an English or romaji main line', () => {
    expect(
      showSubtitle({
        title: 'Attack on Titan',
        titleEnglish: 'Attack on Titan',
        titleOriginal: '進撃の巨人',
        titleJapanese: '進撃の巨人',
      }),
    ).toEqual({ text: '進撃の巨人', lang: 'ja' });
  });

  it('shows nothing when the titles only differ in case, and the English title otherwise', () => {
    expect(
      showSubtitle({ title: 'Hellsing', titleEnglish: null, titleOriginal: 'HELLSING' }),
    ).toBeNull();
    expect(
      showSubtitle({ title: 'La Casa de Papel', titleEnglish: 'Money Heist', titleOriginal: null }),
    ).toEqual({ text: 'Money Heist' });
    expect(
      showSubtitle({
        title: '天幕のジャードゥーガル',
        titleEnglish: null,
        titleOriginal: '天幕のジャードゥーガル',
      }),
    ).toBeNull();
  });
});
