import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

/*
 * The arrows follow the row's scroll position. The row is measured when the ResizeObserver
 * reports (after a layout the browser does anyway), never synchronously while React commits:
 * reading sizes there forced a layout on every render (ADR 020).
 */

let observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];

class RecordingResizeObserver {
  targets: Element[] = [];
  constructor(public callback: ResizeObserverCallback) {
    observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  observers = [];
});

function sizes(row: HTMLElement, { scrollWidth, clientWidth }: Record<string, number>) {
  Object.defineProperty(row, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(row, 'clientWidth', { configurable: true, get: () => clientWidth });
}

function renderRow(items: string[]) {
  return (
    <Carousel title="Similar Shows" headingId="similar">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Carousel>
  );
}

describe('Carousel', () => {
  it('reads no layout while rendering; measures when the observer reports', () => {
    vi.stubGlobal('ResizeObserver', RecordingResizeObserver);
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get');
    const { rerender } = render(renderRow(['A', 'B']));
    rerender(renderRow(['A', 'B', 'C']));
    expect(scrollWidth).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeDisabled();

    const row = screen.getByRole('list');
    const observer = observers.at(-1)!;
    expect(observer.targets).toContain(row);
    sizes(row, { scrollWidth: 900, clientWidth: 300 });
    act(() => observer.callback([], observer as unknown as ResizeObserver));
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Scroll left' })).toBeDisabled();
  });

  it('measures at once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    render(renderRow(['A', 'B']));
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeEnabled();
  });
});
