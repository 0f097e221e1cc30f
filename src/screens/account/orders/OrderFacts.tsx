import { useSignals } from '@preact/signals-react/runtime';
import { useId, type ReactNode } from 'react';
import type { Order } from '../../../contract/contract.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { basisSuffix, orderViewTotals } from './order-view.ts';
import { FactRow } from '../../FactRow.tsx';
import { AddressLines } from '../../checkout/delivery/AddressFields.tsx';

/** A titled block of the order. */
function Block({ title, children }: { title: string; children: ReactNode }) {
  useSignals();
  const id = useId();
  return (
    <section className="shop-order__section" aria-labelledby={id}>
      <h2 id={id} className="shop-order__section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What the order was placed with: delivery method, its cost and the delivery address (or pickup),
 * the billing address, the contact, payment method and status, the cost centre and the comment.
 */
export function OrderFacts({ order }: { order: Order }) {
  useSignals();
  const contact = order.contact;
  const method = order.delivery_method;
  const delivery = orderViewTotals(order).delivery;
  const name = [contact.name, contact.surname].filter(Boolean).join(' ');
  return (
    <>
      <div className="shop-order__facts">
        <Block title={t('orders.screen.delivery_title')}>
          <dl className="shop-order__list">
            <FactRow term={t('checkout.delivery_method')}>{method.name || t(`checkout.delivery_methods.${method.type}`)}</FactRow>
            <FactRow term={`${t('orders.screen.delivery_cost')}${basisSuffix(order)}`}>{delivery === 0 ? t('checkout.free') : formatMoney(delivery, order.currency)}</FactRow>
            <FactRow term={t('checkout.delivery_address')}>{order.delivery_address ? <AddressLines className="shop-order__address" address={order.delivery_address} /> : t('orders.screen.pickup')}</FactRow>
          </dl>
        </Block>
        <Block title={t('checkout.billing_address')}>
          {order.billing_address ? <AddressLines className="shop-order__address" address={order.billing_address} /> : <p className="shop-orders__message">{t('orders.screen.billing_none')}</p>}
        </Block>
        <Block title={t('orders.screen.contact_title')}>
          <dl className="shop-order__list">
            {name && <FactRow term={t('orders.screen.name')}>{name}</FactRow>}
            {contact.email && <FactRow term={t('checkout.contact.email')}>{contact.email}</FactRow>}
            {contact.phone && <FactRow term={t('checkout.contact.phone')}>{contact.phone}</FactRow>}
            {contact.fax && <FactRow term={t('checkout.contact.fax')}>{contact.fax}</FactRow>}
            {contact.job_title && <FactRow term={t('checkout.contact.job_title')}>{contact.job_title}</FactRow>}
            {contact.buyer_id && <FactRow term={t('checkout.contact.buyer_id')}>{contact.buyer_id}</FactRow>}
          </dl>
        </Block>
        <Block title={t('orders.screen.payment_title')}>
          <dl className="shop-order__list">
            <FactRow term={t('checkout.payment_method')}>{t(`checkout.payment_methods.${order.payment_method}`)}</FactRow>
            <FactRow term={t('orders.screen.payment_status')}>{t(`orders.payment_status.${order.payment_status}`)}</FactRow>
            {order.mpk_code && <FactRow term={t('orders.screen.mpk')}>{order.mpk_code}</FactRow>}
          </dl>
        </Block>
      </div>
      {order.comment.trim() !== '' && (
        <Block title={t('orders.comment')}>
          <p className="shop-order__comment">{order.comment}</p>
        </Block>
      )}
    </>
  );
}
