import type { AuthResponse, RegisterResponse } from '@series-tracker/contracts';
import { api } from '@/lib/api-client';

/** What the register form sends: the confirmation never leaves the browser (spec §3). */
export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  displayName?: string | undefined;
}

/**
 * Starts a registration (ADR 152): the server answers 202 alike whether or not the address
 * has an account, and mails the link that finishes it. Nobody is signed in yet. The first
 * account of an empty site is the exception (ADR 173): 201 with a session.
 */
export function register(input: RegisterInput): Promise<RegisterResponse | AuthResponse> {
  const body: RegisterInput = {
    username: input.username,
    email: input.email,
    password: input.password,
  };
  if (input.displayName) body.displayName = input.displayName;
  return api.post<RegisterResponse | AuthResponse>('/auth/register', body);
}
