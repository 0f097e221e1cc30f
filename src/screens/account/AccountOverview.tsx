import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '../../app/router.tsx';
import { t } from '../../i18n/index.ts';
import { isCoordinator, user } from '../../store/session.ts';
import { isPointsShop } from '../../store/shop.ts';

/**
 * Your account (spec §2 `/user`): a greeting and links to each section of the account menu; Budgets
 * only in points shops, the coordinator area only for coordinators.
 */
export function AccountOverview() {
  useSignals();
  const me = user.value;
  const sections: { to: string; label: string }[] = [
    { to: '/user/orders', label: t('account.orders') },
    { to: '/user/account-details', label: t('account.details') },
    { to: '/user/addresses', label: t('account.addresses') },
    ...(isPointsShop.value ? [{ to: '/user/budgets', label: t('account.budgets') }] : []),
    ...(isCoordinator.value ? [{ to: '/user/coordinator', label: t('account.coordinator_area') }] : []),
  ];
  return (
    <section className="shop-screen" aria-labelledby="account-title">
      <h1 id="account-title" tabIndex={-1} data-screen-heading>
        {t('account.title')}
      </h1>
      {me && <p>{t('account.welcome', { name: me.name || me.email })}</p>}
      <p>{t('account.overview')}</p>
      {isPointsShop.value && <p>{t('account.overview_budgets')}</p>}
      <nav aria-label={t('account.menu')}>
        <ul className="shop-link-list">
          {sections.map((section) => (
            <li key={section.to}>
              <Link to={section.to}>{section.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
