import { computed, signal } from '@preact/signals-react';
import * as authApi from '../api/auth.ts';
import { api } from '../api/client.ts';
import type { User } from '../contract/contract.ts';
import type { ResetPasswordRequest } from '../api/auth.ts';
import { clearAuthToken, getAuthToken, setAuthToken } from '../api/cookies.ts';
import { fetchUser } from '../api/user.ts';
import { pageSingleton } from '../page-singleton.ts';
import { loadMemberShop, shop, showGuestView } from './shop.ts';
import { readStored, removeStored, shopKey, writeStored } from './storage.ts';

/**
 * Who is using the shop (spec §4): the token lives in the `Admin-Token` cookie, the logged-in user's id
 * in local storage (per shop), the user in a signal every element shares.
 * - `unknown`: not checked yet (a token may exist); guards wait for it.
 * - `guest`: nobody is logged in (or the token was refused: spec §8 "Token fetch failure").
 * - `user`: a user is loaded.
 */
export type SessionStatus = 'unknown' | 'loading' | 'guest' | 'user';

export const user = pageSingleton('user', () => signal<User | null>(null));
export const sessionStatus = pageSingleton('sessionStatus', () => signal<SessionStatus>('unknown'));
export const isLoggedIn = pageSingleton('isLoggedIn', () => computed(() => user.value !== null));
export const isCoordinator = pageSingleton('isCoordinator', () => computed(() => user.value?.role === 'coordinator'));

/** Called after the session ends for any reason (logout, 401, user switch), e.g. to clear the cart. */
type SessionListener = (reason: 'logout' | 'expired') => void;
const endListeners = pageSingleton('sessionEndListeners', () => new Set<SessionListener>());

/** Registers a listener for the end of a session; returns the unsubscribe function. */
export function onSessionEnd(listener: SessionListener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

const USER_ID_KEY = 'user-id';
const isUserId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The stored id of the user logged in to this shop (spec §3), or null. */
export function storedUserId(): number | null {
  const slug = shop.value?.slug;
  return slug ? storedUserIdOf(slug) : null;
}

/** The stored id of the user last logged in to shop `slug` on this browser, or null; needs no loaded shop. */
export function storedUserIdOf(slug: string): number | null {
  return readStored(shopKey(slug, USER_ID_KEY), isUserId);
}

function setUser(next: User): void {
  user.value = next;
  sessionStatus.value = 'user';
  const slug = shop.value?.slug;
  if (slug) writeStored(shopKey(slug, USER_ID_KEY), next.id);
}

/**
 * Shows a user who has just signed in (or whose stored token was just accepted): a login-required
 * shop's whole config is loaded first (`loadMemberShop`), so the guards and screens never
 * see the member beside the guest view of the shop.
 */
async function admitUser(next: User): Promise<void> {
  await loadMemberShop();
  setUser(next);
}

/** Forgets the user, the stored id and the token; tells listeners why. */
function clearSession(reason: 'logout' | 'expired'): void {
  const hadUser = user.value !== null || getAuthToken() !== null;
  clearAuthToken();
  const slug = shop.value?.slug;
  if (slug) removeStored(shopKey(slug, USER_ID_KEY));
  user.value = null;
  sessionStatus.value = 'guest';
  // A login-required shop's members' content goes with the member: the next person sees none of it.
  showGuestView();
  if (hadUser) for (const listener of endListeners) listener(reason);
}

// A 401 on any call ends the session cleanly (the guards then send the user to Login).
api.configure({ onUnauthorized: () => clearSession('expired') });

/**
 * The page's one restore, and the user request {@link prefetchSession} started (with the token it was
 * sent with), shared by every copy of the bundle.
 */
const restore = pageSingleton('session.restore', () => ({
  restoring: null as Promise<void> | null,
  early: null as { token: string; user: Promise<User> } | null,
}));

/**
 * Starts loading the user of the stored token now, beside the shop's config, rather than once the
 * config has arrived, so the two requests overlap: {@link restoreSession} then takes this answer instead of asking again,
 * as long as the token is still the one it was sent with (a handoff may adopt another meanwhile).
 * Nothing without a token, or once a restore has started. A 401 ends the session as on any call.
 */
export function prefetchSession(): void {
  const token = getAuthToken();
  if (restore.restoring || restore.early || !token) return;
  const early = { token, user: fetchUser() };
  restore.early = early;
  // Its failure is restoreSession's to handle; until then it must not count as unhandled.
  early.user.catch(() => undefined);
}

/**
 * Loads the user from an existing token once per page. Without a token the visitor is a guest; a token
 * the server refuses (or a failed call) also falls back to guest (spec §8), never to an error screen.
 */
export function restoreSession(): Promise<void> {
  restore.restoring ??= (async () => {
    const token = getAuthToken();
    const { early } = restore;
    const prefetched = early?.token === token ? early.user : undefined;
    restore.early = null;
    if (!token) {
      sessionStatus.value = 'guest';
      return;
    }
    sessionStatus.value = 'loading';
    try {
      await admitUser(await (prefetched ?? fetchUser()));
    } catch {
      // A 401 already ended the session (the client's onUnauthorized). Any other failure (offline, a
      // 500, a timeout, a proxy's page) says nothing about the token: it stays for a later try, so the
      // next load restores the user instead of logging them out for a passing fault.
      user.value = null;
      sessionStatus.value = 'guest';
    }
  })();
  return restore.restoring;
}

/** Logs in to the current shop (spec §4: store the token, then load the user). Throws API errors. */
export async function login(email: string, password: string): Promise<User> {
  const website = shop.value;
  if (!website) throw new Error('login needs a loaded shop');
  const { access_token } = await authApi.login({ email, password, website_id: website.id });
  return adoptToken(access_token);
}

/** Stores a token from login or password reset and loads its user (spec §4). */
export async function adoptToken(token: string): Promise<User> {
  setAuthToken(token);
  try {
    const loaded = await fetchUser();
    await admitUser(loaded);
    return loaded;
  } catch (error) {
    clearSession('expired');
    throw error;
  }
}

/** Sets a new password from an e-mailed link; the user is then logged in (spec §4). */
export async function resetPasswordAndLogin(form: ResetPasswordRequest): Promise<User> {
  const { access_token } = await authApi.resetPassword(form);
  return adoptToken(access_token);
}

/** Logs out: the server revokes the token; locally everything is cleared even if that call fails. */
export async function logout(): Promise<void> {
  try {
    if (getAuthToken()) await authApi.logout();
  } catch {
    // Offline or already expired: the local session ends all the same.
  } finally {
    clearSession('logout');
  }
}

/**
 * Reloads the logged-in user, e.g. for current budget balances on the cart screen (another tab may
 * have spent points). A failed call keeps the user shown (a 401 ends the session, as on any call); an
 * answer for somebody else than the user shown now (a switch meanwhile) is ignored.
 */
export async function refreshUser(): Promise<void> {
  const current = user.peek();
  if (!current) return;
  try {
    const next = await fetchUser();
    if (user.peek()?.id === next.id) setUser(next);
  } catch {
    // Offline or a passing failure: the balances shown stay; the server checks them at the order.
  }
}

/** Replaces the loaded user (after a profile update). */
export function updateSessionUser(next: User): void {
  if (user.value) setUser(next);
}

