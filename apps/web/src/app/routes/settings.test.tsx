import {
  accountMessages,
  authMessages,
  securityMessages,
  TOKEN_STORAGE_KEY,
} from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, type RecordedCall, fieldErrorResponse } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { expectLink } from '@/test/expect-link';

const sessions = [
  {
    id: 1,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastUsedAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    current: true,
  },
  {
    id: 2,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1',
    createdAt: '2026-10-01T10:00:00.000Z',
    lastUsedAt: '2026-11-02T10:00:00.000Z',
    expiresAt: '2026-12-02T10:00:00.000Z',
    current: false,
  },
];

/** Signed in as `user`; the account calls answer through `handler` (default: sessions list). */
function signedIn(
  handler: (call: RecordedCall) => Response | Promise<Response> | undefined = () => undefined,
  user = buildUser({ emailVerified: false }),
) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return mockFetch(async (call) => {
    if (call.url === '/api/auth/me') return jsonResponse(200, { user });
    // Settings → Security (ADR 173): nothing set up.
    if (call.url === '/api/auth/security')
      return jsonResponse(200, {
        totp: false,
        backupCodesLeft: 0,
        passkeys: [],
        recentUntil: null,
      });
    const answer = await handler(call);
    if (answer) return answer;
    if (call.url === '/api/auth/sessions' && call.method === 'GET')
      return jsonResponse(200, { data: sessions });
    return jsonResponse(404, { error: 'unexpected', code: 'NOT_FOUND' });
  });
}

describe('/settings', () => {
  it('sends a visitor to sign in and back', async () => {
    mockFetch(() => jsonResponse(500));
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fsettings');
  });

  it('shows every section with the account as it is', async () => {
    signedIn();
    renderApp('/settings');
    expect(await screen.findByLabelText('Display Name')).toHaveValue('Alice Liddell');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    for (const name of ['Profile', 'Privacy', 'Account', 'Security', 'Sessions', 'Danger zone'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByLabelText('Display Name')).toHaveValue('Alice Liddell');
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(screen.getByLabelText('Private profile')).not.toBeChecked();
    expect(screen.getByText(/Not verified yet/)).toBeInTheDocument();
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.getByText('Chrome on Linux')).toBeInTheDocument();
    expect(screen.getByText('Safari on iOS')).toBeInTheDocument();
    // The export is offered before the account can be deleted.
    expectLink(screen, 'Export my data', '/settings/import');
  });

  it('saves the profile and says so; a taken username shows beside its field', async () => {
    let taken = true;
    const { calls } = signedIn((call) => {
      if (call.url === '/api/users/me' && call.method === 'PUT') {
        if (taken) {
          taken = false;
          return fieldErrorResponse(409, 'USERNAME_TAKEN', 'username', authMessages.usernameTaken);
        }
        return jsonResponse(200, {
          user: buildUser({ username: 'alice_2', displayName: 'Al', bio: 'Hi' }),
        });
      }
    });
    const user = userEvent.setup();
    renderApp('/settings');
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'alice_2');
    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), 'Al');
    await user.type(screen.getByLabelText('Bio'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(authMessages.usernameTaken)).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(accountMessages.profileSaved)).toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.at(-1)!.body).toEqual({ displayName: 'Al', username: 'alice_2', bio: 'Hi' });
    // The header follows the saved profile.
    expect(screen.getByRole('button', { name: 'Account menu for Al' })).toBeInTheDocument();
  });

  it('checks the username with the registration rule before sending', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    renderApp('/settings');
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'a b');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(authMessages.usernameChars)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves privacy on its own', async () => {
    const { calls } = signedIn((call) => {
      if (call.method === 'PUT') return jsonResponse(200, { user: buildUser({ isPublic: false }) });
    });
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByLabelText('Private profile'));
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(await screen.findByText(accountMessages.privacySaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ isPrivate: true });
  });

  it('resends the confirmation email', async () => {
    signedIn((call) => {
      if (call.url === '/api/auth/resend-verification')
        return jsonResponse(200, { message: accountMessages.verificationSent });
    });
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(accountMessages.verificationSent)).toBeInTheDocument();
  });

  it('asks for the current password, then says the new address waits for its link', async () => {
    const { calls } = signedIn((call) => {
      if (call.method === 'PUT')
        return jsonResponse(200, {
          user: buildUser({ emailVerified: false, pendingEmail: 'new@example.com' }),
        });
    });
    const user = userEvent.setup();
    renderApp('/settings');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('dir', 'auto');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    const form = screen.getByRole('form', { name: 'Email address' });
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(
      await within(form).findByText(accountMessages.currentPasswordRequired),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Current Password'), 'secret-one');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    const note = await within(form).findByText(/for a link to confirm the change/);
    expect(note).toHaveTextContent(
      'Check new@example.com for a link to confirm the change. Until then your address stays alice@example.com.',
    );
    expect(within(note).getByText('new@example.com')).toHaveAttribute('dir', 'auto');
    expect(within(note).getByText('alice@example.com')).toHaveAttribute('dir', 'auto');
    // The address in force stays in the field; nothing claims it changed.
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(screen.queryByText(accountMessages.emailSaved)).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'secret-one',
    });
  });

  it('keeps the note while a change waits: sends the link again with the password, or cancels', async () => {
    const waiting = buildUser({ pendingEmail: 'new@example.com' });
    const { calls } = signedIn((call) => {
      if (call.method !== 'PUT') return undefined;
      const body = call.body as { email: string };
      return jsonResponse(200, {
        user: body.email === waiting.email ? buildUser() : waiting,
      });
    }, waiting);
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Email address' });
    expect(await within(form).findByText(/Until then your address stays/)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Send the link again' }));
    const password = within(form).getByLabelText('Current Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(within(form).getByLabelText('Email')).toHaveValue('new@example.com');
    await user.type(password, 'secret-one');
    await user.click(within(form).getAllByRole('button', { name: 'Send the link again' }).at(-1)!);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { email: 'new@example.com', currentPassword: 'secret-one' },
      ]),
    );

    await user.click(within(form).getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() =>
      expect(within(form).queryByText(/Until then your address stays/)).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      email: 'alice@example.com',
    });
  });

  it('changes the password with the register form rules; a wrong current one shows beside it', async () => {
    let wrong = true;
    signedIn((call) => {
      if (call.url === '/api/auth/change-password') {
        if (wrong) {
          wrong = false;
          return fieldErrorResponse(
            400,
            'INVALID_CREDENTIALS',
            'currentPassword',
            accountMessages.currentPasswordIncorrect,
          );
        }
        return jsonResponse(200, { message: accountMessages.passwordChanged });
      }
    });
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Change password' });
    const submit = within(form).getByRole('button', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current Password'), 'old-one');
    await user.type(within(form).getByLabelText('New Password'), '123');
    await user.type(within(form).getByLabelText('Confirm New Password'), '124');
    await user.click(submit);
    expect(await within(form).findByText(authMessages.passwordTooShort)).toBeInTheDocument();
    expect(within(form).getByText(authMessages.passwordsDoNotMatch)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('New Password'));
    await user.type(within(form).getByLabelText('New Password'), 'long enough');
    await user.clear(within(form).getByLabelText('Confirm New Password'));
    await user.type(within(form).getByLabelText('Confirm New Password'), 'long enough');
    await user.click(submit);
    expect(
      await within(form).findByText(accountMessages.currentPasswordIncorrect),
    ).toBeInTheDocument();
    await user.click(submit);
    expect(await within(form).findByText(accountMessages.passwordChanged)).toBeInTheDocument();
  });

  it('signs out one session and everywhere else', async () => {
    const { calls } = signedIn((call) => {
      if (call.method === 'DELETE' && call.url === '/api/auth/sessions/2')
        return new Response(null, { status: 204 });
    });
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/sessions/2')).toBe(true);
    expect(screen.getByText('This is your only session.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('a failed sessions load is an error with a retry, not an empty list', async () => {
    signedIn((call) => {
      if (call.url === '/api/auth/sessions')
        return jsonResponse(500, { error: 'Down', code: 'INTERNAL_ERROR' });
    });
    renderApp('/settings');
    expect(
      await screen.findByRole('heading', { name: 'Could not load your sessions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('deletes the account with the password, then is signed out at home', async () => {
    let wrong = true;
    const { calls } = signedIn((call) => {
      if (call.method === 'DELETE' && call.url === '/api/users/me') {
        if (wrong) {
          wrong = false;
          return fieldErrorResponse(
            400,
            'INVALID_CREDENTIALS',
            'password',
            accountMessages.passwordIncorrect,
          );
        }
        return new Response(null, { status: 204 });
      }
      if (call.url.startsWith('/api/'))
        return jsonResponse(200, { data: [], total: 0, limit: 10, offset: 0, hasMore: false });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Delete account' });
    const submit = within(form).getByRole('button', { name: 'Delete my account' });
    expect(submit).toBeDisabled();
    await user.type(within(form).getByLabelText('Password'), 'nope');
    await user.click(submit);
    expect(await within(form).findByText(accountMessages.passwordIncorrect)).toBeInTheDocument();
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(calls.filter((c) => c.url === '/api/users/me').at(-1)!.body).toEqual({
      password: 'nope',
    });
    expect(await screen.findByText(accountMessages.accountDeleted)).toBeInTheDocument();
  });
});

/** A stand-in XMLHttpRequest: the test drives upload progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  headers: Record<string, string> = {};
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('avatar upload', () => {
  it('previews the file, shows upload progress, then the new avatar everywhere', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signedIn(undefined, buildUser());
    const user = userEvent.setup();
    renderApp('/settings');
    const input = await screen.findByLabelText('Choose an avatar image');
    const file = new File([new Uint8Array(2000)], 'me.png', { type: 'image/png' });
    await user.upload(input, file);

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/users/me/avatar');
    expect(xhr.headers.Authorization).toBe('Bearer valid-token');
    expect((xhr.body!.get('file') as File).name).toBe('me.png');

    const bar = await screen.findByRole('progressbar', { name: 'Avatar upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    xhr.progress(1000, 2000);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Uploading... 50%')).toBeInTheDocument();
    expect(await screen.findByAltText('Preview of the new avatar')).toBeInTheDocument();

    xhr.respond(200, { user: buildUser({ avatarUrl: '/uploads/avatars/1/abc-256.webp' }) });
    expect(await screen.findByText('Avatar saved')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByAltText('Your avatar')).toHaveAttribute(
      'src',
      '/uploads/avatars/1/abc-256.webp',
    );
    // The header's small circle loads the 64 px file.
    const trigger = screen.getByRole('button', { name: 'Account menu for Alice Liddell' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/1/abc-64.webp');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('shows the server refusal and keeps the old avatar', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    signedIn(undefined, buildUser());
    const user = userEvent.setup();
    renderApp('/settings');
    await user.upload(
      await screen.findByLabelText('Choose an avatar image'),
      new File(['not an image'], 'cat.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last!.respond(400, { error: accountMessages.avatarType, code: 'INVALID_IMAGE' });
    expect(await screen.findByText(accountMessages.avatarType)).toBeInTheDocument();
    // Still the letter avatar: nothing changed.
    expect(screen.getByRole('img', { name: 'Your avatar' })).toHaveAttribute(
      'data-testid',
      'avatar-initial',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a file over 5 MB before sending it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    signedIn(undefined, buildUser());
    const user = userEvent.setup();
    renderApp('/settings');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText('Choose an avatar image'), big);
    expect(await screen.findByText('The image must be 5 MB or smaller')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it('removes the avatar', async () => {
    const { calls } = signedIn(
      (call) => {
        if (call.method === 'DELETE' && call.url === '/api/users/me/avatar')
          return jsonResponse(200, { user: buildUser() });
      },
      buildUser({ avatarUrl: '/uploads/avatars/1/abc-256.webp' }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Avatar removed')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('asks "Confirm it’s you" when the sign-in is not recent, then sets up the app', async () => {
    let recent = false;
    const { calls } = signedIn((call) => {
      if (call.url === '/api/auth/2fa/totp' && call.method === 'POST') {
        if (!recent)
          return jsonResponse(403, {
            error: securityMessages.reauthenticationRequired,
            code: 'REAUTHENTICATION_REQUIRED',
          });
        return jsonResponse(200, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        });
      }
      if (call.url === '/api/auth/reauthenticate') {
        recent = true;
        return jsonResponse(200, { recentUntil: new Date(Date.now() + 900_000).toISOString() });
      }
    });
    const user = userEvent.setup();
    renderApp('/settings');
    expect(await screen.findByText('Two-factor sign-in: off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByAltText('QR code for your authenticator app')).toBeInTheDocument();
    expect(screen.getByLabelText('Key')).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(calls.find((c) => c.url === '/api/auth/reauthenticate')!.body).toEqual({
      password: 'my password',
    });
    expect(calls.filter((c) => c.url === '/api/auth/2fa/totp')).toHaveLength(2);
  });
});
