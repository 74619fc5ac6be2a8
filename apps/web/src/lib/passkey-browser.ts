/**
 * The browser side of passkeys, loaded on first use so the sign-in page's first load does not
 * carry @simplewebauthn/browser (ADR 173).
 */
export async function createPasskey(options: Record<string, unknown>): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as never });
}

export async function getPasskeyAssertion(options: Record<string, unknown>): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as never });
}

/** Whether this browser can use passkeys at all (the button is hidden otherwise). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** A passkey prompt the person closed or let time out: not an error worth a red box. */
export function passkeyCancelled(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')
  );
}
