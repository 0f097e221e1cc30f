import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../i18n/index.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { registerStyles } from '../../theme/styles.ts';
import { LoginFirst } from '../ScreenFrame.tsx';
import { AccountFrame } from './AccountFrame.tsx';
import { AccountInfo } from './details/AccountInfo.tsx';
import css from './details/details.css?inline';
import { PasswordSection } from './details/PasswordForm.tsx';
import { ProfileForm } from './details/ProfileForm.tsx';

registerStyles('account-details', css);

/**
 * Account details (spec §2 `/user/account-details`): the profile form (`PUT /api/user/update`; a new
 * e-mail address needs the current password and takes effect from a mailed link), the
 * change-password form (`POST /api/user/changePassword`) and what the account holds that only the
 * coordinator changes. Both forms keep their state with `useFormState` (src/screens/use-form-state.ts): the
 * contract's rules on blur and submit, server field errors on their fields, focus on the first invalid
 * field. Until the session is known the frame is busy; a guest is asked to log in.
 */
export function AccountDetails(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const me = user.value;
  const status = sessionStatus.value;
  if (!me) {
    return (
      <AccountFrame title={t('account.details')} className="shop-account-details" busy={status === 'unknown' || status === 'loading'}>
        {status === 'guest' && <LoginFirst />}
      </AccountFrame>
    );
  }
  return (
    <AccountFrame title={t('account.details')} className="shop-account-details">
      <ProfileForm key={me.id} me={me} />
      <PasswordSection email={me.email} />
      <AccountInfo me={me} />
    </AccountFrame>
  );
}
