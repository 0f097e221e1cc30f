import { useState } from 'react';
import { useEmit } from '../../kit/element-context.tsx';
import { t } from '../../i18n/index.ts';
import { showAlert } from '../../store/alerts.ts';
import { logout } from '../../store/session.ts';

/**
 * Log out as an element offers it (the storefront's account menu, `<shop-login>` once signed in): the
 * session ends (the API call, then locally even when the call fails), `shop-logout` fires from the
 * element and a toast says so. `busy` while the call runs; a second press meanwhile does nothing and
 * answers false.
 */
export function useLogOut(): { busy: boolean; logOut: () => Promise<boolean> } {
  const emit = useEmit();
  const [busy, setBusy] = useState(false);
  const logOut = async (): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
    }
    emit('shop-logout', {});
    showAlert({ type: 'success', content: t('notices.logged_out') });
    return true;
  };
  return { busy, logOut };
}
