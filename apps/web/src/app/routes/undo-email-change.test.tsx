import { accountMessages } from '@series-tracker/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { expectLink } from '@/test/expect-link';

describe('/undo-email-change', () => {
  it('undoes on a click (never on load) and offers sign-in', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/undo-email-change'
        ? jsonResponse(200, { message: accountMessages.emailChangeUndone })
        : jsonResponse(401, { error: 'Not signed in', code: 'UNAUTHORIZED' }),
    );
    const user = userEvent.setup();
    renderApp('/undo-email-change?token=abc123');
    const button = await screen.findByRole('button', { name: 'Undo the change' });
    expect(calls.some((c) => c.url === '/api/auth/undo-email-change')).toBe(false);
    await user.click(button);
    expect(await screen.findByText(accountMessages.emailChangeUndone)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/undo-email-change')!.body).toEqual({
      token: 'abc123',
    });
    expectLink(screen, 'Sign in', '/login');
  });

  it('shows why a used or expired link is refused, and offers the way home instead', async () => {
    mockFetch(() =>
      jsonResponse(400, { error: accountMessages.tokenExpired, code: 'TOKEN_EXPIRED' }),
    );
    const user = userEvent.setup();
    renderApp('/undo-email-change?token=old');
    await user.click(await screen.findByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByText(accountMessages.tokenExpired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo the change' })).not.toBeInTheDocument();
    expectLink(screen, 'Go to the home page', '/');
  });

  it('a failure that is not the link keeps the button to try again', async () => {
    mockFetch(() =>
      jsonResponse(503, { error: 'Try again in a moment', code: 'SERVICE_UNAVAILABLE' }),
    );
    const user = userEvent.setup();
    renderApp('/undo-email-change?token=abc');
    await user.click(await screen.findByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByText('Try again in a moment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo the change' })).toBeEnabled();
  });

  it('says a link without a token is not valid', async () => {
    mockFetch(() => jsonResponse(401, { error: 'Not signed in', code: 'UNAUTHORIZED' }));
    renderApp('/undo-email-change');
    expect(await screen.findByText(accountMessages.tokenInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo the change' })).not.toBeInTheDocument();
  });
});
