import type { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Asserts that `scope` (the screen or `within(…)`) has a link named `name` leading to `href`. */
export function expectLink(
  scope: Pick<typeof screen, 'getByRole'>,
  name: string | RegExp,
  href: string,
) {
  expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
}
