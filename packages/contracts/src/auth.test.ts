import { describe, expect, it } from 'vitest';
import { authMessages, loginBodySchema, registerBodySchema, registerFormSchema } from './auth';

const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = { username: 'jon_snow', email: 'jon@example.test', password: 'secret-one' };

describe('registerBodySchema', () => {
  it('accepts a valid registration and trims username and email', () => {
    const out = registerBodySchema.parse({
      ...valid,
      username: '  jon_snow ',
      email: ' jon@example.test ',
    });
    expect(out).toEqual({
      username: 'jon_snow',
      email: 'jon@example.test',
      password: 'secret-one',
    });
  });

  it('drops an empty display name and trims a real one', () => {
    expect(registerBodySchema.parse({ ...valid, displayName: '' }).displayName).toBeUndefined();
    expect(registerBodySchema.parse({ ...valid, displayName: '  Jon  ' }).displayName).toBe('Jon');
  });

  it.each([
    [{ ...valid, password: '12345' }, 'password', 'Password must be at least 8 characters long'],
    [{ ...valid, username: 'jo' }, 'username', authMessages.usernameTooShort],
    [{ ...valid, username: 'jon snow' }, 'username', authMessages.usernameChars],
    [{ ...valid, username: 'ünïcode' }, 'username', authMessages.usernameChars],
    [{ ...valid, email: 'jon@' }, 'email', authMessages.emailInvalid],
    [{ ...valid, email: '' }, 'email', authMessages.emailRequired],
    [{ ...valid, username: undefined }, 'username', authMessages.usernameRequired],
  ])('rejects %j on %s with the exact message', (input, field, message) => {
    const result = registerBodySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result)[field]).toBe(message);
  });

  it('accepts usernames of exactly 3 and 30 characters with digits, _ and -', () => {
    expect(registerBodySchema.safeParse({ ...valid, username: 'a-1' }).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...valid, username: 'a_'.repeat(15) }).success).toBe(
      true,
    );
    expect(registerBodySchema.safeParse({ ...valid, username: 'a'.repeat(31) }).success).toBe(
      false,
    );
  });
});

describe('registerFormSchema', () => {
  it("says 'Passwords do not match' on the confirmation field", () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'secret-two' });
    expect(fieldErrors(result)).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('passes when the confirmation matches', () => {
    expect(registerFormSchema.safeParse({ ...valid, confirmPassword: 'secret-one' }).success).toBe(
      true,
    );
  });
});

describe('loginBodySchema', () => {
  it('requires identifier and password', () => {
    const result = loginBodySchema.safeParse({ identifier: '   ', password: '' });
    expect(fieldErrors(result)).toEqual({
      identifier: authMessages.identifierRequired,
      password: authMessages.passwordRequired,
    });
  });

  it('does not trim the password', () => {
    expect(loginBodySchema.parse({ identifier: ' jon ', password: ' pw ' })).toEqual({
      identifier: 'jon',
      password: ' pw ',
    });
  });
});
