import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import { intl } from '@/i18n/locale-state';

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

/** How recent an account's creation is for a sign-in to be its first (single sign-on). */
export const JUST_CREATED_MS = 10 * 60_000;

/**
 * A sign-in that may have created the account (single sign-on's first use, ADR 174): marked
 * new when the account was created in the last few minutes.
 */
export function markIfJustCreated(user: { id: number; createdAt: string }, now = Date.now()) {
  const age = now - Date.parse(user.createdAt);
  if (age >= 0 && age < JUST_CREATED_MS) markNewMember(user.id);
}

/** Whether this tab has just registered the member (see `markNewMember`). */
export function isNewMember(userId: number): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === String(userId);
  } catch {
    return false;
  }
}

const messages = defineMessages({
  welcome: { id: 'lib.welcome', defaultMessage: 'Welcome' },
  welcomeBack: { id: 'lib.welcomeBack', defaultMessage: 'Welcome back' },
});

/**
 * The greeting, whole (never 'Welcome' glued to a name), for a screen that styles the name
 * (`greetingValues` fills it, the name may be an element).
 */
export const greetingMessage: MessageDescriptor = defineMessage({
  id: 'lib.greeting',
  defaultMessage: '{newMember, select, yes {Welcome, {name}} other {Welcome back, {name}}}',
});

export function greetingValues<T>(user: { id: number }, name: T) {
  return { newMember: isNewMember(user.id) ? 'yes' : 'no', name };
}

/** 'Welcome' for a member who has just registered, else 'Welcome back'. */
export function welcomeWord(user: { id: number }): string {
  return intl().formatMessage(isNewMember(user.id) ? messages.welcome : messages.welcomeBack);
}

/** The home page's greeting for a signed-in member: 'Welcome back, Ann'. */
export function greeting(user: { id: number }, name: string): string {
  return intl().formatMessage(greetingMessage, greetingValues(user, name));
}
