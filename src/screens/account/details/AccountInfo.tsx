import { useSignals } from '@preact/signals-react/runtime';
import { Fragment } from 'react';
import type { User } from '../../../contract/contract.ts';
import { t } from '../../../i18n/index.ts';
import { DetailsSection } from './DetailsSection.tsx';

/**
 * What the account holds but the user cannot edit here (set at registration or by the coordinator):
 * the role, buyer ID, cost centre and the coordinator's e-mail. Empty values are left out.
 */
export function AccountInfo({ me }: { me: User }) {
  useSignals();
  const rows: [string, string][] = [
    [t('account.details_screen.role'), t(`account.role.${me.role}`)],
    [t('auth.buyer_id'), me.buyer_id],
    [t('auth.cost_center'), me.cost_center],
    [t('auth.coordinator_email'), me.coordinator_email ?? ''],
  ];
  return (
    <DetailsSection title={t('account.details_screen.account_info_title')} intro={t('account.details_screen.account_info_intro')}>
      <dl className="shop-account-details__info">
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
      </dl>
    </DetailsSection>
  );
}
