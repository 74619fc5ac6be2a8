import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoverImage, imageSources } from './cover-image';

const thumb = 'https://static.tvmaze.com/uploads/images/medium_portrait/1/1.jpg';
const original = 'https://static.tvmaze.com/uploads/images/original_untouched/1/1.jpg';

describe('CoverImage', () => {
  it('loads lazily with its intrinsic size, so it never blocks or moves the page', () => {
    render(<CoverImage src={thumb} title="Under the Dome" />);
    const img = screen.getByRole('img', { name: 'Under the Dome' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '210');
    expect(img).toHaveAttribute('height', '295');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads the main image of a screen at once and first', () => {
    render(<CoverImage src={thumb} title="Under the Dome" priority />);
    const img = screen.getByRole('img', { name: 'Under the Dome' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('gives stills a 16:9 intrinsic size', () => {
    render(<CoverImage src={thumb} title="Pilot" shape="still" />);
    expect(screen.getByRole('img', { name: 'Pilot' })).toHaveAttribute('height', '140');
  });

  it('offers the thumbnail and the original, and lets the box width choose', () => {
    render(<CoverImage {...imageSources(thumb, original)} sizes="9rem" title="Under the Dome" />);
    const img = screen.getByRole('img', { name: 'Under the Dome' });
    expect(img).toHaveAttribute('src', thumb);
    expect(img).toHaveAttribute('srcset', `${thumb} 210w, ${original} 680w`);
    expect(img).toHaveAttribute('sizes', '9rem');
  });

  it('shows a placeholder with the title when the image fails to load', () => {
    render(<CoverImage src={thumb} title="Under the Dome" />);
    fireEvent.error(screen.getByRole('img', { name: 'Under the Dome' }));
    const placeholder = screen.getByTestId('cover-placeholder');
    expect(placeholder).toHaveAttribute('role', 'img');
    expect(placeholder).toHaveAccessibleName('Under the Dome');
    expect(placeholder).toHaveTextContent('Under the Dome');
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('imageSources', () => {
  it('uses whichever size exists when there is only one', () => {
    expect(imageSources(null, original)).toEqual({ src: original });
    expect(imageSources(thumb, null)).toEqual({ src: thumb });
    expect(imageSources(null, null)).toEqual({ src: null });
  });
});
