import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, getAvatarInitial } from './avatar';

describe('getAvatarInitial', () => {
  it('uses the display name first, upper-cased', () => {
    expect(getAvatarInitial({ displayName: 'zoe', username: 'bob' })).toBe('Z');
  });

  it('falls back to the username when the display name is missing or blank', () => {
    expect(getAvatarInitial({ displayName: null, username: 'bob' })).toBe('B');
    expect(getAvatarInitial({ displayName: '   ', username: 'bob' })).toBe('B');
  });

  it("falls back to 'U' when there is no name at all", () => {
    expect(getAvatarInitial({ displayName: null, username: '' })).toBe('U');
    expect(getAvatarInitial(null)).toBe('U');
  });
});

describe('Avatar', () => {
  it('shows the picture when there is one, and the initial if it fails to load', () => {
    const { container } = render(
      <Avatar user={{ username: 'bob', displayName: null, avatarUrl: '/avatars/bob.webp' }} />,
    );
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/avatars/bob.webp');
    expect(screen.queryByTestId('avatar-initial')).not.toBeInTheDocument();

    fireEvent.error(img as HTMLImageElement);

    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('B');
  });
});
