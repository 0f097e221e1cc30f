import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';

/** One link of the account menu. */
export interface AccountMenuLink {
  to: string;
  label: string;
}

/**
 * The account menu's links for the current shop and user (spec §2 "Account menu"): Order history,
 * Account details and Addresses always; Budgets only in a points (pkt) shop; the Coordinator area
 * only for coordinators.
 */
export function accountMenuLinks(options: { pointsShop: boolean; coordinator: boolean }): AccountMenuLink[] {
  return [
    { to: buildPath('user-orders'), label: t('account.orders') },
    { to: buildPath('user-account-details'), label: t('account.details') },
    { to: buildPath('user-addresses'), label: t('account.addresses') },
    ...(options.pointsShop ? [{ to: buildPath('user-budgets'), label: t('account.budgets') }] : []),
    ...(options.coordinator ? [{ to: buildPath('coordinator'), label: t('account.coordinator_area') }] : []),
  ];
}
