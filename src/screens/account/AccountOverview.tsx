import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../i18n/index.ts';
import { user } from '../../store/session.ts';
import { isPointsShop } from '../../store/shop.ts';
import { AccountFrame } from './AccountFrame.tsx';

/**
 * Your account (spec §2 `/user`): a greeting and the account menu (Budgets only in points shops, the
 * coordinator area only for coordinators) beside a short overview of what each section holds.
 */
export function AccountOverview(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const me = user.value;
  return (
    <AccountFrame title={t('account.title')}>
      {me && <p>{t('account.welcome', { name: me.name || me.email })}</p>}
      <p>{t('account.overview')}</p>
      {isPointsShop.value && <p>{t('account.overview_budgets')}</p>}
    </AccountFrame>
  );
}
