/**
 * "Welcome" for a member who has just finished registering, "Welcome back" afterwards
 * (ADR 176). Finishing registration marks this tab (sessionStorage: it ends with the tab,
 * and a later sign-in is a return); the mark names the member, so another account signed
 * in on the tab is welcomed back.
 */
const KEY = 'st:new-member';

export function markNewMember(userId: number) {
  try {
    window.sessionStorage.setItem(KEY, String(userId));
  } catch {
    // Storage refused (private mode): a newcomer is welcomed back, no harm done.
  }
}

function isNewMember(userId: number): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === String(userId);
  } catch {
    return false;
  }
}

/** 'Welcome' for a member who has just registered, else 'Welcome back'. */
export function welcomeWord(user: { id: number }): string {
  return isNewMember(user.id) ? 'Welcome' : 'Welcome back';
}

/** The home page's greeting for a signed-in member. */
export function greeting(user: { id: number }, name: string): string {
  return `${welcomeWord(user)}, ${name}`;
}
